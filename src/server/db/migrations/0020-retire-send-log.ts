import { sql, type Kysely } from 'kysely';
import { timestampType } from '../column-types.ts';

/** What a send the log left pending became: its outcome was never known, and it is not retried. */
export const CUT_OFF_MESSAGE =
  'The send was cut off before its outcome was known; it was not sent again.';

/**
 * The send log older versions wrote before every mail went through the outbox (0007) is retired:
 * its rows become finished outbox rows, so a person's copy of their data, erasure and the mail
 * queue read one table. A sent mail stays sent, a refused one suppressed; a failed one, and one
 * left pending by a crash, is dead (an admin may retry it from the mail queue, which renders the
 * template again and checks suppression and the whitelist as for any mail).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .columns([
      'id',
      'to_address',
      'template',
      'message_id',
      'params',
      'status',
      'attempts',
      'rounds',
      'max_rounds',
      'priority',
      'next_attempt_at',
      'last_error',
      'failure_message',
      'smtp_response',
      'requested_by',
      'created_at',
      'finished_at',
    ])
    .expression(
      db
        .selectFrom('email_send_log')
        .select([
          'id',
          'to_address',
          'template',
          'message_id',
          sql.lit('{}').as('params'),
          sql<string>`case status when 'sent' then 'sent' when 'refused' then 'suppressed' else 'dead' end`.as(
            'status',
          ),
          'attempts',
          sql.lit(1).as('rounds'),
          sql.lit(1).as('max_rounds'),
          sql.lit(0).as('priority'),
          'created_at',
          'error',
          sql<
            string | null
          >`case status when 'pending' then ${sql.lit(CUT_OFF_MESSAGE)} when 'failed' then error else null end`.as(
            'failure_message',
          ),
          'smtp_response',
          'requested_by',
          'created_at',
          'created_at',
        ]),
    )
    .execute();
  await db.schema.dropTable('email_send_log').execute();
}

/** The table comes back empty: its rows live on in the outbox, where 0007's down removes them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_send_log')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('template', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('message_id', 'text', (column) => column.notNull())
    .addColumn('smtp_response', 'text')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .addColumn('requested_by', 'text', (column) => column.notNull())
    .addColumn('created_at', timestampType(db), (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('email_send_log_to_idx')
    .on('email_send_log')
    .columns(['to_address', 'created_at'])
    .execute();
}
