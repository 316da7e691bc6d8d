import { describe, expect, it } from 'vitest';
import { analyticsCookieNames, expiringCookieAssignments } from './analytics-cookies.ts';

describe('analytics cookies', () => {
  it('finds only Google Analytics cookies', () => {
    expect(
      analyticsCookieNames(
        'theme=dark; _ga=GA1.1.1.2; _ga_TEST000001=GS1; _gid=x; _gat_UA=1; _gax=1',
      ),
    ).toEqual(['_ga', '_ga_TEST000001', '_gid', '_gat_UA']);
    expect(analyticsCookieNames('')).toEqual([]);
  });

  it('expires a cookie on the host and each parent domain', () => {
    expect(expiringCookieAssignments('_ga', 'www.reelscore.app')).toEqual([
      '_ga=; Max-Age=0; Path=/',
      '_ga=; Max-Age=0; Path=/; Domain=www.reelscore.app',
      '_ga=; Max-Age=0; Path=/; Domain=reelscore.app',
    ]);
    expect(expiringCookieAssignments('_ga', 'localhost')).toEqual(['_ga=; Max-Age=0; Path=/']);
  });
});
