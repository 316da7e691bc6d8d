import type { Kysely } from 'kysely';
import { isMailbox } from '../../../contract/email-rules.ts';
import { timestampType } from '../column-types.ts';

/** Addresses read per query while looking for stored text that is not one mailbox. */
const PAGE = 5000;

/** What the outbox says of a message this migration stopped (mail-service says the same). */
const NOT_ONE_MAILBOX_MESSAGE = 'This address is not one valid mailbox, so nothing was sent to it.';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

/** Every distinct value of `column` in `table` that `isMailbox` refuses, read in pages. */
async function refusedAddresses(db: Db, table: string, column: string): Promise<string[]> {
  const refused: string[] = [];
  let after: string | undefined;
  for (;;) {
    const rows = (await db
      .selectFrom(table)
      .select(`${column} as address`)
      .distinct()
      .$if(after !== undefined, (query) => query.where(column, '>', after))
      .orderBy(column)
      .limit(PAGE)
      .execute()) as { address: string }[];
    for (const { address } of rows) if (!isMailbox(address)) refused.push(address);
    if (rows.length < PAGE) return refused;
    after = rows.at(-1)!.address;
  }
}

/**
 * Addresses stored before every way in asked for exactly one mailbox: text such as
 * `a@x.test,b@y.test` or `nm<b@y.test>`, which a mail library reads as a list. They are kept for
 * the admin to see, listed here with the reason, and never mailed: waves pass them over, and
 * messages still queued to them are stopped (the outbox refuses such a row at delivery too).
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('address_problems')
    .addColumn('email', 'text', (column) => column.primaryKey())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('found_at', timestampType(db), (column) => column.notNull())
    .execute();
  const now = new Date().toISOString();
  const found = new Set<string>();
  for (const [table, column] of [
    ['signups', 'email'],
    ['whitelist', 'email'],
    ['app_users', 'email'],
  ] as const) {
    for (const address of await refusedAddresses(db, table, column)) found.add(address);
  }
  const addresses = [...found];
  for (let start = 0; start < addresses.length; start += 500) {
    await db
      .insertInto('address_problems')
      .values(
        addresses
          .slice(start, start + 500)
          .map((email) => ({ email, reason: 'not-one-mailbox', found_at: now })),
      )
      .execute();
  }
  const waiting = (await db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address'])
    .where('status', 'in', ['queued', 'sending'])
    .execute()) as { id: string; to_address: string }[];
  const stopped = waiting.filter((row) => !isMailbox(row.to_address)).map((row) => row.id);
  for (let start = 0; start < stopped.length; start += 500) {
    await db
      .updateTable('mail_outbox')
      .set({
        status: 'dead',
        lease_until: null,
        leased_by: null,
        last_error: 'not one mailbox',
        failure_message: NOT_ONE_MAILBOX_MESSAGE,
        finished_at: now,
      })
      .where('id', 'in', stopped.slice(start, start + 500))
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('address_problems').execute();
}
