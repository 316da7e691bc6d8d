import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '../../db/column-types.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { migrations } from '../../db/migrate.ts';
import type { Database } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { migratedTestDatabase, type MigratedTestDatabase } from '../../test/migrated-database.ts';
import { endOfDay, startOfDay } from './list-filter.ts';
import { countFromTally, foldSignupTally, type TallyFilter } from './signup-tally.ts';

const kinds = await testDatabaseKinds();

const PROGRAMS = ['CLOSED_ALPHA', 'BETA', 'OPEN_BETA'];
const SOURCES = ['general', 'hero-top', 'footer'];
/** Times over four UTC days, some a millisecond either side of midnight. */
const TIMES = [
  '2026-03-01T00:00:00.000Z',
  '2026-03-01T12:30:00.000Z',
  '2026-03-01T23:59:59.999Z',
  '2026-03-02T00:00:00.000Z',
  '2026-03-03T08:00:00.000Z',
  '2026-03-04T23:59:59.999Z',
];
const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];

/** Every filter the tally answers, over the values above (and some no signup has). */
const FILTERS: TallyFilter[] = [
  {},
  ...(['confirmed', 'pending'] as const).map((confirmation) => ({ confirmation })),
  ...[...PROGRAMS, 'NONE'].map((type) => ({ type })),
  ...SOURCES.map((source) => ({ source })),
  ...DAYS.flatMap((from) => DAYS.map((to) => ({ from, to }))),
  { from: '2026-03-02' },
  { to: '2026-03-01' },
  {
    type: 'BETA',
    source: 'footer',
    confirmation: 'confirmed',
    from: '2026-03-01',
    to: '2026-03-03',
  },
  { type: 'CLOSED_ALPHA', confirmation: 'pending', to: '2026-03-02' },
];

/** What the tally must say: a count of the signup rows themselves. */
async function counted(db: Kysely<Database>, filter: TallyFilter): Promise<number> {
  let query = db.selectFrom('signups').select((eb) => eb.fn.countAll<string | number>().as('n'));
  if (filter.confirmation === 'confirmed') query = query.where('confirmed_at', 'is not', null);
  if (filter.confirmation === 'pending') query = query.where('confirmed_at', 'is', null);
  if (filter.type) query = query.where('program', '=', filter.type);
  if (filter.source) query = query.where('source', '=', filter.source);
  if (filter.from) query = query.where('created_at', '>=', startOfDay(filter.from));
  if (filter.to) query = query.where('created_at', '<', endOfDay(filter.to));
  return Number((await query.executeTakeFirstOrThrow()).n);
}

async function expectTallyEqualsRows(db: Kysely<Database>) {
  for (const filter of FILTERS) {
    expect(await countFromTally(db, filter), JSON.stringify(filter)).toBe(
      await counted(db, filter),
    );
  }
}

type Operation =
  | { kind: 'insert'; emails: number[]; time: number; program: number; source: number }
  | { kind: 'confirm'; email: number; time: number }
  | { kind: 'unconfirm'; email: number }
  | { kind: 'move'; email: number; time: number; program: number; source: number }
  | { kind: 'repeat'; email: number }
  | { kind: 'erase'; email: number }
  | { kind: 'fold' };

const address = (n: number) => `person${n}@example.com`;

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    emails: fc.uniqueArray(fc.nat(30), { minLength: 1, maxLength: 6 }),
    time: fc.nat(TIMES.length - 1),
    program: fc.nat(PROGRAMS.length - 1),
    source: fc.nat(SOURCES.length - 1),
  }),
  fc.record({ kind: fc.constant('confirm' as const), email: fc.nat(30), time: fc.nat(5) }),
  fc.record({ kind: fc.constant('unconfirm' as const), email: fc.nat(30) }),
  fc.record({
    kind: fc.constant('move' as const),
    email: fc.nat(30),
    time: fc.nat(TIMES.length - 1),
    program: fc.nat(PROGRAMS.length - 1),
    source: fc.nat(SOURCES.length - 1),
  }),
  fc.record({ kind: fc.constant('repeat' as const), email: fc.nat(30) }),
  fc.record({ kind: fc.constant('erase' as const), email: fc.nat(30) }),
  fc.record({ kind: fc.constant('fold' as const) }),
);

/** Applies one operation as the service's statements would: several rows per statement at times. */
async function apply(db: Kysely<Database>, op: Operation) {
  switch (op.kind) {
    case 'insert': {
      const at = TIMES[op.time]!;
      // As the signup group commit does: one statement, repeats update their row.
      await db
        .insertInto('signups')
        .values(
          op.emails.map((n) => ({
            id: `id-${n}`,
            email: address(n),
            program: PROGRAMS[op.program]!,
            source: SOURCES[op.source]!,
            created_at: at,
            last_signup_at: at,
          })),
        )
        .onConflict((oc) =>
          oc.column('email').doUpdateSet({
            last_signup_at: at,
            signup_count: sql`signups.signup_count + 1`,
          }),
        )
        .execute();
      return;
    }
    case 'confirm':
      await db
        .updateTable('signups')
        .set({ confirmed_at: TIMES[op.time]! })
        .where('email', '=', address(op.email))
        .execute();
      return;
    case 'unconfirm':
      await db
        .updateTable('signups')
        .set({ confirmed_at: null })
        .where('email', '=', address(op.email))
        .execute();
      return;
    case 'move':
      // An import correcting a row, or several rows at once.
      await db
        .updateTable('signups')
        .set({
          created_at: TIMES[op.time]!,
          program: PROGRAMS[op.program]!,
          source: SOURCES[op.source]!,
        })
        .where('email', '>=', address(op.email))
        .execute();
      return;
    case 'repeat':
      await db
        .updateTable('signups')
        .set({ signup_count: sql`signup_count + 1` })
        .where('email', '=', address(op.email))
        .execute();
      return;
    case 'erase':
      await db.deleteFrom('signups').where('email', '=', address(op.email)).execute();
      return;
    case 'fold':
      await foldSignupTally(db);
      return;
  }
}

describe.each(kinds)('signup tally on $name', (kind) => {
  let migrated: MigratedTestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    migrated = await migratedTestDatabase(kind);
    handle = migrated.handle;
    db = handle.db;
  });
  afterAll(() => migrated.close());

  const reset = async () => {
    await db.deleteFrom('signups').execute();
    await foldSignupTally(db);
  };

  it('counts what the signup rows say after any sequence of writes, folded or not', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
        await reset();
        for (const op of operations) await apply(db, op);
        await expectTallyEqualsRows(db);
        await foldSignupTally(db);
        await expectTallyEqualsRows(db);
      }),
      { numRuns: 40 },
    );
  });

  it('keeps no change rows after a fold, and a fold with nothing to do changes nothing', async () => {
    await reset();
    for (const n of [1, 2, 3]) {
      await apply(db, { kind: 'insert', emails: [n], time: n, program: 0, source: n % 3 });
    }
    const folded = await foldSignupTally(db);
    if (isPostgres(db)) {
      expect(folded).toBe(3);
      const left = await db
        .selectFrom('signup_tally_changes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(left.n)).toBe(0);
    } else {
      expect(folded).toBe(0);
    }
    expect(await foldSignupTally(db)).toBe(0);
    expect(await countFromTally(db, {})).toBe(3);
  });

  it.runIf(kind.name === 'postgres')(
    'stays exact under concurrent writers and folds on several connections',
    async () => {
      await reset();
      const writers = Array.from({ length: 6 }, (_, writer) =>
        (async () => {
          for (let round = 0; round < 15; round++) {
            const n = writer * 100 + round;
            await db.transaction().execute(async (trx) => {
              await apply(trx, {
                kind: 'insert',
                emails: [n, n + 50],
                time: round % TIMES.length,
                program: writer % 3,
                source: round % 3,
              });
              await apply(trx, { kind: 'confirm', email: n, time: 1 });
            });
            if (round % 4 === 0) await apply(db, { kind: 'erase', email: n + 50 });
          }
        })(),
      );
      let writing = true;
      const folders = Array.from({ length: 3 }, async () => {
        while (writing) await foldSignupTally(db);
      });
      await Promise.all(writers);
      writing = false;
      await Promise.all(folders);
      await expectTallyEqualsRows(db);
      await foldSignupTally(db);
      await expectTallyEqualsRows(db);
    },
  );
});

describe.each(kinds)('migration 0017-signup-tally on $name', (kind) => {
  it('counts the signups made before it, and undoes cleanly', async () => {
    const database = await kind.create();
    const handle = openDatabase(database.config);
    const schema = database.config.kind === 'postgres' ? database.config.schema : undefined;
    try {
      const migrator = new Migrator({
        db: handle.db,
        provider: {
          // Up to this migration only: later ones may build on it.
          getMigrations: () =>
            Promise.resolve(
              Object.fromEntries(
                Object.entries(migrations).filter(([name]) => name <= '0017-signup-tally'),
              ),
            ),
        },
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect((await migrator.migrateDown()).error).toBeUndefined();
      for (const n of [1, 2, 3, 4, 5]) {
        await apply(handle.db, {
          kind: 'insert',
          emails: [n],
          time: n,
          program: n % 2,
          source: n % 3,
        });
      }
      await apply(handle.db, { kind: 'confirm', email: 2, time: 3 });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      await expectTallyEqualsRows(handle.db);
      await apply(handle.db, { kind: 'insert', emails: [9], time: 0, program: 2, source: 2 });
      await expectTallyEqualsRows(handle.db);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
