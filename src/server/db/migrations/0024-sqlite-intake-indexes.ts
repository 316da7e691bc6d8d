import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../column-types.ts';

/** The early-access invitation's template (platform/mail/templates/template-ids.ts). */
const INVITATION = 'early-access-invitation';

/**
 * SQLite: the programme's and the signup form's address indexes of 0016 go (issue 23,
 * decision 0037). An address is a random key: every signup of a batch wrote a leaf page of its
 * own in each index keyed by address, and these two doubled the pages a signup batch writes
 * to the log (a batch of 32 at 80,000 signups: 174 → 132 µs of CPU a signup, with the
 * repository's own insert). What they served, one programme or form ordered by address,
 * SQLite now reads from the programme's (form's) covering index by signup time and sorts the
 * page it keeps (`bench/admin-data.ts`: within the lists' target at 100,000 signups).
 * PostgreSQL keeps them: its lists are measured at a million signups, where that sort is not
 * cheap, and its intake is limited elsewhere.
 *
 * Likewise the outbox's index by template, state and address (0013) keeps only invitations on
 * SQLite: it serves "was this address sent the invitation" (the counts, the funnel, the waves),
 * and every confirmation mail wrote a random page of it for nothing (about 17 µs of CPU a signup
 * with its mail). Those queries name the template as a literal, so SQLite can use the partial
 * index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const column of ['program', 'source'] as const) {
    await db.schema.dropIndex(`signups_${column}_email_idx`).execute();
  }
  await db.schema.dropIndex('mail_outbox_template_status_to_idx').execute();
  await db.schema
    .createIndex('mail_outbox_template_status_to_idx')
    .on('mail_outbox')
    .columns(['template', 'status', 'to_address'])
    .where(sql.ref('template'), '=', sql.lit(INVITATION))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema.dropIndex('mail_outbox_template_status_to_idx').execute();
  await db.schema
    .createIndex('mail_outbox_template_status_to_idx')
    .on('mail_outbox')
    .columns(['template', 'status', 'to_address'])
    .execute();
  for (const column of ['program', 'source'] as const) {
    await db.schema
      .createIndex(`signups_${column}_email_idx`)
      .on('signups')
      .columns([column, 'email'])
      .execute();
  }
}
