import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ADMIN_EMAIL } from './config.ts';
import { toDate } from './db/schema.ts';
import { testDatabaseKinds } from './test/databases.ts';
import { startTestApp, type TestApp } from './test/test-app.ts';
import { minute, signedUp } from './test/admin-test-data.ts';
import { demoUid, seedAdminDemoData } from './demo-data.ts';

const kinds = await testDatabaseKinds();
const EMAILS = Array.from({ length: 60 }, (_, n) => `demo.viewer${n}@example.com`);

describe.each(kinds)('admin demo data on $name', (kind) => {
  let testApp: TestApp;
  const db = () => testApp.app.database.db;
  const now = minute(60 * 24);

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    for (const [n, email] of EMAILS.entries()) await signedUp(db(), email, minute(n));
  });
  afterAll(() => testApp.close());

  it('whitelists some signups and invitees, audited by the local admin', async () => {
    const first = await seedAdminDemoData(db(), EMAILS, now);

    const whitelist = await db().selectFrom('whitelist').selectAll().execute();
    expect(first.whitelisted).toBe(whitelist.length);
    expect(whitelist.length).toBeGreaterThan(10);
    expect(whitelist.some((row) => !EMAILS.includes(row.email))).toBe(true);
    const audit = await db().selectFrom('audit_log').selectAll().orderBy('target').execute();
    expect(audit.map((row) => [row.action, row.actor, row.target])).toEqual(
      whitelist
        .map((row) => ['whitelist.add', LOCAL_ADMIN_EMAIL, row.email])
        .sort((a, b) => (a[2]! < b[2]! ? -1 : 1)),
    );
  });

  it('registers some whitelisted addresses after they signed up and were whitelisted', async () => {
    const users = await db().selectFrom('app_users').selectAll().execute();
    expect(users.length).toBeGreaterThan(3);
    for (const user of users) {
      expect(user.uid).toBe(demoUid(user.email));
      const listed = await db()
        .selectFrom('whitelist')
        .select('added_at')
        .where('email', '=', user.email)
        .executeTakeFirstOrThrow();
      const signup = await db()
        .selectFrom('signups')
        .select('created_at')
        .where('email', '=', user.email)
        .executeTakeFirst();
      const registeredAt = toDate(user.registered_at).getTime();
      expect(registeredAt).toBeGreaterThan(toDate(listed.added_at).getTime());
      if (signup)
        expect(toDate(listed.added_at).getTime()).toBeGreaterThan(
          toDate(signup.created_at).getTime(),
        );
      expect(registeredAt).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('adds nothing when run again', async () => {
    const count = async () => ({
      whitelist: (await db().selectFrom('whitelist').selectAll().execute()).length,
      users: (await db().selectFrom('app_users').selectAll().execute()).length,
      audit: (await db().selectFrom('audit_log').selectAll().execute()).length,
    });
    const before = await count();
    expect(await seedAdminDemoData(db(), EMAILS, now)).toEqual({ whitelisted: 0, registered: 0 });
    expect(await count()).toEqual(before);
  });
});
