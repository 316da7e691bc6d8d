import { sql, type Kysely } from 'kysely';
import { isPostgres, timestampType } from '../column-types.ts';

/**
 * The line (decision 0040): one order for the person's page and the admin's "invite the next N".
 *
 * - `signups.ticket`: the place an address took in the original line, by signup time (1, 2, 3…;
 *   a sequence on PostgreSQL, the batch's own count on SQLite, which has one writer). The
 *   existing signups are numbered by signup time.
 * - `signups.boost`: the places credited referrals moved the person forward (the setting's
 *   places a referral times the credited referrals, at most the cap).
 * - `signups.line_key`: `ticket - boost` while the person waits (confirmed, not yet on the
 *   whitelist), null otherwise; the line is `line_key` ascending, then `ticket` descending.
 * - `line_buckets`: how many people wait per range of 1,024 keys, kept by triggers, so a place is
 *   a sum over a thousand ranges and a count inside one range, never a count over the line.
 *   As with the signup tally (0017), PostgreSQL's statement triggers append changes that a fold
 *   adds in (`line_bucket_changes`); SQLite's row triggers add directly (its insert and delete
 *   share the tally's triggers: each row trigger costs its call, whatever it does).
 * - `signups.referral_code` (random, given when the person first needs it), `signups.wants` (the
 *   products the person wants first), `signups.network` and `network_at` (a keyed hash of the
 *   network, /24 or /64, the person last confirmed or opened their page from, or a referred
 *   signup came from; for the referral checks, cleared after 30 days) and `referrals`.
 */
export const LINE_BUCKET_SIZE = 1024;
/** Added to a key before it is divided into buckets: keys may be negative (moved far forward). */
export const LINE_KEY_OFFSET = 2 ** 40;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  const big = postgres ? 'bigint' : 'integer';
  if (postgres) await sql`create sequence signups_ticket_seq`.execute(db);
  await db.schema.alterTable('signups').addColumn('ticket', big).execute();
  await db.schema
    .alterTable('signups')
    .addColumn('boost', big, (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('signups').addColumn('line_key', big).execute();
  await db.schema.alterTable('signups').addColumn('referral_code', 'text').execute();
  await db.schema.alterTable('signups').addColumn('wants', 'text').execute();
  await db.schema.alterTable('signups').addColumn('network', 'text').execute();
  await db.schema.alterTable('signups').addColumn('network_at', timestampType(db)).execute();

  await sql`
    update signups set ticket = numbered.ticket
    from (select id, row_number() over (order by created_at, id) as ticket from signups) as numbered
    where numbered.id = signups.id`.execute(db);
  await sql`
    update signups set line_key = ticket
    where confirmed_at is not null and email not in (select email from whitelist)`.execute(db);
  if (postgres) {
    await sql`
      select setval('signups_ticket_seq', greatest((select max(ticket) from signups), 0) + 1, false)`.execute(
      db,
    );
    await sql`
      alter table signups alter column ticket set default nextval('signups_ticket_seq')`.execute(
      db,
    );
    await sql`alter sequence signups_ticket_seq owned by signups.ticket`.execute(db);
  }
  await db.schema
    .createIndex('signups_ticket_idx')
    .on('signups')
    .column('ticket')
    .unique()
    .execute();
  await db.schema
    .createIndex('signups_line_idx')
    .on('signups')
    // In the line's own order, so PostgreSQL reads a page of the line (or a wave's next N)
    // from the index rather than sorting everyone waiting.
    .columns(['line_key', 'ticket desc'])
    .where(sql.ref('line_key'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('signups_referral_code_idx')
    .on('signups')
    .column('referral_code')
    .unique()
    .where(sql.ref('referral_code'), 'is not', null)
    .execute();

  await db.schema
    .createTable('referrals')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('owner_id', 'text', (column) =>
      column.notNull().references('signups.id').onDelete('cascade'),
    )
    .addColumn('friend_id', 'text', (column) =>
      column.notNull().unique().references('signups.id').onDelete('cascade'),
    )
    // pending (the friend has not confirmed), credited, held (for an admin), rejected
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('reasons', 'text')
    .addColumn('created_at', timestampType(db), (column) => column.notNull())
    .addColumn('settled_at', timestampType(db))
    .addColumn('decided_at', timestampType(db))
    .addColumn('decided_by', 'text')
    .execute();
  await db.schema
    .createIndex('referrals_owner_idx')
    .on('referrals')
    .columns(['owner_id', 'status'])
    .execute();
  await db.schema
    .createIndex('referrals_status_idx')
    .on('referrals')
    .columns(['status', 'settled_at'])
    .execute();

  await db.schema
    .createTable('line_buckets')
    .addColumn('bucket', big, (column) => column.primaryKey())
    .addColumn('people', big, (column) => column.notNull())
    .execute();
  if (postgres) {
    await db.schema
      .createTable('line_bucket_changes')
      .addColumn('id', 'bigserial', (column) => column.primaryKey())
      .addColumn('bucket', 'bigint', (column) => column.notNull())
      .addColumn('change', 'bigint', (column) => column.notNull())
      .execute();
    await postgresTriggers(db);
    await postgresMembershipTriggers(db);
  } else {
    await sqliteTriggers(db);
  }
  await sql`
    insert into line_buckets (bucket, people)
    select ${sql.raw(bucketOf('line_key'))}, count(*) from signups where line_key is not null
    group by 1`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const name of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.raw(`signups_line_${name}`)} on signups`.execute(db);
      await sql`drop function ${sql.raw(`signup_line_${name}`)}()`.execute(db);
    }
    await db.schema.dropTable('line_bucket_changes').execute();
    await sql`drop trigger signups_line_join_insert on signups`.execute(db);
    await sql`drop trigger signups_line_join_confirm on signups`.execute(db);
    await sql`drop function signup_line_join()`.execute(db);
    await sql`drop trigger whitelist_line_change on whitelist`.execute(db);
    await sql`drop function whitelist_line_change()`.execute(db);
  } else {
    for (const name of ['signups_line_confirm', 'whitelist_line_insert', 'whitelist_line_delete']) {
      await sql`drop trigger ${sql.raw(name)}`.execute(db);
    }
    await sql`drop trigger signups_line_update`.execute(db);
    await sql`drop trigger signups_tally_insert`.execute(db);
    await sql`drop trigger signups_tally_delete`.execute(db);
    await sqliteTallyTriggers(db, '', '');
  }
  await db.schema.dropTable('line_buckets').execute();
  await db.schema.dropTable('referrals').execute();
  for (const index of ['signups_referral_code_idx', 'signups_line_idx', 'signups_ticket_idx']) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of ['network_at', 'network', 'wants', 'referral_code', 'line_key', 'boost']) {
    await db.schema.alterTable('signups').dropColumn(column).execute();
  }
  await db.schema.alterTable('signups').dropColumn('ticket').execute();
}

/** The bucket of a key, as SQL (both databases divide integers without a remainder). */
const bucketOf = (key: string) => `((${key} + ${LINE_KEY_OFFSET}) / ${LINE_BUCKET_SIZE})`;

/** Statement triggers: one change row per bucket a statement changed (see 0017's tally). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function postgresTriggers(db: Kysely<any>) {
  const keyed = (rows: 'old_rows' | 'new_rows', change: 1 | -1) => `
    select ${bucketOf('line_key')} as bucket, ${change} as change
    from ${rows} where line_key is not null`;
  const operations = [
    { name: 'insert', rows: [keyed('new_rows', 1)], referencing: 'new table as new_rows' },
    {
      name: 'update',
      rows: [keyed('old_rows', -1), keyed('new_rows', 1)],
      referencing: 'old table as old_rows new table as new_rows',
    },
    { name: 'delete', rows: [keyed('old_rows', -1)], referencing: 'old table as old_rows' },
  ];
  for (const { name, rows, referencing } of operations) {
    await sql`
      create function ${sql.raw(`signup_line_${name}`)}() returns trigger language plpgsql
      set search_path from current as $$
      begin
        insert into line_bucket_changes (bucket, change)
        select bucket, sum(change) from (${sql.raw(rows.join(' union all '))}) as changed
        group by bucket having sum(change) <> 0;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger ${sql.raw(`signups_line_${name}`)} after ${sql.raw(name)} on signups
      referencing ${sql.raw(referencing)}
      for each statement execute function ${sql.raw(`signup_line_${name}`)}()`.execute(db);
  }
}

/** SQLite: the tally's insert and delete triggers count the line too; an update of the key moves it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function sqliteTriggers(db: Kysely<any>) {
  const line = (row: 'new' | 'old', change: 1 | -1) => `
    insert into line_buckets (bucket, people)
    select ${bucketOf(`${row}.line_key`)}, ${change} where ${row}.line_key is not null
    on conflict (bucket) do update set people = people + ${change};`;
  // A row inserted without a ticket (the service numbers its own batches) gets the next one; a
  // row inserted confirmed waits at once. Both statements test the new row before touching any
  // page, so an ordinary signup pays for two statements that do nothing.
  const onInsert = `
    update signups set ticket = (select coalesce(max(ticket), 0) + 1 from signups)
    where id = new.id and new.ticket is null;
    update signups set line_key = ticket - boost
    where id = new.id and new.confirmed_at is not null and ${notWhitelisted('new.email')};
    ${line('new', 1)}`;
  await sql`drop trigger signups_tally_insert`.execute(db);
  await sql`drop trigger signups_tally_delete`.execute(db);
  await sqliteTallyTriggers(db, onInsert, line('old', -1));
  await sql`
    create trigger signups_line_update after update of line_key on signups
    when old.line_key is not new.line_key
    begin ${sql.raw(line('old', -1))} ${sql.raw(line('new', 1))} end`.execute(db);
  // Whoever confirms an address, or puts it on the whitelist or takes it off, moves the line.
  await sql`
    create trigger signups_line_confirm after update of confirmed_at on signups
    when new.confirmed_at is not null and new.line_key is null
    begin
      update signups set line_key = ticket - boost
      where id = new.id and ${sql.raw(notWhitelisted('new.email'))};
    end`.execute(db);
  await sql`
    create trigger whitelist_line_insert after insert on whitelist
    begin
      update signups set line_key = null where email = new.email and line_key is not null;
    end`.execute(db);
  await sql`
    create trigger whitelist_line_delete after delete on whitelist
    begin
      update signups set line_key = ticket - boost
      where email = old.email and confirmed_at is not null and line_key is null;
    end`.execute(db);
}

/** SQL: no whitelist entry for the address. */
function notWhitelisted(address: string): string {
  return `not exists (select 1 from whitelist w where w.email = ${address})`;
}

/**
 * PostgreSQL: a row confirmed (when inserted or later) waits, unless its address is on the
 * whitelist; a whitelist entry made or removed takes the address out of the line or puts it
 * back. Row triggers whose WHEN is false (every ordinary signup) call nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function postgresMembershipTriggers(db: Kysely<any>) {
  await sql`
    create function signup_line_join() returns trigger language plpgsql
    set search_path from current as $$
    begin
      if ${sql.raw(notWhitelisted('new.email'))} then
        new.line_key := new.ticket - new.boost;
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger signups_line_join_insert before insert on signups
    for each row when (new.confirmed_at is not null and new.line_key is null)
    execute function signup_line_join()`.execute(db);
  await sql`
    create trigger signups_line_join_confirm before update of confirmed_at on signups
    for each row when (new.confirmed_at is not null and new.line_key is null)
    execute function signup_line_join()`.execute(db);
  await sql`
    create function whitelist_line_change() returns trigger language plpgsql
    set search_path from current as $$
    begin
      if tg_op = 'INSERT' then
        update signups set line_key = null where email = new.email and line_key is not null;
      else
        update signups set line_key = ticket - boost
        where email = old.email and confirmed_at is not null and line_key is null;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger whitelist_line_change after insert or delete on whitelist
    for each row execute function whitelist_line_change()`.execute(db);
}

/** 0017's insert and delete triggers, with `onInsert` and `onDelete` added to their bodies. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function sqliteTallyTriggers(db: Kysely<any>, onInsert: string, onDelete: string) {
  const add = (row: 'new' | 'old', change: 1 | -1) => `
      insert into signup_tally (day, program, source, confirmed, signups)
      values (substr(${row}.created_at, 1, 10), ${row}.program, ${row}.source,
        ${row}.confirmed_at is not null, ${change})
      on conflict (day, program, source, confirmed) do update set signups = signups + ${change};`;
  await sql`
    create trigger signups_tally_insert after insert on signups
    begin ${sql.raw(add('new', 1))} ${sql.raw(onInsert)} end`.execute(db);
  await sql`
    create trigger signups_tally_delete after delete on signups
    begin ${sql.raw(add('old', -1))} ${sql.raw(onDelete)} end`.execute(db);
}
