import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeSecret, unsubscribeUrl } from './platform/links/unsubscribe-token.ts';
import { dataRequestUrl } from './platform/links/data-request-token.ts';
import { CONFIRMATION_TEMPLATE } from './features/waitlist/confirmation-repository.ts';
import { confirmationUrl, type ConfirmationParams } from './platform/links/confirmation-token.ts';
import { insertSignup } from './features/waitlist/signup-repository.ts';
import { testDatabaseKinds } from './test/databases.ts';
import { startTestApp, type TestApp } from './test/test-app.ts';

const kinds = await testDatabaseKinds();

/**
 * Accept headers that must get the page: none, wildcards, HTML first or only, what browsers,
 * mail apps, link scanners and plain HTTP tools send, and headers that name neither answer or
 * cannot be read.
 */
const PAGE: (string | undefined)[] = [
  undefined,
  '',
  '*/*',
  'text/*',
  'text/html',
  'TEXT/HTML',
  'text/html;q=0.9',
  'application/json;q=0.5, text/html',
  'application/json;q=0.5, */*',
  'Application/JSON;q=0.5, Text/Html',
  'text/html, application/json',
  // Chrome and Edge, Firefox, Safari, Internet Explorer 11 following a link.
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'text/html, application/xhtml+xml, image/jxr, */*',
  // Outlook and older Windows components, mail link scanners (Safe Links, Proofpoint,
  // Barracuda, Mimecast), curl, wget and most HTTP libraries.
  'image/gif, image/jpeg, image/pjpeg, application/x-ms-application, application/xaml+xml, application/x-ms-xbap, */*',
  'text/html, application/xhtml+xml, */*',
  'text/html,*/*;q=0.8',
  '*/*;q=0.8',
  '*; q=.2',
  '*/*, text/html',
  // Neither offered, both refused, or not readable.
  'text/plain',
  'image/png',
  'application/xml',
  'application/problem+json',
  'application/json;q=0',
  'text/html;q=0, application/json;q=0',
  'junk',
  ';;;',
  ',,,',
  '"',
  'text/html;q=abc',
  'application/json;q=abc',
  '/json',
  'application/',
  'text/html;q=0.5;q=1',
  'x'.repeat(2000),
  'text/html\u00e9',
];

/** Accept headers of clients that prefer JSON: each must get JSON. */
const JSON_FIRST = [
  'application/json',
  'APPLICATION/JSON',
  'application/json; charset=utf-8',
  'application/*',
  'text/html;q=0, application/json',
  'text/html;q=0.4, application/json;q=0.5',
  'application/json, text/html',
  'application/json, text/plain, */*',
  '*/*;q=0.1, application/json',
  'text/*;q=0.5, application/json',
];

/** The media type of an answer: `text/html` or `application/json`. */
function mediaTypeOf(answer: { headers: Record<string, unknown> }) {
  return String(answer.headers['content-type']).split(';', 1)[0];
}

describe.each(kinds)('pages for people on links from mails, by Accept, on $name', (kind) => {
  let testApp: TestApp;
  let client = 0;
  const links: Record<string, { method: 'GET' | 'POST'; url: string; status: number }> = {};

  /** Each from its own address, so the routes' per-client limits stay out of the way. */
  const open = (link: { method: 'GET' | 'POST'; url: string }, accept: string | undefined) => {
    const options: InjectOptions = {
      method: link.method,
      url: link.url,
      remoteAddress: `10.30.${Math.floor(++client / 250)}.${client % 250}`,
      headers: accept === undefined ? {} : { accept },
    };
    return testApp.app.inject(options);
  };

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const db = testApp.app.database.db;
    const { publicUrl, mail } = testApp.app.config;
    const secret = await unsubscribeSecret(db, mail);
    const person = 'link-follower@example.com';
    await insertSignup(
      db,
      { email: person, program: 'CLOSED_ALPHA', source: 'general' },
      new Date(),
      'mail',
    );
    const row = await db
      .selectFrom('mail_outbox')
      .select('params')
      .where('to_address', '=', person)
      .where('template', '=', CONFIRMATION_TEMPLATE)
      .executeTakeFirstOrThrow();
    const path = (href: string) => new URL(href).pathname + new URL(href).search;
    const confirm = path(
      confirmationUrl(publicUrl, secret, JSON.parse(row.params) as ConfirmationParams),
    );
    const unsubscribe = path(unsubscribeUrl(publicUrl, secret, person));
    links['the confirmation page'] = { method: 'GET', url: confirm, status: 200 };
    links['a cut confirmation link'] = { method: 'GET', url: confirm.slice(0, -3), status: 400 };
    links['the data-request page'] = {
      method: 'GET',
      url: path(dataRequestUrl(publicUrl, secret, person)),
      status: 200,
    };
    links['the unsubscribe page'] = { method: 'GET', url: unsubscribe, status: 200 };
    links['a cut unsubscribe link'] = { method: 'GET', url: unsubscribe.slice(0, -3), status: 400 };
    links['the one-click unsubscribe'] = { method: 'POST', url: unsubscribe, status: 200 };
  });
  afterAll(() => testApp.close());

  it('answers the page unless the client prefers JSON', async () => {
    for (const [name, link] of Object.entries(links)) {
      for (const accept of PAGE) {
        const answer = await open(link, accept);
        const where = `${name}, Accept: ${String(accept).slice(0, 80)}`;
        expect(answer.statusCode, where).toBe(link.status);
        expect(mediaTypeOf(answer), where).toBe('text/html');
        expect(answer.body, where).toMatch(/^<!doctype html>/);
      }
    }
  });

  it('answers JSON to a client that prefers it', async () => {
    for (const [name, link] of Object.entries(links)) {
      // The unsubscribe page itself is a page for everyone; only its refusals negotiate.
      if (name === 'the unsubscribe page') continue;
      for (const accept of JSON_FIRST) {
        const answer = await open(link, accept);
        const where = `${name}, Accept: ${accept}`;
        expect(answer.statusCode, where).toBe(link.status);
        expect(mediaTypeOf(answer), where).toBe('application/json');
        const body = answer.json<Record<string, unknown>>();
        expect(link.status === 200 ? body.success : body.error, where).toBeTruthy();
      }
    }
  });
});
