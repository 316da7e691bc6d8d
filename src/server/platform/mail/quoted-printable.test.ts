import { encode, wrap } from 'nodemailer/lib/qp/index.js';
import { describe, expect, it } from 'vitest';
import { qpWrap } from './quoted-printable.ts';

/** A small deterministic generator, so a failure names the seed that found it. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

/** Pieces that steer every rule: line ends, break characters, escapes, UTF-8, long words. */
const PIECES = [
  'a',
  'word',
  'x'.repeat(90),
  ' ',
  '\t',
  '.',
  ',',
  '!',
  '?',
  '\n',
  '\r\n',
  '\r',
  '=',
  'é',
  '€',
  '😀',
  '\u2028',
  '\u00a0\u200c\u200b\u200d\u200e\u200f\ufeff',
  '<td style="padding:0">',
  'https://example.com/a?b=c&d=e',
];

function body(next: () => number): string {
  const parts: string[] = [];
  const count = Math.floor(next() * 120);
  for (let n = 0; n < count; n++) parts.push(PIECES[Math.floor(next() * PIECES.length)]!);
  return parts.join('');
}

describe('qpWrap', () => {
  it('breaks encoded bodies exactly as nodemailer does', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const next = random(seed);
      const encoded = encode(body(next));
      for (const lineLength of [76, 40, 10]) {
        expect(qpWrap(encoded, lineLength), `seed ${seed}, line ${lineLength}`).toBe(
          wrap(encoded, lineLength),
        );
      }
    }
  });

  it('breaks any text as nodemailer does, escapes cut at the end and lower-case hex included', () => {
    const alphabet = [
      '=',
      '=3D',
      '=e2',
      '=C3',
      '=C0',
      '=a9',
      'A',
      'f',
      ' ',
      '.',
      '\n',
      '\r',
      '\r\n',
    ];
    for (let seed = 1; seed <= 3000; seed++) {
      const next = random(seed);
      const count = Math.floor(next() * 80);
      let text = '';
      for (let n = 0; n < count; n++) text += alphabet[Math.floor(next() * alphabet.length)];
      for (const lineLength of [76, 12, 4]) {
        expect(qpWrap(text, lineLength), `seed ${seed}, line ${lineLength}`).toBe(
          wrap(text, lineLength),
        );
      }
    }
  });
});
