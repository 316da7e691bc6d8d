import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditResponse, ImportResult } from '../../../contract/admin-insights.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { signedUp } from '../../test/admin-test-data.ts';
import { importDate, IMPORT_NO_EMAIL_COLUMN_MESSAGE } from './csv-import.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';
const VIEWER = 'onlooker@example.com';

const LEGACY = [
  'Email,Type,Source,Created_At,Referrer',
  'ada@example.com,BETA,hero-top,2024-03-01T09:30:00Z,newsletter',
  '  Known@Example.com ,CLOSED_ALPHA,general,2024-03-02,',
  'not-an-address,BETA,general,2024-03-03,',
  'ben@example.com,GAMMA,general,2024-03-04,',
  'cy@example.com,,,2024-03-05 10:00,',
  'ada@example.com,BETA,general,2024-03-06,',
  'dee@example.com,OPEN_BETA,billboard,2024-03-07,',
  'eve@example.com,BETA,general,2024-02-30,',
  '',
  'fay@example.com,BETA,general,2999-01-01,',
  'gus@example.com,OPEN_BETA,get-app-top,2024-03-08T12:00:00+02:00,',
].join('\r\n');

describe('import dates', () => {
  it.each([
    ['2024-03-01', '2024-03-01T00:00:00.000Z'],
    ['2024-03-01T09:30:00Z', '2024-03-01T09:30:00.000Z'],
    ['2024-03-01T09:30', '2024-03-01T09:30:00.000Z'],
    ['2024-03-01 09:30:15.250', '2024-03-01T09:30:15.250Z'],
    ['2024-03-01T09:30:00+02:00', '2024-03-01T07:30:00.000Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(importDate(text)?.toISOString()).toBe(iso);
  });
  it.each(['', '01/03/2024', '2024-02-30', '2024-13-01', 'yesterday', '2024-03-01T25:00'])(
    'refuses %j',
    (text) => {
      expect(importDate(text)).toBeUndefined();
    },
  );
});

describe.each(kinds)('CSV import of a legacy waitlist on $name', (kind) => {
  let testApp: TestApp;
  let admin: Record<string, string>;
  const post = (body: string, query = '', headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/admin/signups/import${query}`,
      payload: body,
      headers: { ...admin, 'content-type': 'text/csv; charset=utf-8', ...headers },
    });
  const signupCount = async () =>
    Number(
      (
        await testApp.app.database.db
          .selectFrom('signups')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const result = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ImportResult>();
  };

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    testApp.app.config.adminEmails = new Set([ADMIN]);
    testApp.app.config.viewerEmails = new Set([VIEWER]);
    await signedUp(testApp.app.database.db, 'known@example.com', new Date('2025-01-01'));
    admin = (await adminHeaders(testApp.app, ADMIN)).headers;
  });
  afterAll(() => testApp.close());

  it('previews a dry run with counts and the reason of every refused line, writing nothing', async () => {
    const before = await signupCount();
    const preview = result(await post(LEGACY, '?dryRun=true'));
    expect(preview).toEqual({
      dryRun: true,
      lines: 10,
      created: 3,
      known: 2,
      invalid: 5,
      errors: [
        { line: 4, message: 'Please enter a valid email address: "not-an-address"' },
        { line: 5, message: 'type must be one of CLOSED_ALPHA, BETA, OPEN_BETA' },
        {
          line: 8,
          message: expect.stringMatching(/^source must be a signup form: general, hero-top/),
        },
        {
          line: 9,
          message: 'created_at must be an ISO 8601 date or time, e.g. 2025-03-01T09:30:00Z',
        },
        { line: 11, message: 'created_at must not be in the future' },
      ],
    });
    expect(await signupCount()).toBe(before);
    const audit = await testApp.app.database.db.selectFrom('audit_log').selectAll().execute();
    expect(audit).toEqual([]);
  });

  it('imports the valid new lines with their original dates, skips known ones, and audits it', async () => {
    const done = result(await post(LEGACY));
    expect(done).toMatchObject({ dryRun: false, lines: 10, created: 3, known: 2, invalid: 5 });
    const db = testApp.app.database.db;
    const rows = await db
      .selectFrom('signups')
      .select(['email', 'program', 'source', 'created_at', 'confirmed_at', 'signup_count'])
      .where('email', 'in', ['ada@example.com', 'cy@example.com', 'gus@example.com'])
      .orderBy('email')
      .execute();
    expect(
      rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() })),
    ).toEqual([
      {
        email: 'ada@example.com',
        program: 'BETA',
        source: 'hero-top',
        created_at: '2024-03-01T09:30:00.000Z',
        confirmed_at: null,
        signup_count: 1,
      },
      {
        email: 'cy@example.com',
        program: testApp.app.config.signupProgram,
        source: 'general',
        created_at: '2024-03-05T10:00:00.000Z',
        confirmed_at: null,
        signup_count: 1,
      },
      {
        email: 'gus@example.com',
        program: 'OPEN_BETA',
        source: 'get-app-top',
        created_at: '2024-03-08T10:00:00.000Z',
        confirmed_at: null,
        signup_count: 1,
      },
    ]);
    const known = await db
      .selectFrom('signups')
      .select(['program', 'created_at'])
      .where('email', '=', 'known@example.com')
      .executeTakeFirstOrThrow();
    expect(new Date(known.created_at).toISOString()).toBe('2025-01-01T00:00:00.000Z');
    const audit = await testApp.app.inject({
      url: '/api/admin/audit?action=signups.import',
      headers: admin,
    });
    expect(audit.json<AuditResponse>().entries).toEqual([
      expect.objectContaining({
        actor: ADMIN,
        action: 'signups.import',
        target: '10 lines: 3 created, 2 known, 5 invalid',
      }),
    ]);
    // The same file again: everything valid is known now.
    expect(result(await post(LEGACY))).toMatchObject({ created: 0, known: 5, invalid: 5 });
  });

  it('reads its own export back: the same addresses, programmes, forms and dates', async () => {
    const db = testApp.app.database.db;
    await signedUp(db, '=cmd@example.com', new Date('2024-05-01T08:00:00Z'), {
      program: 'OPEN_BETA',
      source: 'get-extension-top',
    });
    const exported = await testApp.app.inject({
      url: '/api/admin/signups/export?sort=email',
      headers: admin,
    });
    const columns = (csv: string) =>
      parse<Record<string, string>>(csv, { columns: true }).map((row) => [
        row.email,
        row.type,
        row.source,
        row.created_at,
      ]);
    const before = columns(exported.body);
    expect(before).toContainEqual([
      "'=cmd@example.com",
      'OPEN_BETA',
      'get-extension-top',
      '2024-05-01T08:00:00.000Z',
    ]);
    await db.deleteFrom('signups').execute();
    expect(result(await post(exported.body))).toMatchObject({
      created: before.length,
      known: 0,
      invalid: 0,
      errors: [],
    });
    const again = await testApp.app.inject({
      url: '/api/admin/signups/export?sort=email',
      headers: admin,
    });
    expect(columns(again.body)).toEqual(before);
  });

  it('refuses what is not a CSV waitlist, and changes nothing', async () => {
    const before = await signupCount();
    const tooBig = await post(`email,created_at\r\n${'x'.repeat(5 * 1024 * 1024)}`);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: expect.any(String) });
    const lines = ['email,created_at'];
    for (let n = 0; n <= 100_000; n++) lines.push(`p${n}@x.io,2024-01-01`);
    const tooLong = await post(lines.join('\n'));
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json()).toEqual({
      message: 'The file has more than 100,000 lines; split it.',
    });
    const json = await post('{"email":"a@example.com"}', '', {
      'content-type': 'application/json',
    });
    expect(json.statusCode).toBe(415);
    const headerless = await post('a@example.com,2024-01-01\r\n');
    expect(headerless.statusCode).toBe(400);
    expect(headerless.json()).toEqual({ message: IMPORT_NO_EMAIL_COLUMN_MESSAGE });
    const broken = await post('email,created_at\r\n"a@example.com,2024-01-01\r\n');
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ message: string }>().message).toMatch(/^The file is not valid CSV: /);
    expect((await post(LEGACY, '?dryRun=maybe')).statusCode).toBe(400);
    const { headers: viewer } = await adminHeaders(testApp.app, VIEWER);
    const asViewer = await post(LEGACY, '', viewer);
    expect(asViewer.statusCode).toBe(403);
    expect(await signupCount()).toBe(before);
  });
});
