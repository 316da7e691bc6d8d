import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditResponse } from '../../../contract/admin-insights.ts';
import type { CreatedApiToken } from '../../../contract/api-tokens.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { recordAudit } from '../../platform/audit/audit-repository.ts';
import { unsubscribeSecret } from '../../platform/links/unsubscribe-token.ts';
import { insertSignup } from '../waitlist/signup-repository.ts';
import { addressHash } from '../../platform/mail/suppression.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'records-keeper@example.com';
const STAFF = 'staff.member@example.com';
const VIEWER = 'onlooker@example.com';

/** Every way an audit text could spell `address`, lower-cased (the check lower-cases too). */
function spellings(address: string): string[] {
  return [
    address,
    encodeURIComponent(address),
    new URLSearchParams({ a: address }).toString().slice(2),
  ].map((form) => form.toLowerCase());
}

/** The searches an admin could type to find `address`: whole, in other cases, or a part with @. */
function searchesFor(address: string): string[] {
  const [local, domain] = address.split('@') as [string, string];
  return [
    address,
    address.toUpperCase(),
    `  ${address}  `,
    `${local[0]!.toUpperCase()}${local.slice(1)}@${domain[0]!.toUpperCase()}${domain.slice(1)}`,
    `${local}@`,
    `${local}@${domain.split('.')[0]}`,
  ];
}

/** Every filter the exports take, with values a list accepts. */
const ALL_FILTERS =
  '&type=CLOSED_ALPHA&source=hero-top&from=2026-01-01&to=2026-12-31&confirmation=pending' +
  '&whitelisted=false&registered=false&sort=email&order=desc';

describe.each(kinds)('the audit log and an erasure on $name', (kind) => {
  let testApp: TestApp;
  let secret: string;
  const sessions: Record<string, Record<string, string>> = {};
  const app = () => testApp.app;
  const db = () => app().database.db;
  const call = (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => app().inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const erase = (email: string, by = ADMIN) =>
    call('POST', '/api/admin/data/erase', sessions[by]!, { email });
  const auditRows = () =>
    db()
      .selectFrom('audit_log')
      .select(['id', 'actor', 'action', 'target'])
      .orderBy('id')
      .execute();
  /** The audit text (action and target) of every entry, lower-cased. */
  const auditText = async () =>
    (await auditRows()).map((row) => `${row.action} ${row.target}`.toLowerCase()).join('\n');
  const signUp = (email: string) =>
    insertSignup(db(), { email, program: 'CLOSED_ALPHA', source: 'hero-top' });

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    app().config.adminEmails = new Set([ADMIN, STAFF]);
    app().config.viewerEmails = new Set([VIEWER]);
    for (const email of [ADMIN, STAFF, VIEWER]) {
      sessions[email] = (await adminHeaders(app(), email)).headers;
    }
    secret = await unsubscribeSecret(db(), app().config.mail);
  });
  afterAll(() => testApp.close());

  it('keeps no address in an export filter: the address is its keyed hash at once', async () => {
    const person = 'searched.for@example.com';
    await signUp(person);
    for (const list of ['signups', 'users']) {
      for (const search of searchesFor(person)) {
        for (const filters of ['', ALL_FILTERS]) {
          const url = `/api/admin/${list}/export?search=${encodeURIComponent(search)}${filters}`;
          const response = await call('GET', url, sessions[ADMIN]!);
          expect(response.statusCode, url).toBe(200);
        }
      }
    }
    const text = await auditText();
    for (const spelling of spellings(person)) expect(text).not.toContain(spelling);
    for (const search of searchesFor(person)) {
      expect(text).not.toContain(search.trim().toLowerCase());
    }
    // A whole address is its suppression hash, whatever its case or the spaces around it.
    const hash = addressHash(secret, person);
    const exports = (await auditRows()).filter((row) => row.action === 'export');
    expect(exports).toHaveLength(2 * searchesFor(person).length * 2);
    expect(exports.filter((row) => row.target.includes(hash))).toHaveLength(2 * 4 * 2);
    expect(exports.map((row) => row.target)).toContain(
      'signups?confirmation=pending&from=2026-01-01&order=desc&registered=false' +
        `&search=address%3A${hash}&sort=email&source=hero-top&to=2026-12-31&type=CLOSED_ALPHA` +
        '&whitelisted=false',
    );
    // Filters that cannot hold an address are refused before anything is audited.
    const before = await auditRows();
    for (const name of ['type', 'source', 'from', 'to', 'sort', 'order', 'confirmation']) {
      const url = `/api/admin/signups/export?${name}=${encodeURIComponent(person)}`;
      expect((await call('GET', url, sessions[ADMIN]!)).statusCode, url).toBe(400);
    }
    expect(await auditRows()).toEqual(before);
  });

  it('leaves no form of an erased address in any audit text, and other addresses as they were', async () => {
    const person = 'gdpr.person@example.com';
    const nearMisses = ['xgdpr.person@example.com', 'gdpr.person@example.com.au'];
    await signUp(person);
    for (const email of [person, ...nearMisses]) {
      const added = await call('POST', '/api/admin/whitelist/add', sessions[ADMIN]!, { email });
      expect(added.statusCode).toBe(200);
    }
    // Exports by an admin, a viewer and a token, and texts written before hashing or by hand.
    const created = await call('POST', '/api/admin/tokens', sessions[STAFF]!, {
      name: `Sync for ${person.toUpperCase()}`,
      scope: 'read',
    });
    expect(created.statusCode).toBe(201);
    const bearer = { authorization: `Bearer ${created.json<CreatedApiToken>().token}` };
    for (const headers of [sessions[ADMIN]!, sessions[VIEWER]!, bearer]) {
      const url = `/api/admin/signups/export?search=${encodeURIComponent(person)}${ALL_FILTERS}`;
      expect((await call('GET', url, headers)).statusCode).toBe(200);
    }
    const at = new Date();
    for (const target of [
      `signups?search=${encodeURIComponent(person)}&type=BETA`,
      `users?search=${new URLSearchParams({ s: person.toUpperCase() }).toString().slice(2)}`,
      `note about ${person}, and ${nearMisses.join(' and ')}`,
    ]) {
      await recordAudit(db(), { at, actor: ADMIN, action: 'export', target });
    }
    const othersBefore = (await auditRows()).filter((row) =>
      nearMisses.some((other) => row.target === other),
    );

    const erased = await erase(person);
    expect(erased.statusCode).toBe(200);

    const label = `erased:${addressHash(secret, person)}`;
    const rows = await auditRows();
    expect(rows.map((row) => row.target)).toEqual(
      expect.arrayContaining([
        `signups?search=${label}&type=BETA`,
        `users?search=${label}`,
        `note about ${label}, and ${nearMisses.join(' and ')}`,
        expect.stringMatching(new RegExp(`^rsk_.* "Sync for ${label}" \\(read\\)$`)),
      ]),
    );
    expect(rows.filter((row) => row.target === label).map((row) => row.action)).toEqual([
      'whitelist.add',
      'privacy.erase',
    ]);
    // The other addresses, which contain this one, are as they were.
    expect(rows.filter((row) => nearMisses.includes(row.target))).toEqual(othersBefore);
    const withoutOthers = (text: string) =>
      nearMisses.reduce((rest, other) => rest.replaceAll(other, ''), text.toLowerCase());
    for (const row of rows) {
      for (const spelling of spellings(person)) {
        expect(withoutOthers(`${row.action} ${row.target}`), row.target).not.toContain(spelling);
      }
    }
  });

  it('finds an address with letters beyond ASCII written in another case', async () => {
    const person = 'ünïcode.fan@exämple.de';
    await recordAudit(db(), {
      at: new Date(),
      actor: ADMIN,
      action: 'export',
      target: `note: ${person.toUpperCase()}; users?search=${encodeURIComponent(person)}`,
    });
    expect((await erase(person)).statusCode).toBe(200);
    const label = `erased:${addressHash(secret, person)}`;
    expect((await auditRows()).map((row) => row.target)).toContain(
      `note: ${label}; users?search=${label}`,
    );
  });

  it('keeps staff as the actors of what they did after their own address is erased as a signup', async () => {
    await signUp(STAFF);
    await signUp(VIEWER);
    const staffDid = [
      await call('POST', '/api/admin/whitelist/add', sessions[STAFF]!, {
        email: 'friend@example.com',
      }),
      await call('GET', '/api/admin/signups/export?type=BETA', sessions[STAFF]!),
      await call('GET', '/api/admin/users/export', sessions[VIEWER]!),
    ];
    for (const answer of staffDid) expect(answer.statusCode).toBe(200);
    const created = await call('POST', '/api/admin/tokens', sessions[STAFF]!, {
      name: 'Nightly sync',
      scope: 'write',
    });
    const bearer = { authorization: `Bearer ${created.json<CreatedApiToken>().token}` };
    const viaToken = await call('POST', '/api/admin/whitelist/add', bearer, {
      email: 'token-friend@example.com',
    });
    expect(viaToken.statusCode).toBe(200);
    const staffRows = async () =>
      (await auditRows()).filter((row) => row.actor === VIEWER || row.actor.startsWith(STAFF));
    const before = await staffRows();
    expect(before.map((row) => row.actor)).toEqual(
      expect.arrayContaining([
        STAFF,
        VIEWER,
        expect.stringMatching(/^staff\.member@example\.com via token rsk_/),
      ]),
    );

    // The viewer's address erased by an admin; the staff member erases their own.
    expect((await erase(VIEWER)).statusCode).toBe(200);
    expect((await erase(STAFF, STAFF)).statusCode).toBe(200);

    const after = await staffRows();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length)).toEqual([
      {
        id: expect.any(String),
        actor: STAFF,
        action: 'privacy.erase',
        target: `erased:${addressHash(secret, STAFF)}`,
      },
    ]);
    // The audit log still answers who did what, by name.
    const listed = await call('GET', '/api/admin/audit?actor=staff.member', sessions[ADMIN]!);
    expect(listed.json<AuditResponse>().pagination.total).toBe(
      after.filter((row) => row.actor.startsWith(STAFF)).length,
    );
    // And no entry names either of them as what was acted on.
    const targets = (await auditRows()).map((row) => row.target.toLowerCase()).join('\n');
    for (const email of [STAFF, VIEWER]) {
      for (const spelling of spellings(email)) expect(targets).not.toContain(spelling);
    }
  });
});
