import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDate } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { findSignupByEmail, insertSignup, insertSignups } from './signup-repository.ts';

const kinds = await testDatabaseKinds();

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute));
const form = (email: string, source = 'general') => ({ email, program: 'CLOSED_ALPHA', source });

describe.each(kinds)('signup repository on $name', (kind) => {
  let testApp: TestApp;
  const db = () => testApp.app.database.db;
  const row = async (email: string) => {
    const found = await findSignupByEmail(db(), email);
    if (!found) throw new Error(`no row for ${email}`);
    const lastSignupAt = found.last_signup_at === null ? null : toDate(found.last_signup_at);
    return { ...found, createdAt: toDate(found.created_at), lastSignupAt };
  };

  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp.close());

  it('records a new address once, its first signup also its latest', async () => {
    expect(await insertSignup(db(), form('new@example.com', 'hero-top'), at(1))).toEqual({
      created: true,
    });

    expect(await row('new@example.com')).toMatchObject({
      source: 'hero-top',
      program: 'CLOSED_ALPHA',
      signup_count: 1,
      createdAt: at(1),
      lastSignupAt: at(1),
    });
  });

  it('counts a repeat and moves its latest time, keeping the first form, programme and time', async () => {
    await insertSignup(db(), form('again@example.com', 'general'), at(1));
    const first = await row('again@example.com');

    const repeat = await insertSignup(
      db(),
      { email: 'again@example.com', program: 'BETA', source: 'get-app-top' },
      at(5),
    );

    expect(repeat).toEqual({ created: false });
    expect(await row('again@example.com')).toEqual({
      ...first,
      signup_count: 2,
      last_signup_at: expect.anything(),
      lastSignupAt: at(5),
    });
  });

  it('never moves the latest time back when an earlier batch commits later', async () => {
    await insertSignup(db(), form('late@example.com'), at(1));
    await insertSignup(db(), form('late@example.com'), at(9));
    await insertSignup(db(), form('late@example.com'), at(4));

    expect(await row('late@example.com')).toMatchObject({ signup_count: 3, lastSignupAt: at(9) });
  });

  it('answers each signup of a batch with duplicates, and counts every one of them', async () => {
    await insertSignup(db(), form('known@example.com', 'general'), at(1));

    const outcomes = await insertSignups(
      db(),
      [
        form('fresh@example.com', 'hero-top'),
        form('known@example.com', 'hero-top'),
        form('fresh@example.com', 'get-app-top'),
        form('other@example.com'),
        form('known@example.com'),
        form('fresh@example.com'),
      ],
      at(7),
    );

    expect(outcomes).toEqual(
      [true, false, false, true, false, false].map((created) => ({
        ok: true,
        value: { created },
      })),
    );
    expect(await row('fresh@example.com')).toMatchObject({
      source: 'hero-top',
      signup_count: 3,
      createdAt: at(7),
      lastSignupAt: at(7),
    });
    expect(await row('known@example.com')).toMatchObject({
      source: 'general',
      signup_count: 3,
      createdAt: at(1),
      lastSignupAt: at(7),
    });
    expect(await row('other@example.com')).toMatchObject({ signup_count: 1 });
  });

  it('fails only the bad signup of a batch, and still saves the others', async () => {
    const bad = { ...form('bad@example.com'), source: null as unknown as string };

    const outcomes = await insertSignups(
      db(),
      [form('good1@example.com'), bad, form('good2@example.com')],
      at(3),
    );

    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, false, true]);
    expect(await row('good1@example.com')).toMatchObject({ signup_count: 1 });
    expect(await row('good2@example.com')).toMatchObject({ signup_count: 1 });
    expect(await findSignupByEmail(db(), 'bad@example.com')).toBeUndefined();
  });
});
