import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignupsResponse } from '../../../contract/admin.ts';
import type { WavePreviewResponse } from '../../../contract/waves.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { setBoost } from '../../platform/line/line.ts';
import { insertSignup } from '../waitlist/signup-repository.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'wave-product-admin@example.com';

describe.each(kinds)('invite waves by product, in line order, on $name', (kind) => {
  let testApp: TestApp;
  let headers: Record<string, string>;
  const db = () => testApp.app.database.db;
  const post = (url: string, payload: object) =>
    testApp.app.inject({ method: 'POST', url, headers, payload });

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    testApp.app.config.adminEmails = new Set([ADMIN]);
    headers = (await adminHeaders(testApp.app, ADMIN)).headers;
    const wants = ['ios', 'chrome', 'ios,android', '', 'ios', 'firefox'];
    for (const [index, want] of wants.entries()) {
      await insertSignup(db(), {
        email: `w${index}@example.com`,
        program: 'BETA',
        source: 'general',
      });
      await db()
        .updateTable('signups')
        .set({ confirmed_at: new Date().toISOString(), wants: want || null })
        .where('email', '=', `w${index}@example.com`)
        .execute();
    }
    // w4 moved ahead of everyone by their referrals.
    const w4 = await db()
      .selectFrom('signups')
      .select('id')
      .where('email', '=', 'w4@example.com')
      .executeTakeFirstOrThrow();
    await setBoost(db(), w4.id, 10);
  }, 60_000);
  afterAll(() => testApp.close());

  it('previews the next N in the order the signups list shows by place, any product by default', async () => {
    const preview = await post('/api/admin/waves/preview', { kind: 'invite', count: 3 });
    expect(preview.statusCode).toBe(200);
    const list = await testApp.app.inject({
      url: '/api/admin/signups?sort=place&limit=3',
      headers,
    });
    expect(preview.json<WavePreviewResponse>().sample).toEqual(
      list.json<SignupsResponse>().signups.map((row) => row.email),
    );
    expect(preview.json<WavePreviewResponse>().sample).toEqual([
      'w4@example.com',
      'w0@example.com',
      'w1@example.com',
    ]);
  });

  it('takes only people who want the product, still in line order, in the preview and the wave', async () => {
    const preview = await post('/api/admin/waves/preview', {
      kind: 'invite',
      count: 10,
      product: 'ios',
    });
    expect(preview.json<WavePreviewResponse>()).toEqual({
      count: 3,
      sample: ['w4@example.com', 'w0@example.com', 'w2@example.com'],
    });
    const list = await testApp.app.inject({
      url: '/api/admin/signups?sort=place&product=ios',
      headers,
    });
    expect(list.json<SignupsResponse>().signups.map((row) => row.email)).toEqual(
      preview.json<WavePreviewResponse>().sample,
    );
    expect(
      (await post('/api/admin/waves/preview', { kind: 'invite', count: 1, product: 'vr' }))
        .statusCode,
    ).toBe(400);
    const wave = await post('/api/admin/waves', {
      kind: 'invite',
      count: 2,
      product: 'ios',
      expectedCount: 2,
    });
    expect(wave.statusCode).toBe(201);
    const listed = await db().selectFrom('whitelist').select('email').orderBy('email').execute();
    expect(listed.map((row) => row.email)).toEqual(['w0@example.com', 'w4@example.com']);
  });
});
