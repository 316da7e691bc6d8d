import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenScope,
} from '../../../contract/api-tokens.ts';
import type { ApiTokensTable, Database } from '../../db/schema.ts';
import { toDate } from '../../db/schema.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { recordAudit } from '../../platform/audit/audit-repository.ts';
import { VIA_TOKEN } from '../../platform/http/admin-request.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Only this is stored: a copy of the database gives nobody access. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isApiTokenShaped(value: string): boolean {
  return value.startsWith(API_TOKEN_PREFIX);
}

/** `rsk_…abcd`: enough to recognise a token in a list or the audit log, never to use it. */
function prefixHint(token: string): string {
  return `${API_TOKEN_PREFIX}…${token.slice(-4)}`;
}

/** How the audit log and the logs name what a token did: its creator and the token. */
export function tokenActor(row: { created_by: string; prefix_hint: string }): string {
  return `${row.created_by}${VIA_TOKEN}${row.prefix_hint}`;
}

function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : toDate(value).toISOString();
}

function toApiToken(row: Selectable<ApiTokensTable>): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefixHint: row.prefix_hint,
    createdBy: row.created_by,
    createdAt: toDate(row.created_at).toISOString(),
    lastUsedAt: isoOrNull(row.last_used_at),
    expiresAt: isoOrNull(row.expires_at),
    revokedAt: isoOrNull(row.revoked_at),
  };
}

export interface NewApiToken {
  name: string;
  scope: ApiTokenScope;
  expiresInDays?: number | undefined;
  createdBy: string;
}

/** Makes a token (256 random bits) and audits it in one transaction; the value is returned once. */
export async function createApiToken(
  db: Kysely<Database>,
  input: NewApiToken,
  now = new Date(),
): Promise<{ token: string; apiToken: ApiToken }> {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row: Selectable<ApiTokensTable> = {
    id: uuidV7(now.getTime()),
    name: input.name,
    token_hash: hashApiToken(token),
    prefix_hint: prefixHint(token),
    scope: input.scope,
    created_by: input.createdBy,
    created_at: now.toISOString(),
    last_used_at: null,
    expires_at: input.expiresInDays
      ? new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString()
      : null,
    revoked_at: null,
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('api_tokens').values(row).execute();
    await recordAudit(trx, {
      at: now,
      actor: input.createdBy,
      action: 'api-token.create',
      target: `${row.prefix_hint} "${row.name}" (${row.scope})`,
    });
  });
  return { token, apiToken: toApiToken(row) };
}

export async function listApiTokens(db: Kysely<Database>): Promise<ApiToken[]> {
  const rows = await db.selectFrom('api_tokens').selectAll().orderBy('id', 'desc').execute();
  return rows.map(toApiToken);
}

/**
 * Revokes a token; revoking it again changes nothing and is not audited twice.
 * Undefined when no token has the id.
 */
export async function revokeApiToken(
  db: Kysely<Database>,
  id: string,
  actor: string,
  now = new Date(),
): Promise<ApiToken | undefined> {
  return db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('api_tokens')
      .set({ revoked_at: now.toISOString() })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (revoked) {
      await recordAudit(trx, {
        at: now,
        actor,
        action: 'api-token.revoke',
        target: `${revoked.prefix_hint} "${revoked.name}"`,
      });
      return toApiToken(revoked);
    }
    const row = await trx
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toApiToken(row) : undefined;
  });
}

export type ActiveApiToken = Pick<
  Selectable<ApiTokensTable>,
  'id' | 'name' | 'scope' | 'created_by' | 'prefix_hint'
> & { lastUsedAt: Date | null };

/** The token behind a value, if it exists, is not revoked and has not expired. */
export async function findActiveApiToken(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<ActiveApiToken | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .selectAll()
    .where('token_hash', '=', hashApiToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) return undefined;
  if (row.expires_at !== null && toDate(row.expires_at).getTime() <= now.getTime())
    return undefined;
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    created_by: row.created_by,
    prefix_hint: row.prefix_hint,
    lastUsedAt: row.last_used_at === null ? null : toDate(row.last_used_at),
  };
}

export async function touchApiToken(db: Kysely<Database>, id: string, now = new Date()) {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}
