import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../column-types.ts';

/**
 * PostgreSQL only: a batch of signups with their confirmation mails and webhook events in one
 * call (decision 0044). The batch was six statements in a transaction (begin, the signups, the
 * addresses' recent confirmation mails, the new mails, the webhook endpoints, commit), each a
 * round trip behind the service's other work; as one function called outside a transaction it is
 * one round trip and one commit, and PostgreSQL plans its statements once per connection.
 *
 * Each statement of a volatile function sees what committed before it started, as the
 * transaction's statements did: a batch that waited for a concurrent batch's lock on an address
 * counts that batch's mail before it decides on its own. Everything the rules need (the template,
 * the limits, the times, the ids, the webhook bodies) comes in as parameters from the code that
 * owns them (`signup-repository.ts`); the function holds no constant of its own.
 *
 * - `rows`: the batch in address order (the order its rows are locked in), each
 *   `{ id, email, program, source, signup_count, mail_id, payload }`: the new row's id and the
 *   id of its mail, if the address turns out to be new or mailable, and its webhook body.
 * - The mails go to unconfirmed addresses with fewer than `per_day` confirmation mails since
 *   `day_start` and none after `gap_start`, one per signup and `dedupe_hour`.
 * - A delivery of `event_type` goes to every enabled endpoint that wants it, for each new
 *   address, with an id made here (`msg_` and a version 7 UUID of `event_ms`).
 *
 * Returns each address with its row's id (the new one, or the one it had) and confirmation.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  // RFC 9562 version 7: 48 bits of milliseconds over a random (version 4) UUID, whose version
  // bits 0100 become 0111.
  await sql`
    create function uuid_v7_at(ms bigint) returns text language sql volatile
    set search_path from current as $$
      select encode(
        set_bit(set_bit(
          overlay(uuid_send(gen_random_uuid()) placing substring(int8send(ms) from 3) from 1 for 6),
          52, 1), 53, 1),
        'hex')::uuid::text
    $$`.execute(db);
  await sql`
    create function signup_batch(
      rows jsonb, at timestamptz,
      template text, issued_at text, dedupe_hour text, max_rounds integer,
      per_day integer, day_start timestamptz, gap_start timestamptz,
      event_type text, event_ms bigint
    ) returns table (saved_email text, saved_id text, saved_confirmed_at timestamptz)
    language plpgsql
    set search_path from current as $$
    declare
      emails text[];
      ids text[];
      confirmed timestamptz[];
    begin
      with saved as (
        insert into signups as s
          (id, email, program, source, created_at, last_signup_at, signup_count, confirmed_at)
        select r.id, r.email, r.program, r.source, at, at, r.signup_count, null
        from rows from (jsonb_to_recordset(signup_batch.rows)
          as (id text, email text, program text, source text, signup_count integer))
          with ordinality as r(id, email, program, source, signup_count, n)
        order by r.n
        on conflict (email) do update set
          signup_count = s.signup_count + excluded.signup_count,
          -- Batches commit in parallel: the latest time never moves back.
          last_signup_at = case
            when s.last_signup_at is null or excluded.last_signup_at > s.last_signup_at
            then excluded.last_signup_at else s.last_signup_at end
        returning s.email, s.id, s.confirmed_at
      )
      select array_agg(saved.email), array_agg(saved.id), array_agg(saved.confirmed_at)
      into emails, ids, confirmed
      from saved;

      insert into mail_outbox (id, to_address, template, message_id, params, status, max_rounds,
        priority, next_attempt_at, requested_by, dedupe_key, created_at)
      select r.mail_id, s.email, signup_batch.template, null,
        '{"signupId":' || to_json(s.id)::text || ',"issuedAt":' || to_json(issued_at)::text || '}',
        'queued', signup_batch.max_rounds, 1, at, 'system',
        signup_batch.template || ':' || s.id || ':' || dedupe_hour, at
      from unnest(emails, ids, confirmed) as s(email, id, confirmed_at)
      join jsonb_to_recordset(signup_batch.rows) as r(email text, mail_id text)
        on r.email = s.email
      -- Through the address index: the template is compared as an expression (see
      -- confirmation-repository.ts).
      cross join lateral (
        select count(*) as sent, max(o.created_at) as latest from mail_outbox o
        where o.to_address = s.email and o.created_at > day_start
          and o.template || '' = signup_batch.template
      ) as h
      where s.confirmed_at is null and h.sent < per_day
        and (h.latest is null or h.latest <= gap_start)
      on conflict (dedupe_key) do nothing;

      insert into webhook_deliveries (id, endpoint_id, event_type, subject, payload, status,
        next_attempt_at, created_at)
      select 'msg_' || uuid_v7_at(event_ms), e.id, event_type, s.email, r.payload, 'queued', at, at
      from unnest(emails, ids) as s(email, id)
      join jsonb_to_recordset(signup_batch.rows) as r(email text, id text, payload text)
        on r.email = s.email and r.id = s.id
      cross join webhook_endpoints e
      where e.disabled_at is null and e.events::jsonb ? event_type;

      return query select u.email, u.id, u.confirmed_at
        from unnest(emails, ids, confirmed) as u(email, id, confirmed_at);
    end $$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop function signup_batch`.execute(db);
  await sql`drop function uuid_v7_at`.execute(db);
}
