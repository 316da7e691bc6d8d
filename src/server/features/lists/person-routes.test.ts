import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../../../contract/person.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { recordAudit } from '../../platform/audit/audit-repository.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { adminGetter, registered, signedUp, whitelisted } from '../../test/admin-test-data.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { confirmSignup } from '../waitlist/confirmation-repository.ts';
import { findSignupByEmail } from '../waitlist/signup-repository.ts';
import { PERSON_NOT_FOUND_MESSAGE } from './person-routes.ts';

const kinds = await testDatabaseKinds();
const PERSON = 'ada@example.com';
const VIEWER = 'viewer@example.com';

describe.each(kinds)('one person at a glance on $name', (kind) => {
  let testApp: TestApp;
  let get: Awaited<ReturnType<typeof adminGetter>>;
  const at = (minutes: number) => new Date(Date.UTC(2026, 2, 10, 9, minutes));
  const url = (email: string) => `/api/admin/person?email=${encodeURIComponent(email)}`;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const db = testApp.app.database.db;
    await signedUp(db, PERSON, at(0));
    // A second signup of the same address is a repeat, counted on the one row.
    await signedUp(db, PERSON, at(5));
    await confirmSignup(db, (await findSignupByEmail(db, PERSON))!.id, at(10));
    await whitelisted(db, PERSON, at(20));
    await registered(db, PERSON, at(40));
    await signedUp(db, 'someone-else@example.com', at(1));
    const mail = (minute: number, template: string, status: 'sent' | 'dead') => ({
      id: uuidV7(at(minute).getTime()),
      to_address: PERSON,
      template,
      params: '{}',
      status,
      max_rounds: 1,
      next_attempt_at: at(minute).toISOString(),
      requested_by: 'curator@example.com',
      created_at: at(minute).toISOString(),
      finished_at: at(minute + 1).toISOString(),
      failure_message: status === 'dead' ? 'The mail server refused the address.' : null,
    });
    await db
      .insertInto('mail_outbox')
      .values([
        mail(2, 'waitlist-confirmation', 'sent'),
        mail(21, 'early-access-invitation', 'dead'),
        mail(30, 'early-access-invitation', 'sent'),
      ])
      .execute();
    await recordAudit(db, {
      at: at(20),
      actor: 'curator@example.com',
      action: 'whitelist.add',
      target: PERSON,
    });
    await recordAudit(db, {
      at: at(25),
      actor: 'curator@example.com',
      action: 'whitelist.add',
      target: 'someone-else@example.com',
    });
    get = await adminGetter(testApp.app);
  });
  afterAll(() => testApp.close());

  it('shows the signup and its repeat, confirmation, whitelist, registration, mails and audit', async () => {
    const response = await get(url('  ADA@example.com '));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const person = response.json<Person>();
    expect(person).toMatchObject({
      email: PERSON,
      signup: {
        signedUpAt: at(0).toISOString(),
        lastSignupAt: at(5).toISOString(),
        attempts: 2,
        confirmedAt: at(10).toISOString(),
      },
      whitelist: { addedAt: at(20).toISOString() },
      registration: { registeredAt: at(40).toISOString() },
      unsubscribedAt: null,
      notOneMailbox: false,
    });
    // Newest first, with their delivery.
    expect(person.mails.map((mail) => [mail.status, mail.queuedAt, mail.failure])).toEqual([
      ['sent', at(30).toISOString(), null],
      ['failed', at(21).toISOString(), 'The mail server refused the address.'],
      ['sent', at(2).toISOString(), null],
    ]);
    expect(person.audit).toEqual([
      { at: at(20).toISOString(), action: 'whitelist.add', actor: 'curator@example.com' },
    ]);
  });

  it('answers 404 for an address nothing is held about, and 400 for one that is not an address', async () => {
    const unknown = await get(url('nobody@example.com'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: PERSON_NOT_FOUND_MESSAGE });
    const bad = await get(url('not an address'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBeTruthy();
  });

  it('lets a viewer read it, and changes nothing (no audit entry)', async () => {
    const db = testApp.app.database.db;
    const before = await db.selectFrom('audit_log').select('id').execute();
    testApp.app.config.viewerEmails = new Set([VIEWER]);
    const { headers } = await adminHeaders(testApp.app, VIEWER);
    const response = await testApp.app.inject({ method: 'GET', url: url(PERSON), headers });
    expect(response.statusCode).toBe(200);
    expect(await db.selectFrom('audit_log').select('id').execute()).toHaveLength(before.length);
  });
});
