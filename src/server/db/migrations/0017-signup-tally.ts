import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../column-types.ts';

/**
 * The signup tally (decision 0029): how many signups there are per UTC day of signup, programme,
 * signup form and confirmation state, kept by triggers on `signups`, so a list's total and the
 * figures above the lists read a few hundred rows per year of signups instead of every signup.
 *
 * - SQLite has one writer at a time: its triggers add to the tally directly.
 * - PostgreSQL's triggers only append to `signup_tally_changes`, one row per key a statement
 *   changed: concurrent signups, imports and confirmations never wait for (or deadlock on) a
 *   shared tally row. A worker folds the changes into `signup_tally` every few seconds
 *   (`foldSignupTally`); readers add the changes not yet folded.
 *
 * The triggers read only the signup row itself, so no interleaving of transactions can make the
 * tally differ from `signups`. The existing signups are counted in the same transaction, which
 * holds writes back until the triggers are in place.
 *
 * Also a covering index on the address with the columns a list filters on, so the whitelisted or
 * registered signups of a filter are counted by walking two indexes, without a signup row.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('signup_tally')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('program', 'text', (column) => column.notNull())
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('confirmed', 'integer', (column) => column.notNull())
    .addColumn('signups', postgres ? 'bigint' : 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('signup_tally_pk', ['day', 'program', 'source', 'confirmed'])
    .execute();
  if (postgres) {
    await db.schema
      .createTable('signup_tally_changes')
      .addColumn('id', 'bigserial', (column) => column.primaryKey())
      .addColumn('day', 'text', (column) => column.notNull())
      .addColumn('program', 'text', (column) => column.notNull())
      .addColumn('source', 'text', (column) => column.notNull())
      .addColumn('confirmed', 'integer', (column) => column.notNull())
      .addColumn('change', 'bigint', (column) => column.notNull())
      .execute();
    await postgresTriggers(db);
    await sql`
      create index signups_email_state_idx on signups (email)
        include (program, source, created_at, confirmed_at)`.execute(db);
  } else {
    await sqliteTriggers(db);
    await db.schema
      .createIndex('signups_email_state_idx')
      .on('signups')
      .columns(['email', 'program', 'source', 'created_at', 'confirmed_at'])
      .execute();
  }
  await sql`
    insert into signup_tally (day, program, source, confirmed, signups)
    select ${dayOf(db, sql.ref('created_at'))}, program, source,
      case when confirmed_at is null then 0 else 1 end, count(*)
    from signups group by 1, 2, 3, 4`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const name of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.raw(`signups_tally_${name}`)} on signups`.execute(db);
      await sql`drop function ${sql.raw(`signup_tally_${name}`)}()`.execute(db);
    }
    await db.schema.dropTable('signup_tally_changes').execute();
  } else {
    for (const name of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.raw(`signups_tally_${name}`)}`.execute(db);
    }
  }
  await db.schema.dropIndex('signups_email_state_idx').execute();
  await db.schema.dropTable('signup_tally').execute();
}

/** The UTC day of a signup time, `YYYY-MM-DD`, as the list's day filters read it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function dayOf(db: Kysely<any>, time: ReturnType<typeof sql.ref>) {
  return isPostgres(db)
    ? sql`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql`substr(${time}, 1, 10)`;
}

/**
 * Statement triggers with transition tables: one change row per key and statement (an import of
 * 100,000 signups writes a few hundred), nothing when a statement changed no key (a repeat
 * signup updates only its latest time and count). `search_path` is pinned to the schema the
 * functions are made in, so they write that schema's tally whoever fires them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function postgresTriggers(db: Kysely<any>) {
  const keyed = (rows: 'old_rows' | 'new_rows', change: 1 | -1) => `
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, program, source,
      case when confirmed_at is null then 0 else 1 end as confirmed, ${change} as change
    from ${rows}`;
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
      create function ${sql.raw(`signup_tally_${name}`)}() returns trigger language plpgsql
      set search_path from current as $$
      begin
        insert into signup_tally_changes (day, program, source, confirmed, change)
        select day, program, source, confirmed, sum(change)
        from (${sql.raw(rows.join(' union all '))}) as changed
        group by day, program, source, confirmed
        having sum(change) <> 0;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger ${sql.raw(`signups_tally_${name}`)} after ${sql.raw(name)} on signups
      referencing ${sql.raw(referencing)}
      for each statement execute function ${sql.raw(`signup_tally_${name}`)}()`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function sqliteTriggers(db: Kysely<any>) {
  const add = (row: 'new' | 'old', change: 1 | -1) =>
    sql.raw(`
      insert into signup_tally (day, program, source, confirmed, signups)
      values (substr(${row}.created_at, 1, 10), ${row}.program, ${row}.source,
        ${row}.confirmed_at is not null, ${change})
      on conflict (day, program, source, confirmed) do update set signups = signups + ${change};`);
  await sql`
    create trigger signups_tally_insert after insert on signups
    begin ${add('new', 1)} end`.execute(db);
  await sql`
    create trigger signups_tally_update after update of created_at, program, source, confirmed_at
    on signups
    begin ${add('old', -1)} ${add('new', 1)} end`.execute(db);
  await sql`
    create trigger signups_tally_delete after delete on signups
    begin ${add('old', -1)} end`.execute(db);
}
