import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import { migrationsThrough, migrationTestDatabase } from '../../test/migration-steps.ts';

const kinds = await testDatabaseKinds();
const through = migrationsThrough('0025-outbox-status-index');

describe.each(kinds)('migration 0025-outbox-status-index on $name', (kind) => {
  it('leaves the outbox one index by state, which the lease of expired mail reads, and undoes it', async () => {
    const {
      handle,
      schema,
      migrator,
      indexes: indexesOf,
      close,
    } = await migrationTestDatabase(kind);
    const db = handle.db;
    const indexes = async () =>
      (await indexesOf('mail_outbox')).filter((name) => name.endsWith('due_idx'));
    try {
      expect((await migrator(through).migrateToLatest()).error).toBeUndefined();
      expect(await indexes()).toEqual(['mail_outbox_priority_due_idx']);
      if (!schema) {
        // Mail whose lease ran out is read in the lease's order from the remaining index.
        const plan = await sql<{ detail: string }>`explain query plan
          select id from mail_outbox where status = 'sending' and lease_until < ${'2026-01-01'}
          order by priority, next_attempt_at, id limit 20`.execute(db);
        expect(plan.rows.map((row) => row.detail).join(' ')).toContain(
          'mail_outbox_priority_due_idx',
        );
      }
      expect((await migrator(through).migrateDown()).error).toBeUndefined();
      expect((await indexes()).sort()).toEqual([
        'mail_outbox_due_idx',
        'mail_outbox_priority_due_idx',
      ]);
    } finally {
      await close();
    }
  });
});
