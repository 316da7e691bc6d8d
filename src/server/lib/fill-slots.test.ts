import { describe, expect, it } from 'vitest';
import { DOLLAR_PATTERNS } from '../test/dollar-patterns.ts';
import { fillSlots } from './fill-slots.ts';

const TEMPLATE = 'before <a>__A__</a> middle <b>__B__</b> after';

describe('filling slots in a template', () => {
  it('puts every value in as it is, $ patterns included', () => {
    for (const pattern of DOLLAR_PATTERNS) {
      const value = `x${pattern}y`;
      const filled = fillSlots(
        TEMPLATE,
        new Map([
          ['__A__', value],
          ['__B__', pattern],
        ]),
      );
      expect(filled, pattern).toBe(`before <a>${value}</a> middle <b>${pattern}</b> after`);
    }
  });

  it('never fills a slot that a value brought in', () => {
    const filled = fillSlots(
      TEMPLATE,
      new Map([
        ['__A__', '__B__'],
        ['__B__', '__A__'],
      ]),
    );
    expect(filled).toBe('before <a>__B__</a> middle <b>__A__</b> after');
  });

  it('fills a slot that begins with another one as itself', () => {
    const filled = fillSlots(
      'x/confirm y/confirmUrl',
      new Map([
        ['x/confirm', '1'],
        ['y/confirmUrl', '2'],
        ['y/confirm', '3'],
      ]),
    );
    expect(filled).toBe('1 2');
  });

  it('reads slot names with regular-expression characters literally', () => {
    expect(
      fillSlots(
        'a.b a*b (x)',
        new Map([
          ['a.b', '1'],
          ['(x)', '$&'],
        ]),
      ),
    ).toBe('1 a*b $&');
  });
});
