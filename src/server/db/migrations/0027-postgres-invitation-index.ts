import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../column-types.ts';

/** The early-access invitation's template (platform/mail/templates/template-ids.ts). */
const INVITATION = 'early-access-invitation';

/**
 * PostgreSQL: the outbox's index by template, state and address (0013) keeps only invitations,
 * as SQLite's has since 0024 (decision 0044). It serves "was this address sent the invitation"
 * (the counts, the funnel, the waves), whose queries name the template as a literal
 * (`sentInvitation`), so the planner can use the partial index; every confirmation mail wrote an
 * entry in it for nothing, at a random place in the index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await partialIndex(db, true);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await partialIndex(db, false);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function partialIndex(db: Kysely<any>, invitationsOnly: boolean) {
  await db.schema.dropIndex('mail_outbox_template_status_to_idx').execute();
  const index = db.schema
    .createIndex('mail_outbox_template_status_to_idx')
    .on('mail_outbox')
    .columns(['template', 'status', 'to_address']);
  await (
    invitationsOnly ? index.where(sql.ref('template'), '=', sql.lit(INVITATION)) : index
  ).execute();
}
