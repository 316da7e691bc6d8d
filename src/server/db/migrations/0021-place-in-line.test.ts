import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { placeInLine, waitingCount } from '../../platform/line/line.ts';
import { countFromTally } from '../../platform/lists/signup-tally.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import {
  migrationsBefore,
  migrationsThrough,
  migrationTestDatabase,
} from '../../test/migration-steps.ts';

const kinds = await testDatabaseKinds();
const before = migrationsBefore('0021-place-in-line');
const through = migrationsThrough('0021-place-in-line');

/** Signups as an older version wrote them, out of time order, some confirmed, one whitelisted. */
const PEOPLE = [
  { email: 'c@example.com', at: '2026-01-03T00:00:00.000Z', confirmed: true },
  { email: 'a@example.com', at: '2026-01-01T00:00:00.000Z', confirmed: true },
  { email: 'pending@example.com', at: '2026-01-02T00:00:00.000Z', confirmed: false },
  { email: 'listed@example.com', at: '2026-01-02T12:00:00.000Z', confirmed: true },
  { email: 'b@example.com', at: '2026-01-02T06:00:00.000Z', confirmed: true },
];

describe.each(kinds)('migration 0021-place-in-line on $name', (kind) => {
  it('numbers existing signups by signup time and lets the confirmed, unlisted ones wait', async () => {
    const { handle, schema, migrator, close } = await migrationTestDatabase(kind);
    const db = handle.db;
    const time = (value: string) => (schema ? sql`${value}::timestamptz` : sql`${value}`);
    try {
      expect((await migrator(before).migrateToLatest()).error).toBeUndefined();
      for (const [index, person] of PEOPLE.entries()) {
        await sql`insert into signups (id, email, program, source, created_at, last_signup_at, signup_count, confirmed_at)
          values (${`id-${index}`}, ${person.email}, 'CLOSED_ALPHA', 'general', ${time(person.at)},
            ${time(person.at)}, 1, ${person.confirmed ? time(person.at) : null})`.execute(db);
      }
      await sql`insert into whitelist (email, added_at, added_by)
        values ('listed@example.com', ${time('2026-01-05T00:00:00.000Z')}, 'admin@example.com')`.execute(
        db,
      );

      expect((await migrator(through).migrateToLatest()).error).toBeUndefined();
      const rows = await db
        .selectFrom('signups')
        .select(['email', 'ticket', 'line_key'])
        .orderBy('ticket')
        .execute();
      expect(
        rows.map((row) => [
          row.email,
          Number(row.ticket),
          row.line_key === null ? null : Number(row.line_key),
        ]),
      ).toEqual([
        ['a@example.com', 1, 1],
        ['pending@example.com', 2, null],
        ['b@example.com', 3, 3],
        ['listed@example.com', 4, null],
        ['c@example.com', 5, 5],
      ]);
      expect(await waitingCount(db)).toBe(3);
      expect(await placeInLine(db, 'id-0')).toEqual({ place: 3, waiting: 3 });

      // After the migration the triggers keep the line, whoever writes.
      await sql`update signups set confirmed_at = created_at where email = 'pending@example.com'`.execute(
        db,
      );
      expect(await placeInLine(db, 'id-2')).toEqual({ place: 2, waiting: 4 });
      await sql`delete from whitelist where email = 'listed@example.com'`.execute(db);
      expect(await placeInLine(db, 'id-3')).toEqual({ place: 4, waiting: 5 });
      await sql`insert into whitelist (email, added_at, added_by)
        values ('a@example.com', ${time('2026-01-06T00:00:00.000Z')}, 'admin@example.com')`.execute(
        db,
      );
      expect(await placeInLine(db, 'id-1')).toBeUndefined();
      expect(await placeInLine(db, 'id-2')).toEqual({ place: 1, waiting: 4 });
      // A signup inserted without a ticket (an older writer) gets the next one.
      await sql`insert into signups (id, email, program, source, created_at, last_signup_at, signup_count, confirmed_at)
        values ('late', 'late@example.com', 'CLOSED_ALPHA', 'general', ${time('2026-01-07T00:00:00.000Z')},
          ${time('2026-01-07T00:00:00.000Z')}, 1, ${time('2026-01-07T00:00:00.000Z')})`.execute(db);
      expect(await placeInLine(db, 'late')).toEqual({ place: 5, waiting: 5 });

      // And back down: the columns, tables and triggers go; the tally's triggers stay.
      expect((await migrator(through).migrateTo('0020-retire-send-log')).error).toBeUndefined();
      await sql`insert into signups (id, email, program, source, created_at, last_signup_at, signup_count, confirmed_at)
        values ('after-down', 'down@example.com', 'CLOSED_ALPHA', 'general', ${time('2026-01-08T00:00:00.000Z')},
          ${time('2026-01-08T00:00:00.000Z')}, 1, null)`.execute(db);
      expect(await countFromTally(db, {})).toBe(PEOPLE.length + 2);
    } finally {
      await close();
    }
  });
});
