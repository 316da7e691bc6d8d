import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LeaderboardResponse,
  ReferralDecisionResponse,
  ReferralsResponse,
} from '../../../contract/referrals.ts';
import type { FunnelResponse } from '../../../contract/waves.ts';
import type { Person } from '../../../contract/person.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { networkKey } from '../../platform/addresses/network-key.ts';
import { placeInLine } from '../../platform/line/line.ts';
import { referralCodeFor } from '../../platform/line/referrals.ts';
import { confirmSignup } from '../waitlist/confirmation-repository.ts';
import { insertSignups } from '../waitlist/signup-repository.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'referral-admin@example.com';
const VIEWER = 'referral-viewer@example.com';
const SECRET = 'referral-routes-secret';
const RULES = { places: 10, cap: 10 };
const MINUTE = 60_000;

describe.each(kinds)('the review of referrals on $name', (kind) => {
  let testApp: TestApp;
  let admin: Record<string, string>;
  let viewer: Record<string, string>;
  // Some days ago, so the whole seed falls inside the funnel's period whenever this runs.
  let clock = Date.now() - 5 * 24 * 60 * MINUTE;
  const later = (ms = 15 * MINUTE) => new Date((clock += ms));
  const db = () => testApp.app.database.db;

  async function signUp(email: string, ref?: string) {
    const [outcome] = await insertSignups(
      db(),
      [{ email, program: 'CLOSED_ALPHA', source: 'general', ...(ref ? { ref } : {}) }],
      later(),
      'mail',
      RULES,
    );
    expect(outcome?.ok).toBe(true);
    const row = await db()
      .selectFrom('signups')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function confirm(id: string, ip: string, ms?: number) {
    await confirmSignup(db(), id, later(ms), { network: networkKey(SECRET, ip), rules: RULES });
  }
  const get = <T>(url: string, headers = admin) =>
    testApp.app.inject({ url, headers }).then((response) => ({
      status: response.statusCode,
      body: response.json<T>(),
    }));
  const decide = (payload: object, headers = admin) =>
    testApp.app.inject({ method: 'POST', url: '/api/admin/referrals/decide', headers, payload });

  let ownerId = '';
  beforeAll(async () => {
    testApp = await startTestApp(kind);
    testApp.app.config.adminEmails = new Set([ADMIN]);
    testApp.app.config.viewerEmails = new Set([VIEWER]);
    admin = (await adminHeaders(testApp.app, ADMIN)).headers;
    viewer = (await adminHeaders(testApp.app, VIEWER)).headers;
    for (let i = 0; i < 30; i += 1)
      await confirm(await signUp(`ahead-${i}@example.com`), '192.0.2.1');
    ownerId = await signUp('ann.lee@gmail.com');
    await confirm(ownerId, '203.0.113.10');
    const code = (await referralCodeFor(db(), ownerId))!;
    // The owner in another spelling, from elsewhere: held as the same person.
    await confirm(await signUp('annlee+x@gmail.com', code), '198.51.100.1');
    // A friend from elsewhere: credited at once.
    await confirm(await signUp('bob@example.org', code), '198.51.100.2');
    // Two from the owner's own network within minutes.
    await confirm(await signUp('carol@example.net', code), '203.0.113.77', MINUTE);
    await confirm(await signUp('dan@example.com', code), '203.0.113.78', MINUTE);
  }, 60_000);
  afterAll(() => testApp.close());

  it('lists the held referrals with both addresses and the reasons, for a viewer too', async () => {
    const { status, body } = await get<ReferralsResponse>('/api/admin/referrals', viewer);
    expect(status).toBe(200);
    expect(body.pagination.total).toBe(3);
    const byFriend = new Map(body.referrals.map((row) => [row.friend.email, row]));
    expect(byFriend.get('annlee+x@gmail.com')?.reasons).toEqual(['same-person']);
    expect(byFriend.get('carol@example.net')?.reasons).toContain('same-network');
    expect(byFriend.get('dan@example.com')?.reasons).toContain('same-network');
    for (const row of body.referrals) {
      expect(row.owner.email).toBe('ann.lee@gmail.com');
      expect(row.status).toBe('held');
      expect(row.settledAt).toBeTruthy();
    }
    const credited = await get<ReferralsResponse>('/api/admin/referrals?status=credited');
    expect(credited.body.referrals.map((row) => row.friend.email)).toEqual(['bob@example.org']);
    const paged = await get<ReferralsResponse>('/api/admin/referrals?limit=2&offset=2');
    expect(paged.body.referrals).toHaveLength(1);
    expect((await get('/api/admin/referrals?status=lost')).status).toBe(400);
  });

  it('lets an admin credit a selection, audited, moving the owner forward; a viewer may not', async () => {
    const held = (await get<ReferralsResponse>('/api/admin/referrals')).body.referrals;
    const self = held.find((row) => row.friend.email === 'annlee+x@gmail.com')!;
    const carol = held.find((row) => row.friend.email === 'carol@example.net')!;
    const before = await placeInLine(db(), ownerId);
    expect((await decide({ ids: [self.id], decision: 'credit' }, viewer)).statusCode).toBe(403);
    expect((await decide({ ids: [self.id], decision: 'keep' })).statusCode).toBe(400);
    expect((await decide({ ids: [], decision: 'credit' })).statusCode).toBe(400);

    const answer = await decide({ ids: [self.id, carol.id, self.id], decision: 'credit' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<ReferralDecisionResponse>()).toEqual({
      decided: expect.arrayContaining([self.id, carol.id]),
      skipped: [],
    });
    const after = await placeInLine(db(), ownerId);
    // One credited at once before, two now: 30 places forward in all, from 31st.
    expect(before?.place).toBe(21);
    expect(after?.place).toBe(1);
    const audits = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor', 'target'])
      .where('action', 'like', 'referral.%')
      .execute();
    expect(audits).toEqual([
      { action: 'referral.credit', actor: ADMIN, target: 'ann.lee@gmail.com' },
      { action: 'referral.credit', actor: ADMIN, target: 'ann.lee@gmail.com' },
    ]);
    // Deciding again changes nothing.
    const again = await decide({ ids: [self.id], decision: 'reject' });
    expect(again.json<ReferralDecisionResponse>()).toEqual({ decided: [], skipped: [self.id] });
  });

  it('rejects, and marks the owner flagged on the leaderboard', async () => {
    const held = (await get<ReferralsResponse>('/api/admin/referrals')).body.referrals;
    expect(held.map((row) => row.friend.email)).toEqual(['dan@example.com']);
    await decide({ ids: [held[0]!.id], decision: 'reject' });
    const rejected = await get<ReferralsResponse>('/api/admin/referrals?status=rejected');
    expect(rejected.body.referrals[0]).toMatchObject({ decidedBy: ADMIN, status: 'rejected' });
    const { status, body } = await get<LeaderboardResponse>(
      '/api/admin/referrals/leaderboard',
      viewer,
    );
    expect(status).toBe(200);
    expect(body.referrers).toEqual([
      {
        id: ownerId,
        email: 'ann.lee@gmail.com',
        credited: 3,
        pending: 0,
        held: 0,
        rejected: 1,
        flagged: true,
      },
    ]);
    expect((await get('/api/admin/referrals/leaderboard?limit=0')).status).toBe(400);
  });

  it('splits the funnel into referred and organic signups', async () => {
    const { status, body } = await get<FunnelResponse>('/api/admin/funnel?days=365', viewer);
    expect(status).toBe(200);
    expect(body.byOrigin).toEqual({
      referred: { signedUp: 4, confirmed: 4, invited: 0, registered: 0 },
      organic: { signedUp: 31, confirmed: 31, invited: 0, registered: 0 },
    });
  });

  it('shows the place, boost, referral counts and the link a person came by in the person panel', async () => {
    const owner = await get<Person>('/api/admin/person?email=ann.lee%40gmail.com', viewer);
    expect(owner.status).toBe(200);
    expect(owner.body.line).toEqual({
      place: 1,
      waiting: 35,
      boost: 30,
      products: [],
      referrals: { pending: 0, credited: 3, held: 0, rejected: 1 },
      referredBy: null,
    });
    const friend = await get<Person>('/api/admin/person?email=bob%40example.org');
    expect(friend.body.line?.referredBy).toEqual({
      email: 'ann.lee@gmail.com',
      status: 'credited',
    });
    expect(friend.body.line?.place).toBe(33);
  });
});
