import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../column-types.ts';

/**
 * How many credited referrals each signup has (`referrals_credited`), kept by triggers on
 * `referrals` whoever writes (a friend confirming, an admin's decision, an erasure), so the lists
 * sort by it through an index instead of counting every signup's referrals (decision 0040). The
 * index holds only people with a credited referral: the list sorted by referrals shows them, and
 * an ordinary signup adds no entry to it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('signups')
    .addColumn('referrals_credited', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`
    update signups set referrals_credited = (select count(*) from referrals r
      where r.owner_id = signups.id and r.status = 'credited')
    where exists (select 1 from referrals r where r.owner_id = signups.id and r.status = 'credited')`.execute(
    db,
  );
  await db.schema
    .createIndex('signups_referrers_idx')
    .on('signups')
    .columns(['referrals_credited', 'created_at', 'id'])
    .where(sql.ref('referrals_credited'), '>', 0)
    .execute();
  if (isPostgres(db)) {
    await sql`
      create function referrals_credited_change() returns trigger language plpgsql
      set search_path from current as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and old.status = 'credited' then
          update signups set referrals_credited = referrals_credited - 1 where id = old.owner_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') and new.status = 'credited' then
          update signups set referrals_credited = referrals_credited + 1 where id = new.owner_id;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger referrals_credited_insert_delete after insert or delete on referrals
      for each row execute function referrals_credited_change()`.execute(db);
    await sql`
      create trigger referrals_credited_update after update of status, owner_id on referrals
      for each row
      when (old.status is distinct from new.status or old.owner_id is distinct from new.owner_id)
      execute function referrals_credited_change()`.execute(db);
    return;
  }
  const count = (row: 'new' | 'old', change: '+' | '-') =>
    `update signups set referrals_credited = referrals_credited ${change} 1 where id = ${row}.owner_id;`;
  await sql`
    create trigger referrals_credited_insert after insert on referrals
    when new.status = 'credited'
    begin ${sql.raw(count('new', '+'))} end`.execute(db);
  await sql`
    create trigger referrals_credited_delete after delete on referrals
    when old.status = 'credited'
    begin ${sql.raw(count('old', '-'))} end`.execute(db);
  await sql`
    create trigger referrals_credited_update after update of status, owner_id on referrals
    when old.status is not new.status or old.owner_id is not new.owner_id
    begin
      update signups set referrals_credited = referrals_credited - 1
      where id = old.owner_id and old.status = 'credited';
      update signups set referrals_credited = referrals_credited + 1
      where id = new.owner_id and new.status = 'credited';
    end`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger referrals_credited_update on referrals`.execute(db);
    await sql`drop trigger referrals_credited_insert_delete on referrals`.execute(db);
    await sql`drop function referrals_credited_change()`.execute(db);
  } else {
    for (const name of ['update', 'delete', 'insert']) {
      await sql`drop trigger ${sql.raw(`referrals_credited_${name}`)}`.execute(db);
    }
  }
  await db.schema.dropIndex('signups_referrers_idx').execute();
  await db.schema.alterTable('signups').dropColumn('referrals_credited').execute();
}
