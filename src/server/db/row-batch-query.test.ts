import fc from 'fast-check';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { rowBatchQuery } from './row-batch-query.ts';
import type { Database } from './schema.ts';

/** Kysely for compiling only, in a dialect. */
function compiling(
  adapter: SqliteAdapter | PostgresAdapter,
  compiler: () => SqliteQueryCompiler | PostgresQueryCompiler,
) {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => adapter,
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: compiler,
    },
  });
}

const dialects = {
  sqlite: compiling(new SqliteAdapter(), () => new SqliteQueryCompiler()),
  postgres: compiling(new PostgresAdapter(), () => new PostgresQueryCompiler()),
};

type Row = { id: string; to_address: string; rounds: number | null; params: string | null };

/** An upsert with a constant of its own among the parameters, after the cells. */
const build = (db: Kysely<Database>, rows: readonly Row[]) =>
  db
    .insertInto('mail_outbox')
    .values(rows as never)
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ status: 'queued' }))
    .returning(['id']);

const cell = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('\u0000batch-cell\u00000\u0000id', '?', '$1', "'"),
);
const row = fc.record({
  id: cell,
  to_address: cell,
  rounds: fc.oneof(fc.integer(), fc.constant(null)),
  params: fc.oneof(cell, fc.constant(null)),
});

describe('a statement over a batch of rows, compiled once per shape', () => {
  for (const [name, db] of Object.entries(dialects)) {
    it(`is what Kysely compiles for the same rows (${name})`, () => {
      const query = rowBatchQuery(build);
      fc.assert(
        fc.property(fc.array(row, { minLength: 1, maxLength: 40 }), (rows) => {
          const ours = query(db, rows);
          const kysely = build(db, rows).compile();
          expect(ours.sql).toBe(kysely.sql);
          expect(ours.parameters).toEqual(kysely.parameters);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('compiles rows of different columns, or with a column left undefined, as they come', () => {
    const db = dialects.sqlite;
    const query = rowBatchQuery(build);
    const full = { id: 'a', to_address: 'x@example.com', rounds: 1, params: '{}' };
    const mixed = [full, { id: 'b', to_address: 'y@example.com', rounds: 2 } as Row];
    expect(query(db, mixed)).toMatchObject(build(db, mixed).compile());
    const undefinedCell = [full, { ...full, id: 'c', params: undefined as unknown as null }];
    expect(query(db, undefinedCell)).toMatchObject(build(db, undefinedCell).compile());
    const reordered = [full, { params: '{}', rounds: 1, to_address: 'z@example.com', id: 'd' }];
    expect(query(db, reordered)).toMatchObject(build(db, reordered).compile());
  });

  it('keeps compiling a statement whose text depends on the cells', () => {
    const db = dialects.sqlite;
    // The cell's value lands in the text (an identifier), not among the parameters.
    const inText = rowBatchQuery((kysely, rows: readonly { id: string }[]) =>
      kysely.selectFrom('mail_outbox').select(rows.map((one) => one.id) as never),
    );
    const first = inText(db, [{ id: 'status' }]);
    const second = inText(db, [{ id: 'template' }]);
    expect(first.sql).toContain('"status"');
    expect(second.sql).toContain('"template"');
  });
});
