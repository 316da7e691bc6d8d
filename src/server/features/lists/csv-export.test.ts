import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignupsResponse, UsersResponse } from '../../../contract/admin.ts';
import type { AuditResponse } from '../../../contract/admin-insights.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startListeningApp } from '../../test/listening-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { registered, whitelisted } from '../../test/admin-test-data.ts';
import { csvLines } from './csv.ts';
import { EXPORT_BATCH_SIZE, SIGNUP_CSV_COLUMNS, USER_CSV_COLUMNS } from './csv-export.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';
const VIEWER = 'onlooker@example.com';
/** More rows than two batches, so the export reads the database three times at least. */
const ROWS = EXPORT_BATCH_SIZE * 2 + 37;
const START = Date.UTC(2026, 0, 1);

describe('CSV cells', () => {
  it.each(['=', '+', '-', '@', '\t', '\r'])(
    'neutralises a cell starting with %j: a leading quote, and the cell quoted',
    (prefix) => {
      const value = `${prefix}SUM(A1:A9)`;
      const line = csvLines([['plain', value]]);
      expect(line).toBe(`plain,"'${value}"\r\n`);
      expect(parse(line)).toEqual([['plain', `'${value}`]]);
    },
  );

  it('quotes as RFC 4180 says and leaves other cells alone', () => {
    expect(csvLines([['a,b', 'say "hi"', 'line\nbreak', 'x=1', '', 'a-b', 5, true, null]])).toBe(
      '"a,b","say ""hi""","line\nbreak",x=1,,a-b,5,true,\r\n',
    );
  });
});

describe.each(kinds)('CSV export of the admin lists on $name', (kind) => {
  let testApp: TestApp & { origin: string };
  let admin: Record<string, string>;

  beforeAll(async () => {
    testApp = await startListeningApp(kind);
    testApp.app.config.adminEmails = new Set([ADMIN]);
    testApp.app.config.viewerEmails = new Set([VIEWER]);
    const db = testApp.app.database.db;
    const rows = Array.from({ length: ROWS }, (_, n) => {
      const at = new Date(START + n * 60_000).toISOString();
      return {
        id: uuidV7(START + n * 60_000),
        email: `person${String(n).padStart(5, '0')}@example.com`,
        program: n % 3 === 0 ? 'BETA' : 'CLOSED_ALPHA',
        source: n % 2 === 0 ? 'general' : 'hero-top',
        created_at: at,
        last_signup_at: at,
        confirmed_at: n % 5 === 0 ? at : null,
      };
    });
    for (let start = 0; start < rows.length; start += 500) {
      await db
        .insertInto('signups')
        .values(rows.slice(start, start + 500))
        .execute();
    }
    // Values a spreadsheet would run, in every column an import could bring them in by.
    const hostile = ['=HYPERLINK("http://evil")', '+1', '-2', '@SUM(A1)', '\tTAB', '\rCR'];
    await db
      .insertInto('signups')
      .values(
        hostile.map((value, n) => ({
          id: uuidV7(START - (n + 1) * 60_000),
          email: `${['=', '+', '-', '@', 'tab', 'cr'][n]}x${n}@example.com`,
          program: value,
          source: value,
          created_at: new Date(START - (n + 1) * 60_000).toISOString(),
          last_signup_at: null,
          confirmed_at: null,
        })),
      )
      .execute();
    await whitelisted(db, 'person00003@example.com', new Date(START + 10 * 86_400_000));
    await registered(db, 'person00003@example.com', new Date(START + 11 * 86_400_000));
    await whitelisted(db, 'guest@example.com', new Date(START + 12 * 86_400_000));
    admin = (await adminHeaders(testApp.app, ADMIN)).headers;
  });
  afterAll(() => testApp.close());

  const download = async (path: string, headers = admin) => {
    const response = await fetch(`${testApp.origin}${path}`, { headers });
    const chunks: number[] = [];
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value.length);
    }
    return { response, chunks };
  };
  const text = async (path: string, headers = admin) => {
    const response = await fetch(`${testApp.origin}${path}`, { headers });
    return { response, body: await response.text() };
  };

  it('streams every signup in the list order as dated CSV, in several chunks', async () => {
    const { response, chunks } = await download('/api/admin/signups/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="signups-${today}.csv"`,
    );
    expect(chunks.length).toBeGreaterThan(2);

    const { body } = await text('/api/admin/signups/export');
    const records = parse(body);
    expect(records[0]).toEqual([...SIGNUP_CSV_COLUMNS]);
    expect(records).toHaveLength(1 + ROWS + 6);
    // Newest first, as the list.
    expect(records[1]![1]).toBe(`person${String(ROWS - 1).padStart(5, '0')}@example.com`);
    expect(body.endsWith('\r\n')).toBe(true);
  });

  it('exports exactly the rows and values the list shows for the same filters', async () => {
    for (const query of [
      'type=BETA&sort=email&order=desc',
      'whitelisted=true',
      'confirmation=confirmed&source=general&from=2026-01-02',
      'search=person0000',
    ]) {
      const { body } = await text(`/api/admin/signups/export?${query}`);
      const records = parse<Record<string, string>>(body, { columns: true });
      const listed: SignupsResponse['signups'] = [];
      for (let offset = 0; ; offset += 100) {
        const page = await fetch(
          `${testApp.origin}/api/admin/signups?${query}&limit=100&offset=${offset}`,
          { headers: admin },
        ).then((response) => response.json() as Promise<SignupsResponse>);
        listed.push(...page.signups);
        if (page.signups.length < 100) break;
      }
      expect(records.length, query).toBe(listed.length);
      expect(
        records.map((record) => ({
          id: record.id,
          email: record.email,
          type: record.type,
          source: record.source,
          createdAt: record.created_at,
          ...(record.registered_at ? { registeredAt: record.registered_at } : {}),
          isWhitelisted: record.whitelisted === 'true',
          lastSignupAt: record.last_signup_at,
          signupCount: Number(record.signup_count),
          ...(record.confirmed_at ? { confirmedAt: record.confirmed_at } : {}),
          ...(record.place ? { place: Number(record.place) } : {}),
          ...(Number(record.referrals) > 0 ? { referrals: Number(record.referrals) } : {}),
          ...(record.wants ? { products: record.wants.split(',') } : {}),
        })),
        query,
      ).toEqual(listed);
    }
  });

  it('neutralises every formula prefix in every cell', async () => {
    const { body } = await text('/api/admin/signups/export?sort=created&order=asc');
    const records = parse<Record<string, string>>(body, { columns: true }).slice(0, 6);
    expect(records.map((record) => [record.type, record.source])).toEqual(
      ['\rCR', '\tTAB', '@SUM(A1)', '-2', '+1', '=HYPERLINK("http://evil")'].map((value) => [
        `'${value}`,
        `'${value}`,
      ]),
    );
    expect(records.map((record) => record.email).slice(2)).toEqual([
      "'@x3@example.com",
      "'-x2@example.com",
      "'+x1@example.com",
      "'=x0@example.com",
    ]);
    // Every neutralised cell is quoted in the file itself.
    expect(body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(body).toContain(`"'\rCR"`);
  });

  it('exports the users list with its filters and order', async () => {
    const { response, body } = await text('/api/admin/users/export?whitelisted=true');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const records = parse<Record<string, string>>(body, { columns: true });
    expect(Object.keys(records[0]!)).toEqual([...USER_CSV_COLUMNS]);
    const listed = await fetch(`${testApp.origin}/api/admin/users?whitelisted=true`, {
      headers: admin,
    }).then((answer) => answer.json() as Promise<UsersResponse>);
    expect(records.map((record) => record.email)).toEqual(listed.users.map((user) => user.email));
    expect(records[1]).toEqual({
      uid: 'app-person00003@example.com',
      email: 'person00003@example.com',
      whitelisted: 'true',
      signup_date: new Date(START + 3 * 60_000).toISOString(),
      registration_date: new Date(START + 11 * 86_400_000).toISOString(),
      confirmed_at: '',
      place: '',
      referrals: '0',
      wants: '',
    });
    const all = parse((await text('/api/admin/users/export')).body);
    expect(all).toHaveLength(1 + ROWS + 6 + 1);
  });

  it('takes any search text as text, quotes, backslashes and placeholders included', async () => {
    // PostgreSQL's export is one COPY statement with the filter's values written in as literals.
    for (const search of ["x'); drop table signups; --", '\\', '$1', "e'\\x", '%_']) {
      const { response, body } = await text(
        `/api/admin/signups/export?search=${encodeURIComponent(search)}`,
      );
      expect(response.status, search).toBe(200);
      expect(parse(body), search).toEqual([[...SIGNUP_CSV_COLUMNS]]);
    }
    const { body } = await text('/api/admin/signups/export?search=person0000');
    expect(parse(body)).toHaveLength(1 + 10);
  });

  it('lets go of the database when the client stops reading midway', async () => {
    for (let n = 0; n < 12; n++) {
      const controller = new AbortController();
      const response = await fetch(`${testApp.origin}/api/admin/signups/export`, {
        headers: admin,
        signal: controller.signal,
      });
      await response.body!.getReader().read();
      controller.abort();
    }
    // More stopped exports than the pool has connections: each one's connection came back.
    await expect.poll(() => testApp.app.database.poolUse().waiting, { timeout: 5000 }).toBe(0);
    const { response, body } = await text('/api/admin/signups/export');
    expect(response.status).toBe(200);
    expect(parse(body)).toHaveLength(1 + ROWS + 6);
  });

  it('lets a viewer export, records each export in the audit log, and refuses bad filters', async () => {
    const { headers: viewer } = await adminHeaders(testApp.app, VIEWER);
    const { response } = await text(
      '/api/admin/signups/export?type=BETA&whitelisted=false',
      viewer,
    );
    expect(response.status).toBe(200);
    const audit = await fetch(`${testApp.origin}/api/admin/audit?action=export&actor=onlooker`, {
      headers: admin,
    }).then((answer) => answer.json() as Promise<AuditResponse>);
    expect(audit.entries[0]).toMatchObject({
      actor: VIEWER,
      action: 'export',
      target: 'signups?type=BETA&whitelisted=false',
    });
    const bad = await text('/api/admin/users/export?from=2026-13-01', admin);
    expect(bad.response.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ message: 'from must be a date written YYYY-MM-DD' });
    const anonymous = await fetch(`${testApp.origin}/api/admin/signups/export`);
    expect(anonymous.status).toBe(401);
  });
});
