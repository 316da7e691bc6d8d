import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_DENIED_MESSAGE, AUTHENTICATION_REQUIRED_MESSAGE } from '../../../contract/admin.ts';
import {
  API_TOKEN_PREFIX,
  READ_ONLY_TOKEN_MESSAGE,
  SESSION_ONLY_MESSAGE,
  type ApiTokenList,
  type CreatedApiToken,
} from '../../../contract/api-tokens.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { hashApiToken } from './api-token-repository.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';

describe.each(kinds)('API tokens on $name', (kind) => {
  let testApp: TestApp;
  let session: Record<string, string>;
  const db = () => testApp.app.database.db;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const create = async (scope: 'read' | 'write', extra: object = {}) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/tokens',
      headers: session,
      payload: { name: `${scope} script`, scope, ...extra },
    });
    expect(response.statusCode).toBe(201);
    return response.json<CreatedApiToken>();
  };
  const signups = (headers: Record<string, string>) =>
    testApp.app.inject({ url: '/api/admin/signups', headers });
  const addToWhitelist = (headers: Record<string, string>, email: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/admin/whitelist/add',
      headers,
      payload: { email },
    });
  const revoke = (id: string, headers = session) =>
    testApp.app.inject({ method: 'DELETE', url: `/api/admin/tokens/${id}`, headers });
  const auditRows = () =>
    db().selectFrom('audit_log').select(['action', 'actor', 'target']).orderBy('id').execute();

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    session = (await adminHeaders(testApp.app, ADMIN)).headers;
  });
  beforeEach(() => {
    testApp.app.config.adminEmails = new Set([ADMIN]);
  });
  afterAll(() => testApp.close());

  it('creates a token that works as a Bearer credential, shown once and stored only as its hash', async () => {
    const { token, apiToken } = await create('write', { expiresInDays: 30 });
    expect(token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(apiToken).toMatchObject({
      scope: 'write',
      createdBy: ADMIN,
      prefixHint: `${API_TOKEN_PREFIX}…${token.slice(-4)}`,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(new Date(apiToken.expiresAt!).getTime()).toBeGreaterThan(Date.now());

    const row = await db()
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', apiToken.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashApiToken(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(API_TOKEN_PREFIX.length));

    const response = await signups(bearer(token));
    expect(response.statusCode).toBe(200);
    const listed = await testApp.app.inject({ url: '/api/admin/tokens', headers: session });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(token);
    const shown = listed.json<ApiTokenList>().tokens.find((entry) => entry.id === apiToken.id);
    expect(shown?.lastUsedAt).not.toBeNull();
  });

  it('lets a read-only token read but not change', async () => {
    const { token } = await create('read');
    expect((await signups(bearer(token))).statusCode).toBe(200);
    const head = await testApp.app.inject({
      method: 'HEAD',
      url: '/api/admin/signups',
      headers: bearer(token),
    });
    expect(head.statusCode).toBe(200);
    const refused = await addToWhitelist(bearer(token), 'read-only@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: READ_ONLY_TOKEN_MESSAGE });
    const listed = await db()
      .selectFrom('whitelist')
      .selectAll()
      .where('email', '=', 'read-only@example.com')
      .execute();
    expect(listed).toEqual([]);
  });

  it('audits a change made with a write token under its creator and the token', async () => {
    const { token, apiToken } = await create('write');
    const response = await addToWhitelist(bearer(token), 'by-token@example.com');
    expect(response.statusCode).toBe(200);
    expect(await auditRows()).toContainEqual({
      action: 'whitelist.add',
      actor: `${ADMIN} via token ${apiToken.prefixHint}`,
      target: 'by-token@example.com',
    });
  });

  it('notes the last use at most once a minute, and takes a change from any site (no cookie)', async () => {
    const { token, apiToken } = await create('write');
    const lastUsed = async () =>
      (
        await db()
          .selectFrom('api_tokens')
          .select('last_used_at')
          .where('id', '=', apiToken.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    await signups(bearer(token));
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await signups(bearer(token));
    expect(await lastUsed()).toEqual(first);
    const longAgo = new Date(Date.now() - 2 * 60_000).toISOString();
    await db()
      .updateTable('api_tokens')
      .set({ last_used_at: longAgo })
      .where('id', '=', apiToken.id)
      .execute();
    await signups(bearer(token));
    expect(new Date((await lastUsed())!).getTime()).toBeGreaterThan(new Date(longAgo).getTime());

    const crossSite = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' };
    const response = await addToWhitelist({ ...bearer(token), ...crossSite }, 'x@example.com');
    expect(response.statusCode).toBe(200);
  });

  it('refuses revoked, expired, unknown and garbage tokens with 401', async () => {
    const revoked = await create('write');
    expect((await revoke(revoked.apiToken.id)).statusCode).toBe(200);
    const expired = await create('write', { expiresInDays: 1 });
    await db()
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.apiToken.id)
      .execute();
    for (const token of [
      revoked.token,
      expired.token,
      `${API_TOKEN_PREFIX}${'A'.repeat(43)}`,
      `${API_TOKEN_PREFIX}garbage`,
      API_TOKEN_PREFIX,
    ]) {
      const response = await signups(bearer(token));
      expect(response.statusCode, token).toBe(401);
      expect(response.json()).toEqual({ message: AUTHENTICATION_REQUIRED_MESSAGE });
    }
  });

  it('ends the rights of a token at once when its creator leaves the allow-list', async () => {
    const { token } = await create('write');
    expect((await signups(bearer(token))).statusCode).toBe(200);
    testApp.app.config.adminEmails = new Set(['someone-else@example.com']);
    const response = await signups(bearer(token));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: ACCESS_DENIED_MESSAGE });
  });

  it('never lets a token list, create or revoke tokens', async () => {
    const { token, apiToken } = await create('write');
    const before = await db().selectFrom('api_tokens').selectAll().orderBy('id').execute();
    for (const request of [
      { method: 'GET' as const, url: '/api/admin/tokens' },
      { method: 'POST' as const, url: '/api/admin/tokens', payload: { name: 'x', scope: 'write' } },
      { method: 'DELETE' as const, url: `/api/admin/tokens/${apiToken.id}` },
    ]) {
      const response = await testApp.app.inject({ ...request, headers: bearer(token) });
      expect(response.statusCode, request.method).toBe(403);
      expect(response.json()).toEqual({ message: SESSION_ONLY_MESSAGE });
    }
    expect(await db().selectFrom('api_tokens').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('revokes idempotently, audits create and revoke once each, and answers 404 for an unknown id', async () => {
    const { token, apiToken } = await create('read');
    const first = await revoke(apiToken.id);
    const again = await revoke(apiToken.id);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json<{ revokedAt: string | null }>().revokedAt).not.toBeNull();
    expect((await signups(bearer(token))).statusCode).toBe(401);

    const rows = (await auditRows()).filter((row) => row.target.startsWith(apiToken.prefixHint));
    expect(rows).toEqual([
      {
        action: 'api-token.create',
        actor: ADMIN,
        target: `${apiToken.prefixHint} "read script" (read)`,
      },
      { action: 'api-token.revoke', actor: ADMIN, target: `${apiToken.prefixHint} "read script"` },
    ]);
    expect((await revoke('no-such-token')).statusCode).toBe(404);
    expect((await revoke('%00')).statusCode).toBe(400);
  });

  it('refuses bad input to create with 400', async () => {
    for (const payload of [
      { name: '', scope: 'read' },
      { name: 'x', scope: 'admin' },
      { name: 'x', scope: 'read', expiresInDays: 0 },
      { name: 'x'.repeat(101), scope: 'read' },
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/tokens',
        headers: session,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
