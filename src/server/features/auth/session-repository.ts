import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toDate } from '../../db/schema.ts';
import type { SessionIdentity } from '../../platform/http/admin-request.ts';

export interface SessionLimits {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, used or not. */
  absoluteMs: number;
}

export type { SessionIdentity };

export interface ActiveSession extends SessionIdentity {
  tokenHash: string;
  lastSeenAt: Date;
}

/** Only a hash is stored: a copy of the database does not give anyone a session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function createSession(
  db: Kysely<Database>,
  identity: SessionIdentity,
  limits: SessionLimits,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + limits.absoluteMs);
  await db
    .insertInto('admin_sessions')
    .values({
      token_hash: hashToken(token),
      uid: identity.uid,
      email: identity.email,
      display_name: identity.displayName,
      photo_url: identity.photoUrl,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      revoked_at: null,
    })
    .execute();
  return { token, expiresAt };
}

/** The session behind a token, if it exists, is not revoked, and has not run out. */
export async function findActiveSession(
  db: Kysely<Database>,
  token: string,
  limits: SessionLimits,
  now = new Date(),
): Promise<ActiveSession | undefined> {
  const row = await db
    .selectFrom('admin_sessions')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) return undefined;
  const lastSeenAt = toDate(row.last_seen_at);
  if (toDate(row.expires_at).getTime() <= now.getTime()) return undefined;
  if (lastSeenAt.getTime() + limits.idleMs <= now.getTime()) return undefined;
  return {
    tokenHash: row.token_hash,
    uid: row.uid,
    email: row.email,
    displayName: row.display_name,
    photoUrl: row.photo_url,
    lastSeenAt,
  };
}

export async function touchSession(db: Kysely<Database>, tokenHash: string, now = new Date()) {
  await db
    .updateTable('admin_sessions')
    .set({ last_seen_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function revokeSession(db: Kysely<Database>, token: string, now = new Date()) {
  await db
    .updateTable('admin_sessions')
    .set({ revoked_at: now.toISOString() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}
