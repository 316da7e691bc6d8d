import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCounts, AuditResponse } from '../../../contract/admin-insights.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { confirmSignup } from '../waitlist/confirmation-repository.ts';
import { findSignupByEmail } from '../waitlist/signup-repository.ts';
import { adminGetter, registered, signedUp, whitelisted } from '../../test/admin-test-data.ts';
import { recordAudit } from '../../platform/audit/audit-repository.ts';
import { readCounts } from './insight-repository.ts';

const kinds = await testDatabaseKinds();

describe.each(kinds)('counts and the audit log on $name', (kind) => {
  let testApp: TestApp;
  let get: Awaited<ReturnType<typeof adminGetter>>;
  const now = new Date(Date.UTC(2026, 2, 10, 15));

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const db = testApp.app.database.db;
    // Two signups yesterday, three today (one at 00:00 UTC sharp); two confirmed.
    await signedUp(db, 'old1@example.com', new Date(Date.UTC(2026, 2, 9, 10)));
    await signedUp(db, 'old2@example.com', new Date(Date.UTC(2026, 2, 9, 23, 59, 59)));
    await signedUp(db, 'new1@example.com', new Date(Date.UTC(2026, 2, 10, 0)));
    await signedUp(db, 'new2@example.com', new Date(Date.UTC(2026, 2, 10, 9)));
    await signedUp(db, 'new3@example.com', new Date(Date.UTC(2026, 2, 10, 14)));
    for (const email of ['old1@example.com', 'new2@example.com']) {
      await confirmSignup(db, (await findSignupByEmail(db, email))!.id, now);
    }
    await whitelisted(db, 'old1@example.com', now);
    await whitelisted(db, 'guest@example.com', now);
    await registered(db, 'old1@example.com', now);
    // Invitations: sent twice to one address, once to another; one still queued, one dead,
    // and a sent mail of another template.
    const mail = (to: string, template: string, status: 'sent' | 'queued' | 'dead') => ({
      id: uuidV7(),
      to_address: to,
      template,
      params: '{}',
      status,
      max_rounds: 1,
      next_attempt_at: now.toISOString(),
      requested_by: 'curator@example.com',
      created_at: now.toISOString(),
    });
    await db
      .insertInto('mail_outbox')
      .values([
        mail('old1@example.com', 'early-access-invitation', 'sent'),
        mail('old1@example.com', 'early-access-invitation', 'sent'),
        mail('guest@example.com', 'early-access-invitation', 'sent'),
        mail('new1@example.com', 'early-access-invitation', 'queued'),
        mail('new2@example.com', 'early-access-invitation', 'dead'),
        mail('new3@example.com', 'waitlist-confirmation', 'sent'),
      ])
      .execute();
    const minute = (n: number) => new Date(now.getTime() + n * 60_000);
    await recordAudit(db, {
      at: minute(1),
      actor: 'curator@example.com',
      action: 'whitelist.add',
      target: 'old1@example.com',
    });
    await recordAudit(db, {
      at: minute(2),
      actor: 'keeper@example.com',
      action: 'whitelist.add',
      target: 'guest@example.com',
    });
    await recordAudit(db, {
      at: minute(3),
      actor: 'curator@example.com via token rsk_…AbCd',
      action: 'whitelist.remove',
      target: 'guest@example.com',
    });
    get = await adminGetter(testApp.app);
  });
  afterAll(() => testApp.close());

  it('counts signups, confirmed, whitelisted, invited, registered and today (UTC)', async () => {
    expect(await readCounts(testApp.app.database.db, now)).toEqual({
      total: 5,
      confirmed: 2,
      whitelisted: 2,
      invited: 2,
      registered: 1,
      today: 3,
      at: now.toISOString(),
    });
    const response = await get('/api/admin/counts');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json<AdminCounts>()).toMatchObject({ total: 5, confirmed: 2, invited: 2 });
  });

  it('lists the audit log newest first, narrowed by admin, address and action', async () => {
    const all = (await get('/api/admin/audit')).json<AuditResponse>();
    expect(all.entries.map((entry) => [entry.actor, entry.action, entry.target])).toEqual([
      ['curator@example.com via token rsk_…AbCd', 'whitelist.remove', 'guest@example.com'],
      ['keeper@example.com', 'whitelist.add', 'guest@example.com'],
      ['curator@example.com', 'whitelist.add', 'old1@example.com'],
    ]);
    expect(all.entries[0]).toEqual({
      id: expect.any(String),
      at: new Date(now.getTime() + 3 * 60_000).toISOString(),
      actor: 'curator@example.com via token rsk_…AbCd',
      action: 'whitelist.remove',
      target: 'guest@example.com',
    });
    expect(all.pagination).toEqual({ total: 3, limit: 50, offset: 0 });

    const byActor = (await get('/api/admin/audit?actor=CURATOR')).json<AuditResponse>();
    expect(byActor.entries.map((entry) => entry.target)).toEqual([
      'guest@example.com',
      'old1@example.com',
    ]);
    const byTarget = (await get('/api/admin/audit?target=guest@&limit=1')).json<AuditResponse>();
    expect(byTarget.entries.map((entry) => entry.actor)).toEqual([
      'curator@example.com via token rsk_…AbCd',
    ]);
    expect(byTarget.pagination).toEqual({ total: 2, limit: 1, offset: 0 });
    const both = (
      await get('/api/admin/audit?actor=keeper&target=guest&action=whitelist.add')
    ).json<AuditResponse>();
    expect(both.pagination.total).toBe(1);
    const none = (
      await get('/api/admin/audit?action=whitelist.remove&actor=keeper')
    ).json<AuditResponse>();
    expect(none.entries).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit must be a whole number from 1 to 100'],
    ['offset=-1', 'offset must be a whole number, 0 or more'],
    ['action=DROP%20TABLE', 'action must be an action name such as whitelist.add'],
    ['actor=%00', 'actor must not contain control characters'],
    ['target=a&target=b', 'target must be a single text value'],
  ])('refuses the audit query %s with 400', async (query, message) => {
    const response = await get(`/api/admin/audit?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});
