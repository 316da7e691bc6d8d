import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../db/column-types.ts';
import type { Database } from '../db/schema.ts';
import { LOCAL_ADMIN_EMAIL } from '../config.ts';
import { adminHeaders } from './admin-session.ts';
import { earlyAccessInvitation } from '../features/access/early-access-invitation-mail.ts';
import { insertSignup } from '../features/waitlist/signup-repository.ts';

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

/** An early-access invitation `by` sent to `email` at `at`, delivered. */
export async function invited(db: Kysely<Database>, email: string, at: Date, by: string) {
  await db
    .insertInto('mail_outbox')
    .values({
      id: crypto.randomUUID(),
      to_address: email,
      template: earlyAccessInvitation.id,
      params: '{}',
      status: 'sent',
      max_rounds: 6,
      next_attempt_at: at.toISOString(),
      requested_by: by,
      dedupe_key: null,
      message_id: null,
      last_error: null,
      failure_message: null,
      smtp_response: '250 OK',
      lease_until: null,
      leased_by: null,
      created_at: at.toISOString(),
      finished_at: at.toISOString(),
    })
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

/**
 * `count` signups in one statement (generate_series, or a recursive count on SQLite), a minute
 * apart from 2026-01-01: enough rows for an export that no socket buffer holds, in a second.
 */
export async function manySignups(db: Kysely<Database>, count: number) {
  if (isPostgres(db)) {
    await sql`insert into signups (id, email, program, source, created_at, last_signup_at, confirmed_at)
      select 'bulk-' || lpad(g::text, 9, '0'), 'bulk' || g || '@example.com', 'CLOSED_ALPHA',
        'general', t, t, case when g % 2 = 0 then t end
      from generate_series(1, ${count}::int) as g,
        lateral (select timestamptz '2026-01-01T00:00:00Z' + g * interval '1 minute' as t) as at`.execute(
      db,
    );
    return;
  }
  await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < ${count})
    insert into signups (id, email, program, source, created_at, last_signup_at, confirmed_at)
    select 'bulk-' || substr('000000000' || n, -9), 'bulk' || n || '@example.com', 'CLOSED_ALPHA',
      'general', t, t, case when n % 2 = 0 then t end
    from (select n, strftime('%Y-%m-%dT%H:%M:%fZ', 1767225600 + n * 60, 'unixepoch') as t from g)`.execute(
    db,
  );
}
