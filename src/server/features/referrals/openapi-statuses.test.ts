import {
  describeDocumentedStatuses,
  JSON_TYPE,
  TEXT,
  inject,
  without,
} from '../../test/openapi-statuses.ts';
import { insertSignup } from '../waitlist/signup-repository.ts';

/** The review of referrals, called the ways the server can answer. */
describeDocumentedStatuses(
  "referrals' documented statuses, against those the server sends",
  'referrals',
  async ({ call, main, admin, stranger }) => {
    const app = main.app;
    const db = app.database.db;
    await insertSignup(db, { email: 'owner@example.com', program: 'BETA', source: 'general' });
    await insertSignup(db, { email: 'friend@example.com', program: 'BETA', source: 'general' });
    const ids = await db.selectFrom('signups').select(['id', 'email']).execute();
    const id = (email: string) => ids.find((row) => row.email === email)!.id;
    const referral = '01890000-0000-7000-8000-000000000001';
    await db
      .insertInto('referrals')
      .values({
        id: referral,
        owner_id: id('owner@example.com'),
        friend_id: id('friend@example.com'),
        status: 'held',
        reasons: 'same-network',
        created_at: new Date().toISOString(),
        settled_at: new Date().toISOString(),
        decided_at: null,
        decided_by: null,
      })
      .execute();

    for (const [operationId, url] of [
      ['listReferrals', '/api/admin/referrals'],
      ['getReferralLeaderboard', '/api/admin/referrals/leaderboard'],
    ] as const) {
      await call(operationId, 200, () => inject(app, { url, headers: admin }));
      await call(operationId, 400, () => inject(app, { url: `${url}?limit=0`, headers: admin }));
      await call(operationId, 401, () => inject(app, { url }));
      await call(operationId, 403, () => inject(app, { url, headers: stranger }));
      await call(operationId, 503, () =>
        without(main, 'referrals', () => inject(app, { url, headers: admin })),
      );
    }

    const url = '/api/admin/referrals/decide';
    const body = JSON.stringify({ ids: [referral], decision: 'reject' });
    const post = (payload: string, headers: Record<string, string> = admin) =>
      inject(app, { method: 'POST', url, payload, headers: { ...JSON_TYPE, ...headers } });
    await call('decideReferrals', 400, () => post('{"ids":["nope"],"decision":"credit"}'));
    await call('decideReferrals', 401, () => post(body, {}));
    await call('decideReferrals', 403, () => post(body, stranger));
    await call('decideReferrals', 413, () =>
      post(JSON.stringify({ ids: [referral], padding: 'x'.repeat(70 * 1024) })),
    );
    await call('decideReferrals', 415, () => post(body, { ...admin, ...TEXT }));
    await call('decideReferrals', 503, () => without(main, 'referrals', () => post(body)));
    await call('decideReferrals', 200, () => post(body));
  },
);
