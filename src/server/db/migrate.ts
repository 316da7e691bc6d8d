import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationResultSet } from 'kysely/migration';
import * as signups from './migrations/0001-signups.ts';
import * as admin from './migrations/0002-admin.ts';
import * as adminSearch from './migrations/0003-admin-search.ts';
import * as oidcProviderState from './migrations/0004-oidc-provider-state.ts';
import * as email from './migrations/0005-email.ts';
import * as signupRepeats from './migrations/0006-signup-repeats.ts';
import * as mailOutbox from './migrations/0007-mail-outbox.ts';
import * as signupConfirmation from './migrations/0008-signup-confirmation.ts';
import * as erasure from './migrations/0009-erasure.ts';
import * as apiTokens from './migrations/0010-api-tokens.ts';
import * as outboxPriority from './migrations/0011-outbox-priority.ts';
import * as webhooks from './migrations/0012-webhooks.ts';
import * as adminListFilters from './migrations/0013-admin-list-filters.ts';
import * as inviteWaves from './migrations/0014-invite-waves.ts';
import * as adminListCoveringIndexes from './migrations/0016-admin-list-covering-indexes.ts';
import * as signupTally from './migrations/0017-signup-tally.ts';
import * as activityIndexes from './migrations/0018-activity-indexes.ts';
import * as addressProblems from './migrations/0019-address-problems.ts';
import * as retireSendLog from './migrations/0020-retire-send-log.ts';
import * as placeInLine from './migrations/0021-place-in-line.ts';
import * as movedUpMail from './migrations/0022-moved-up-mail.ts';
import * as referralCounts from './migrations/0023-referral-counts.ts';
import * as sqliteIntakeIndexes from './migrations/0024-sqlite-intake-indexes.ts';
import * as outboxStatusIndex from './migrations/0025-outbox-status-index.ts';
import * as signupBatchCall from './migrations/0026-signup-batch-call.ts';
import * as postgresIntakeIndexes from './migrations/0027-postgres-intake-indexes.ts';
import * as postgresOneAddressIndex from './migrations/0028-postgres-one-address-index.ts';

/** Every migration, in order. Listed explicitly so no directory scan is needed at start. */
export const migrations: Record<string, Migration> = {
  '0001-signups': signups,
  '0002-admin': admin,
  '0003-admin-search': adminSearch,
  '0004-oidc-provider-state': oidcProviderState,
  '0005-email': email,
  '0006-signup-repeats': signupRepeats,
  '0007-mail-outbox': mailOutbox,
  '0008-signup-confirmation': signupConfirmation,
  '0009-erasure': erasure,
  '0010-api-tokens': apiTokens,
  '0011-outbox-priority': outboxPriority,
  '0012-webhooks': webhooks,
  '0013-admin-list-filters': adminListFilters,
  '0014-invite-waves': inviteWaves,
  '0016-admin-list-covering-indexes': adminListCoveringIndexes,
  '0017-signup-tally': signupTally,
  '0018-activity-indexes': activityIndexes,
  '0019-address-problems': addressProblems,
  '0020-retire-send-log': retireSendLog,
  '0021-place-in-line': placeInLine,
  '0022-moved-up-mail': movedUpMail,
  '0023-referral-counts': referralCounts,
  '0024-sqlite-intake-indexes': sqliteIntakeIndexes,
  '0025-outbox-status-index': outboxStatusIndex,
  '0026-signup-batch-call': signupBatchCall,
  '0027-postgres-intake-indexes': postgresIntakeIndexes,
  '0028-postgres-one-address-index': postgresOneAddressIndex,
};

/** PostgreSQL's "schema … does not exist". */
const INVALID_SCHEMA_NAME = '3F000';
/** How often a migration is tried again after another client's schema vanished under it. */
const VANISHED_SCHEMA_RETRIES = 20;

/**
 * Whether `error` is about a schema other than `schema` that does not exist. Kysely's migrator
 * finds its own tables by listing the tables of every schema (`has_schema_privilege` on each
 * name); a schema another client drops while that list is read ends the read with this error,
 * though nothing of ours is wrong.
 */
function otherSchemaVanished(error: unknown, schema: string | undefined): boolean {
  if (!(error instanceof Error) || (error as { code?: string }).code !== INVALID_SCHEMA_NAME) {
    return false;
  }
  return schema === undefined || !error.message.includes(`"${schema}"`);
}

/**
 * Brings the schema up to date. Kysely takes a lock (an advisory lock on PostgreSQL), so several
 * instances starting at once apply each migration exactly once.
 */
// Migrations work on the schema as it was then, not on today's row types.
export async function migrateToLatest(
  db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  /** PostgreSQL schema the service uses (tests use one each); its migration tables live there. */
  schema?: string,
): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  for (let attempt = 0; ; attempt++) {
    const result = await migrator.migrateToLatest();
    if (!result.error) return result;
    // Each migration runs in its own transaction and is recorded with it: trying again applies
    // only what is still missing.
    if (attempt < VANISHED_SCHEMA_RETRIES && otherSchemaVanished(result.error, schema)) {
      await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)));
      continue;
    }
    throw result.error instanceof Error
      ? result.error
      : new Error('Database migration failed', { cause: result.error });
  }
}
