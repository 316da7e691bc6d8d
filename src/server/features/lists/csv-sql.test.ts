import { Readable } from 'node:stream';
import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { copyTextLines, inlineParameters } from './csv-sql.ts';

async function lines(...chunks: string[]): Promise<string> {
  const source = Readable.from(chunks.map((chunk) => Buffer.from(chunk, 'latin1')));
  const out: Buffer[] = [];
  for await (const chunk of copyTextLines(source)) out.push(chunk);
  return Buffer.concat(out).toString('latin1');
}

describe('COPY text output as CSV lines', () => {
  it('undoes every backslash sequence COPY writes, each row a CRLF line', async () => {
    expect(await lines('a,b\\r\n"\'\\r",c\\\\d\\t\\b\\f\\v\\n\\r\n')).toBe(
      'a,b\r\n"\'\r",c\\d\t\b\f\v\n\r\n',
    );
  });

  it('carries a backslash split from its letter into the next chunk', async () => {
    expect(await lines('x\\', 'ry\\r\n', 'z\\', '\\\\r\n', '\\', 'r\n')).toBe(
      'x\ry\r\nz\\\r\n\r\n',
    );
  });

  it('passes a chunk without a backslash on as it is', async () => {
    expect(await lines('plain,row', 'more\n')).toBe('plain,rowmore\n');
  });

  it('passes bytes beyond ASCII through unchanged', async () => {
    const utf8 = Buffer.from('zoë@exämple.com\\r\n', 'utf8').toString('latin1');
    expect(Buffer.from(await lines(utf8), 'latin1').toString('utf8')).toBe('zoë@exämple.com\r\n');
  });
});

describe('inlineParameters', () => {
  it('writes each value as a quoted literal in place of its placeholder', () => {
    const query = CompiledQuery.raw('select $1, $2, $3, $10', [
      "it's",
      'back\\slash',
      new Date(Date.UTC(2026, 0, 2)),
      ...Array.from({ length: 6 }, () => ''),
      7,
    ]);
    expect(inlineParameters(query)).toBe(
      "select 'it''s',  E'back\\\\slash', '2026-01-02T00:00:00.000Z', '7'",
    );
  });

  it('refuses a placeholder without a value, and values it cannot write', () => {
    expect(() => inlineParameters(CompiledQuery.raw('select $2', ['a']))).toThrow('No value');
    expect(() => inlineParameters(CompiledQuery.raw('select $1', [{}]))).toThrow('Cannot write');
  });
});
