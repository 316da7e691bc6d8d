import { createQueryId, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import { isPostgres } from './column-types.ts';
import type { Database } from './schema.ts';

/** A value a row of a batch carries: a statement parameter as it is. */
type Cell = string | number | null;

/** Where a parameter of the compiled statement comes from: a cell of the batch, or a constant. */
type Slot = { row: number; column: string } | { value: unknown };

interface Shape {
  sql: string;
  slots: Slot[];
  query: CompiledQuery['query'];
}

/** Marks a cell while a shape is compiled: found again among the parameters, never in the text. */
const MARK = '\u0000batch-cell\u0000';

/** At most this many shapes a statement (batch sizes times column sets): a bound, not a target. */
const MAX_SHAPES = 256;

/**
 * A statement over a batch of rows (a multi-row insert, say), compiled once per shape and
 * filled with each batch's values. Kysely builds a statement's tree and compiles it for every
 * call, and a multi-row `values` list is a node per cell: a signup batch of 32 rows is 288
 * value nodes, built, frozen and compiled again for every batch, about 8% of the service's
 * event loop under load (decision 0042). A shape is the number of rows, their columns in
 * order, and the dialect.
 *
 * The shape's statement is built once with a mark in every cell, and the parameters that carry
 * the marks tell which cell fills which parameter. If any mark is not found exactly once among
 * the parameters, or shows in the text, the statement does not depend on its cells as plain
 * parameters, and such a shape is built and compiled for every batch, as before. Rows of
 * different columns (or a column left undefined in some rows) are built and compiled as they
 * come.
 */
export function rowBatchQuery<Row extends Record<string, Cell | undefined>, Result>(
  build: (db: Kysely<Database>, rows: readonly Row[]) => Compilable<Result>,
): (db: Kysely<Database>, rows: readonly Row[]) => CompiledQuery<Result> {
  const shapes = new Map<string, Shape | 'as-they-come'>();
  return (db, rows) => {
    const columns = rows.length > 0 ? columnsOf(rows[0]!) : undefined;
    if (!columns || !rows.every((row) => sameColumns(row, columns)))
      return build(db, rows).compile();
    const key = `${isPostgres(db) ? 'pg' : 'sqlite'}:${rows.length}:${columns.join(',')}`;
    let shape = shapes.get(key);
    if (shape === undefined) {
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      shape = compileShape(db, build, rows.length, columns);
      shapes.set(key, shape);
    }
    if (shape === 'as-they-come') return build(db, rows).compile();
    const parameters = shape.slots.map((slot) =>
      'value' in slot ? slot.value : rows[slot.row]![slot.column],
    );
    return { sql: shape.sql, parameters, query: shape.query, queryId: createQueryId() };
  };
}

/** The row's columns in order; undefined if any is left undefined (Kysely leaves it out). */
function columnsOf(row: Record<string, Cell | undefined>): string[] | undefined {
  const columns = Object.keys(row);
  return columns.every((column) => row[column] !== undefined) ? columns : undefined;
}

function sameColumns(row: Record<string, Cell | undefined>, columns: string[]): boolean {
  const own = Object.keys(row);
  return (
    own.length === columns.length &&
    own.every((column, index) => column === columns[index] && row[column] !== undefined)
  );
}

function compileShape<Row, Result>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, rows: readonly Row[]) => Compilable<Result>,
  count: number,
  columns: string[],
): Shape | 'as-they-come' {
  const marked = Array.from(
    { length: count },
    (_, row) =>
      Object.fromEntries(columns.map((column) => [column, `${MARK}${row}\u0000${column}`])) as Row,
  );
  const compiled = build(db, marked).compile();
  if (compiled.sql.includes(MARK)) return 'as-they-come';
  const seen = new Set<string>();
  const slots = compiled.parameters.map((parameter): Slot => {
    if (typeof parameter !== 'string' || !parameter.startsWith(MARK)) return { value: parameter };
    seen.add(parameter);
    const [row, column] = parameter.slice(MARK.length).split('\u0000');
    return { row: Number(row), column: column! };
  });
  const cells = slots.filter((slot) => !('value' in slot)).length;
  return seen.size === count * columns.length && cells === seen.size
    ? { sql: compiled.sql, slots, query: compiled.query }
    : 'as-they-come';
}
