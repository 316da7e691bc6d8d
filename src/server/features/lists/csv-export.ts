import { Readable } from 'node:stream';
import { csvLines, type CsvCell } from './csv.ts';
import type { ListFilter } from '../../platform/lists/list-filter.ts';
import { readWithTimeout, type DatabaseHandle } from '../../db/database.ts';
import { copyTextLines } from './csv-sql.ts';
import { signupBatches, signupCsvCopy, type SignupListItem } from './signup-list-repository.ts';
import { userBatches, type BatchReader } from './user-list-filtered.ts';
import { withUserPlaces, type UserListItem } from './user-list-repository.ts';

/** Rows read per query: large enough to stream quickly, small enough to keep memory flat. */
export const EXPORT_BATCH_SIZE = 500;

export const SIGNUP_CSV_COLUMNS = [
  'id',
  'email',
  'type',
  'source',
  'created_at',
  'confirmed_at',
  'whitelisted',
  'registered_at',
  'last_signup_at',
  'signup_count',
  'place',
  'referrals',
  'wants',
] as const;

export const USER_CSV_COLUMNS = [
  'uid',
  'email',
  'whitelisted',
  'signup_date',
  'registration_date',
  'confirmed_at',
  'place',
  'referrals',
  'wants',
] as const;

function signupCells(item: SignupListItem): CsvCell[] {
  return [
    item.id,
    item.email,
    item.program,
    item.source,
    item.createdAt,
    item.confirmedAt,
    item.isWhitelisted,
    item.registeredAt,
    item.lastSignupAt,
    item.signupCount,
    item.place,
    item.referrals,
    item.products.join(','),
  ];
}

function userCells(item: UserListItem): CsvCell[] {
  return [
    item.uid,
    item.email,
    item.isWhitelisted,
    item.signupDate,
    item.registrationDate,
    item.confirmedAt,
    item.place,
    item.referrals,
    item.products.join(','),
  ];
}

/**
 * The CSV text of a list, produced as it is read: a header line, then one chunk per batch of
 * rows. `Readable.from` pulls the next batch only when the client has taken the last one, so
 * memory holds a batch or two whatever the size of the list.
 */
function csvStream<T>(
  header: readonly string[],
  batches: AsyncGenerator<T[]>,
  cells: (item: T) => CsvCell[],
): Readable {
  async function* lines() {
    yield csvLines([[...header]]);
    for await (const batch of batches) yield csvLines(batch.map(cells));
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 1 });
}

/**
 * On PostgreSQL the database writes the lines (`signupCsvCopy`) and they pass through as the
 * connection delivers them; SQLite's rows are made into lines here. PostgreSQL ends the
 * statement after `statementTimeoutMs` (SQLite has no such limit).
 */
export function signupsCsv(
  database: DatabaseHandle,
  filter: ListFilter,
  statementTimeoutMs: number,
): Readable {
  const { copyOut } = database;
  if (!copyOut) {
    const batches = signupBatches(database.db, filter, EXPORT_BATCH_SIZE);
    return csvStream(SIGNUP_CSV_COLUMNS, batches, signupCells);
  }
  async function* chunks(copy: NonNullable<DatabaseHandle['copyOut']>) {
    yield Buffer.from(csvLines([[...SIGNUP_CSV_COLUMNS]]));
    yield* copyTextLines(await copy(signupCsvCopy(database.db, filter), statementTimeoutMs));
  }
  return Readable.from(chunks(copyOut), { objectMode: false, highWaterMark: 1 });
}

/** The users list in batches; on PostgreSQL each batch's query ends after `statementTimeoutMs`. */
export function usersCsv(
  database: DatabaseHandle,
  filter: ListFilter,
  statementTimeoutMs: number,
): Readable {
  const { db } = database;
  const reader: BatchReader = (read) => readWithTimeout(db, statementTimeoutMs, read);
  async function* items() {
    for await (const rows of userBatches(db, filter, EXPORT_BATCH_SIZE, reader)) {
      yield await withUserPlaces(db, rows);
    }
  }
  return csvStream(USER_CSV_COLUMNS, items(), userCells);
}
