import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { minute, signedUp } from '../../test/admin-test-data.ts';
import { listSignups } from './signup-list-repository.ts';

const kinds = await testDatabaseKinds();

describe.each(kinds)('signup list repeats on $name', (kind) => {
  let testApp: TestApp;
  const find = async (search: string) => {
    const { items } = await listSignups(testApp.app.database.db, { search, limit: 10, offset: 0 });
    return items[0];
  };

  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp.close());

  it('shows how often and when last an address signed up, listed at its first signup', async () => {
    const db = testApp.app.database.db;
    await signedUp(db, 'keen@example.com', minute(1), { source: 'hero-top' });
    await signedUp(db, 'keen@example.com', minute(8), { source: 'general' });
    await signedUp(db, 'keen@example.com', minute(9), { source: 'general' });

    expect(await find('keen@')).toMatchObject({
      source: 'hero-top',
      createdAt: minute(1),
      lastSignupAt: minute(9),
      signupCount: 3,
    });
  });

  it('takes the first signup as the latest on rows written without one', async () => {
    const db = testApp.app.database.db;
    await signedUp(db, 'older@example.com', minute(2));
    await db
      .updateTable('signups')
      .set({ last_signup_at: null })
      .where('email', '=', 'older@example.com')
      .execute();

    expect(await find('older@')).toMatchObject({ lastSignupAt: minute(2), signupCount: 1 });
  });
});
