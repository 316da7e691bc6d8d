import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { LOCAL_ADMIN_EMAIL } from '../../config.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { insertSignup } from '../signups/signup-repository.ts';

/** Rows with chosen times, for the admin list tests. */
export async function signedUp(
  db: Kysely<Database>,
  email: string,
  at: Date,
  { program = 'CLOSED_ALPHA', source = 'general' } = {},
) {
  await insertSignup(db, { email, program, source }, at);
}

export async function whitelisted(db: Kysely<Database>, email: string, at: Date) {
  await db
    .insertInto('whitelist')
    .values({ email, added_at: at.toISOString(), added_by: 'fixture@reelscore.local' })
    .execute();
}

export async function registered(db: Kysely<Database>, email: string, at: Date, uid?: string) {
  await db
    .insertInto('app_users')
    .values({ uid: uid ?? `app-${email}`, email, registered_at: at.toISOString() })
    .execute();
}

/** A time `minutes` after a fixed start, so orderings are easy to read in the tests. */
export function minute(minutes: number): Date {
  return new Date(Date.UTC(2026, 0, 1, 12, 0, 0) + minutes * 60_000);
}

/** GETs an admin path as the default allowed admin. */
export async function adminGetter(app: FastifyInstance) {
  const { headers } = await adminHeaders(app, LOCAL_ADMIN_EMAIL);
  return (url: string) => app.inject({ method: 'GET', url, headers });
}
