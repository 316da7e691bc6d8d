import { createHash } from 'node:crypto';
import { expect } from 'vitest';

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

function sources(policy: string, directive: string): string[] {
  const found = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return found?.slice(1) ?? [];
}

function hashOf(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * A server-rendered page for a person (lib/person-page.ts): a whole HTML document with a title
 * and a viewport, whose policy allows its own inline style and script by hash and loads nothing
 * from elsewhere. Returns the page's text without tags, to check what it says.
 */
export function expectPersonPage(answer: Answer, status: number, origin?: string): string {
  const where = `${answer.statusCode} ${answer.body.slice(0, 200)}`;
  expect(answer.statusCode, where).toBe(status);
  expect(answer.headers['content-type'], where).toMatch(/^text\/html/);
  expect(answer.headers['cache-control']).toBe('no-store');
  const html = answer.body;
  expect(html).toMatch(/^<!doctype html><html lang="en"><head><meta charset="utf-8">/);
  expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
  expect(html).toMatch(/<title>[^<]+ · ReelScore<\/title>/);
  expect(html).toMatch(/<\/html>$/);

  const policy = String(answer.headers['content-security-policy'] ?? '');
  expect(sources(policy, 'default-src')).toEqual(["'none'"]);
  expect(sources(policy, 'base-uri')).toEqual(["'none'"]);
  expect(sources(policy, 'frame-ancestors')).toEqual(["'none'"]);
  expect(sources(policy, 'form-action')).toEqual(["'self'"]);
  expect(sources(policy, 'img-src')).toEqual(["'self'"]);
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
  expect(styles).toHaveLength(1);
  expect(sources(policy, 'style-src')).toEqual(styles.map(hashOf));
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  expect(sources(policy, 'script-src')).toEqual(
    scripts.length > 0 ? scripts.map(hashOf) : ["'none'"],
  );
  // Nothing from another origin: every reference is on this site (`origin`) or a mail address.
  for (const [, reference] of html.matchAll(/\b(?:href|src|action)="([^"]*)"/g)) {
    const sameSite =
      /^\/(?!\/)/.test(reference!) || (origin !== undefined && reference!.startsWith(`${origin}/`));
    expect(sameSite || reference!.startsWith('mailto:'), reference).toBe(true);
  }
  return html
    .replace(/<(style|script)>[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ')
    .trim();
}
