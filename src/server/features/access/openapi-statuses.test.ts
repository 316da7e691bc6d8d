import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { markUnsubscribed } from '../../platform/mail/email-repository.ts';
import { appIdToken } from '../../test/app-id-token.ts';
import {
  describeDocumentedStatuses,
  BIG_JSON,
  JSON_TYPE,
  TEXT,
  inject,
  sendLimitCalls,
  sendingCalls,
  without,
} from '../../test/openapi-statuses.ts';
import { insertSignup } from '../waitlist/signup-repository.ts';

/**
 * Access's documented operations are called here the ways the server can answer them: the happy
 * path and each refusal (bad input, no session, not an admin, unknown id, wrong content type, too
 * large, too many, a failing database or mail server).
 */
describeDocumentedStatuses(
  "access's documented statuses, against those the server sends",
  'access',
  async ({ call, main, smtp, strained, admin, stranger }) => {
    async function whitelistCalls(admin: Record<string, string>, stranger: Record<string, string>) {
      const app = main.app;
      for (const [operationId, method] of [
        ['addToWhitelist', 'POST'],
        ['removeFromWhitelist', 'DELETE'],
      ] as const) {
        const url = `/api/admin/whitelist/${method === 'POST' ? 'add' : 'remove'}`;
        const change = (payload: string, headers: Record<string, string> = {}) =>
          inject(app, { method, url, payload, headers: { ...admin, ...JSON_TYPE, ...headers } });
        // Only a change writes the audit log: a new address for add, the listed one for remove.
        const changing = method === 'POST' ? 'new@example.com' : 'listed@example.com';
        await call(operationId, 503, () =>
          without(main, 'audit_log', () => change(`{"email":"${changing}"}`)),
        );
        await call(operationId, 200, () => change('{"email":"listed@example.com"}'));
        await call(operationId, 400, () => change('{"email":"not an address"}'));
        await call(operationId, 401, () => inject(app, { method, url, payload: {} }));
        await call(operationId, 403, () =>
          inject(app, { method, url, payload: { email: 'a@example.com' }, headers: stranger }),
        );
        await call(operationId, 403, () =>
          change('{"email":"a@example.com"}', {
            origin: 'https://evil.example',
            'sec-fetch-site': 'cross-site',
          }),
        );
        await call(operationId, 413, () => change(BIG_JSON));
        await call(operationId, 415, () => change('listed@example.com', TEXT));
      }
    }

    /** Bulk whitelist changes, invite waves and the funnel. */
    async function waveCalls(admin: Record<string, string>, stranger: Record<string, string>) {
      const app = main.app;
      const db = app.database.db;
      await insertSignup(db, { email: 'wave@example.com', program: 'BETA', source: 'general' });
      await db
        .updateTable('signups')
        .set({ confirmed_at: new Date().toISOString() })
        .where('email', '=', 'wave@example.com')
        .execute();
      const post = (url: string, payload: string, headers: Record<string, string> = admin) =>
        inject(app, { method: 'POST', url, payload, headers: { ...JSON_TYPE, ...headers } });
      const bulk = (expectedCount: number) =>
        JSON.stringify({
          action: 'add',
          selection: { emails: ['bulk@example.com'] },
          expectedCount,
        });
      const bulkPreview = JSON.stringify({
        action: 'add',
        selection: { matching: { type: 'BETA' } },
      });
      const huge = (body: object) => JSON.stringify({ ...body, padding: 'x'.repeat(520 * 1024) });
      for (const [operationId, url, body] of [
        ['previewBulkWhitelist', '/api/admin/whitelist/bulk/preview', bulkPreview],
        ['bulkWhitelist', '/api/admin/whitelist/bulk', bulk(1)],
      ] as const) {
        await call(operationId, 503, () => without(main, 'whitelist', () => post(url, body)));
        await call(operationId, 400, () => post(url, '{"action":"keep"}'));
        await call(operationId, 401, () => post(url, body, {}));
        await call(operationId, 403, () => post(url, body, stranger));
        await call(operationId, 413, () => post(url, huge(JSON.parse(body) as object)));
        await call(operationId, 415, () => post(url, body, { ...admin, ...TEXT }));
      }
      await call('previewBulkWhitelist', 200, () =>
        post('/api/admin/whitelist/bulk/preview', bulkPreview),
      );
      await call('bulkWhitelist', 409, () => post('/api/admin/whitelist/bulk', bulk(2)));
      await call('bulkWhitelist', 200, () => post('/api/admin/whitelist/bulk', bulk(1)));

      const wave = JSON.stringify({ kind: 'invite', count: 1, type: 'BETA' });
      const confirmed = (expectedCount: number) =>
        JSON.stringify({ kind: 'invite', count: 1, type: 'BETA', expectedCount });
      for (const [operationId, url, body] of [
        ['previewWave', '/api/admin/waves/preview', wave],
        ['createWave', '/api/admin/waves', confirmed(1)],
      ] as const) {
        await call(operationId, 400, () => post(url, '{"kind":"blast"}'));
        await call(operationId, 401, () => post(url, body, {}));
        await call(operationId, 403, () => post(url, body, stranger));
        await call(operationId, 413, () =>
          post(url, JSON.stringify({ kind: 'invite', padding: 'x'.repeat(17 * 1024) })),
        );
        await call(operationId, 415, () => post(url, body, { ...admin, ...TEXT }));
      }
      await call('previewWave', 503, () =>
        without(main, 'signups', () => post('/api/admin/waves/preview', wave)),
      );
      await call('previewWave', 200, () => post('/api/admin/waves/preview', wave));
      await call('createWave', 409, () => post('/api/admin/waves', confirmed(2)));
      await call('createWave', 503, () =>
        without(main, 'invite_waves', () => post('/api/admin/waves', confirmed(1))),
      );
      const created = await call('createWave', 201, () =>
        inject(app, {
          method: 'POST',
          url: '/api/admin/waves',
          payload: JSON.parse(confirmed(1)) as object,
          headers: admin,
        }),
      );
      expect(created.status).toBe(201);
      const [row] = await db.selectFrom('invite_waves').select('id').execute();
      const id = row!.id;
      const unknown = '00000000-0000-7000-8000-000000000000';

      const list = '/api/admin/waves';
      await call('listWaves', 200, () => inject(app, { url: list, headers: admin }));
      await call('listWaves', 401, () => inject(app, { url: list }));
      await call('listWaves', 403, () => inject(app, { url: list, headers: stranger }));
      await call('listWaves', 503, () =>
        without(main, 'invite_waves', () => inject(app, { url: list, headers: admin })),
      );
      const progress = (wave: string) => `/api/admin/waves/${wave}/progress`;
      await call('getWave', 200, () => inject(app, { url: progress(id), headers: admin }));
      await call('getWave', 400, () => inject(app, { url: progress('nope'), headers: admin }));
      await call('getWave', 401, () => inject(app, { url: progress(id) }));
      await call('getWave', 403, () => inject(app, { url: progress(id), headers: stranger }));
      await call('getWave', 404, () => inject(app, { url: progress(unknown), headers: admin }));
      await call('getWave', 503, () =>
        without(main, 'invite_waves', () => inject(app, { url: progress(id), headers: admin })),
      );
      const retry = (wave: string, headers: Record<string, string> = admin) =>
        inject(app, { method: 'POST', url: `/api/admin/waves/${wave}/retry`, headers });
      await call('retryWave', 200, () => retry(id));
      await call('retryWave', 400, () => retry('nope'));
      await call('retryWave', 401, () => retry(id, {}));
      await call('retryWave', 403, () => retry(id, stranger));
      await call('retryWave', 404, () => retry(unknown));
      await call('retryWave', 503, () => without(main, 'invite_waves', () => retry(id)));

      const funnel = '/api/admin/funnel';
      await call('getFunnel', 200, () => inject(app, { url: funnel, headers: admin }));
      await call('getFunnel', 400, () => inject(app, { url: `${funnel}?days=0`, headers: admin }));
      await call('getFunnel', 401, () => inject(app, { url: funnel }));
      await call('getFunnel', 403, () => inject(app, { url: funnel, headers: stranger }));
      await call('getFunnel', 503, () =>
        without(main, 'signups', () => inject(app, { url: funnel, headers: admin })),
      );
    }

    async function appCalls() {
      const app = main.app;
      const db = app.database.db;
      const addedAt = new Date().toISOString();
      await db
        .insertInto('whitelist')
        .values(
          ['early@example.com', 'taken@example.com'].map((email) => ({
            email,
            added_at: addedAt,
            added_by: 'test',
          })),
        )
        .execute();
      await db
        .insertInto('app_users')
        .values({ uid: 'another-account', email: 'taken@example.com', registered_at: addedAt })
        .execute();
      const register = (token: string | undefined, payload?: string, headers = {}) =>
        inject(app, {
          method: 'POST',
          url: '/api/app/register',
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
          ...(payload === undefined ? {} : { payload }),
        });
      const early = await appIdToken(main.origin, 'early@example.com');
      await call('registerAppUser', 200, () => register(early));
      await call('registerAppUser', 400, () => register(early, '{', JSON_TYPE));
      await call('registerAppUser', 401, () => register(undefined));
      await call('registerAppUser', 401, () => register('not.a.token'));
      const outsider = await appIdToken(main.origin, 'outsider@example.com');
      await call('registerAppUser', 403, () => register(outsider));
      const taken = await appIdToken(main.origin, 'taken@example.com');
      await call('registerAppUser', 409, () => register(taken));
      await call('registerAppUser', 413, () => register(early, BIG_JSON, JSON_TYPE));
      await call('registerAppUser', 415, () => register(early, 'hello', TEXT));
    }

    /** Limits reached. */
    async function strainedCalls() {
      const app = strained.app;
      const from = (remoteAddress: string, options: InjectOptions) => ({
        ...options,
        remoteAddress,
      });

      // Counted before the token is looked at: the second call of the client is refused.
      const register = from('10.9.0.6', { method: 'POST', url: '/api/app/register' });
      await call('registerAppUser', 401, () => inject(app, register));
      await call('registerAppUser', 429, () => inject(app, register));

      await sendLimitCalls(call, strained, 'sendEarlyAccessEmail', '/api/email/early-access', {});
    }

    await whitelistCalls(admin, stranger);
    // Unsubscribed, as its link does (privacy's statuses follow the link): invitations are refused.
    await markUnsubscribed(main.app.database.db, 'gone@example.com');
    const sending = { call, main, smtp, admin, stranger };
    await sendingCalls(sending, 'sendEarlyAccessEmail', '/api/email/early-access', {});
    await waveCalls(admin, stranger);
    await appCalls();
    await strainedCalls();
  },
);
