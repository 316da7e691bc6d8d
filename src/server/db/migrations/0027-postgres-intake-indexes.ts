import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../column-types.ts';

/** The early-access invitation's template (platform/mail/templates/template-ids.ts). */
const INVITATION = 'early-access-invitation';
const ADDRESS_INDEXES = ['program', 'source'] as const;

/**
 * PostgreSQL: what 0024 did on SQLite (decision 0044). An address is a random key: each signup
 * wrote an entry at a random place of every index keyed by it, with its confirmation mail one
 * more in the outbox's.
 *
 * - The programme's and the signup form's address indexes of 0016 go. One programme or form
 *   ordered by address is read from the address index (0017's covering `signups_email_state_idx`)
 *   as far as the page needs: `bench/admin-data.ts`, a million signups, every list within its
 *   target before and after (`source=hero-top&sort=email` p95 15.2 → 9.8-11.7 ms).
 * - The outbox's index by template, state and address (0013) keeps only invitations. It serves
 *   "was this address sent the invitation" (the counts, the funnel, the waves), whose queries name
 *   the template as a literal (`sentInvitation`), so the planner uses the partial index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const column of ADDRESS_INDEXES) {
    await db.schema.dropIndex(`signups_${column}_email_idx`).execute();
  }
  await invitationIndex(db, true);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await invitationIndex(db, false);
  for (const column of ADDRESS_INDEXES) {
    await db.schema
      .createIndex(`signups_${column}_email_idx`)
      .on('signups')
      .columns([column, 'email'])
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function invitationIndex(db: Kysely<any>, invitationsOnly: boolean) {
  await db.schema.dropIndex('mail_outbox_template_status_to_idx').execute();
  const index = db.schema
    .createIndex('mail_outbox_template_status_to_idx')
    .on('mail_outbox')
    .columns(['template', 'status', 'to_address']);
  await (
    invitationsOnly ? index.where(sql.ref('template'), '=', sql.lit(INVITATION)) : index
  ).execute();
}
