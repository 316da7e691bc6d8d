import { CsvError, parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import {
  IMPORT_MAX_ERRORS,
  IMPORT_MAX_LINES,
  type ImportResult,
} from '../../../contract/admin-insights.ts';
import {
  INVALID_EMAIL_MESSAGE,
  isMailbox,
  normaliseEmail,
  revealInvisible,
} from '../../../contract/email-rules.ts';
import { PROGRAM_TYPES, SIGNUP_TYPES } from '../../../contract/signup-types.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { recordAudit } from '../../platform/audit/audit-repository.ts';
import { nextTickets } from '../../platform/line/line.ts';

/** Rows written per transaction. */
export const IMPORT_BATCH_SIZE = 500;

/** A signup date may be this far ahead of the server's clock (clock skew), no more. */
const FUTURE_SKEW_MS = 5 * 60_000;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const NEUTRALISED = /^'[=+\-@\t\r]/;

export const IMPORT_TOO_MANY_LINES_MESSAGE = `The file has more than ${IMPORT_MAX_LINES.toLocaleString('en')} lines; split it.`;
export const IMPORT_NO_EMAIL_COLUMN_MESSAGE =
  'The first line must name the columns and include email and created_at ' +
  '(type and source are optional).';

interface ImportLine {
  line: number;
  email: string;
  program: string;
  source: string;
  createdAt: Date;
}

/** A cell the export neutralised (`'=…`) is read back as it was. */
function cell(value: string | undefined): string {
  const text = (value ?? '').trim();
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}

/** ISO 8601 day or time; a time without a zone is UTC. Undefined: not such a date. */
export function importDate(value: string): Date | undefined {
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, , zone] = match;
  let text = value.replace(' ', 'T');
  if (hour === undefined) text = `${year}-${month}-${day}T00:00:00Z`;
  else if (zone === undefined) text = `${text}Z`;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return undefined;
  // No 2026-02-30 rolled over into March.
  const shown = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (shown.getUTCMonth() !== Number(month) - 1 || Number(minute ?? 0) > 59) return undefined;
  return date;
}

/**
 * The rules of the public signup beyond the address's form (a disposable domain, say): the
 * message of the first that refuses `email`, or undefined. Given by the caller, which knows the
 * operator's settings.
 */
export type SignupRule = (email: string) => string | undefined;

/** An address as a preview quotes it: code points instead of invisible or control characters. */
function quoted(email: string): string {
  return `"${revealInvisible(email.slice(0, 80))}"`;
}

function checkLine(
  record: Record<string, string>,
  line: number,
  defaultProgram: string,
  now: Date,
  rules: readonly SignupRule[],
): ImportLine | { line: number; message: string } {
  const email = normaliseEmail(cell(record.email));
  if (!isMailbox(email)) return { line, message: `${INVALID_EMAIL_MESSAGE}: ${quoted(email)}` };
  for (const rule of rules) {
    const refusal = rule(email);
    if (refusal) return { line, message: `${refusal}: ${quoted(email)}` };
  }
  const program = cell(record.type) || defaultProgram;
  if (!(PROGRAM_TYPES as readonly string[]).includes(program)) {
    return { line, message: `type must be one of ${PROGRAM_TYPES.join(', ')}` };
  }
  const source = cell(record.source) || 'general';
  if (!(SIGNUP_TYPES as readonly string[]).includes(source)) {
    return { line, message: `source must be a signup form: ${SIGNUP_TYPES.join(', ')}` };
  }
  const created = cell(record.created_at);
  const createdAt = importDate(created);
  if (!createdAt) {
    return {
      line,
      message: 'created_at must be an ISO 8601 date or time, e.g. 2025-03-01T09:30:00Z',
    };
  }
  if (createdAt.getTime() > now.getTime() + FUTURE_SKEW_MS) {
    return { line, message: 'created_at must not be in the future' };
  }
  return { line, email, program, source, createdAt };
}

/**
 * Reads the file with csv-parse: a header line naming the columns (any order, any case), then
 * one signup per line; blank lines are skipped. A file that is not CSV at all is a 400 naming
 * the line; more lines than the limit, a 413.
 */
function readLines(text: string): { record: Record<string, string>; line: number }[] {
  let rows: { record: Record<string, string>; info: { lines: number } }[];
  let columns: string[] = [];
  try {
    rows = parse(text, {
      bom: true,
      columns: (header: string[]) => (columns = header.map((name) => name.trim().toLowerCase())),
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      to_line: IMPORT_MAX_LINES + 2,
    }) as unknown as typeof rows;
  } catch (error) {
    if (error instanceof CsvError) {
      throw new HttpError(400, `The file is not valid CSV: ${error.message}`);
    }
    throw error;
  }
  if (!columns.includes('email') || !columns.includes('created_at')) {
    throw new HttpError(400, IMPORT_NO_EMAIL_COLUMN_MESSAGE);
  }
  if (rows.length > IMPORT_MAX_LINES) throw new HttpError(413, IMPORT_TOO_MANY_LINES_MESSAGE);
  return rows.map(({ record, info }) => ({ record, line: info.lines }));
}

/**
 * A legacy waitlist into the signups: every line checked by the public signup's rules (one
 * mailbox, then `rules`; the preview names the rule that refused each line), known addresses
 * (and repeats within the file) skipped, the original signup dates kept. A dry run answers the
 * same counts and errors and writes nothing. The real run writes in batches, each in its own
 * transaction (a rerun after a failure skips what is in), then one audit entry with the counts.
 */
export async function importSignups(
  db: Kysely<Database>,
  text: string,
  options: {
    dryRun: boolean;
    actor: string;
    defaultProgram: string;
    /** The public signup's other rules, each line checked by all of them. */
    rules?: readonly SignupRule[];
    now?: Date;
  },
): Promise<ImportResult> {
  const now = options.now ?? new Date();
  const lines = readLines(text);
  const errors: { line: number; message: string }[] = [];
  let invalid = 0;
  let known = 0;
  let created = 0;
  const seen = new Set<string>();
  const valid: ImportLine[] = [];
  for (const { record, line } of lines) {
    const checked = checkLine(record, line, options.defaultProgram, now, options.rules ?? []);
    if ('message' in checked) {
      invalid++;
      if (errors.length < IMPORT_MAX_ERRORS) errors.push(checked);
    } else if (seen.has(checked.email)) {
      known++;
    } else {
      seen.add(checked.email);
      valid.push(checked);
    }
  }
  for (let start = 0; start < valid.length; start += IMPORT_BATCH_SIZE) {
    const batch = valid.slice(start, start + IMPORT_BATCH_SIZE);
    if (options.dryRun) {
      const present = await db
        .selectFrom('signups')
        .select('email')
        .where(
          'email',
          'in',
          batch.map((entry) => entry.email),
        )
        .execute();
      known += present.length;
      created += batch.length - present.length;
      continue;
    }
    const inserted = await db.transaction().execute(async (trx) => {
      // Imported people join the line behind everyone on it now, in the order of the file.
      const first = await nextTickets(trx, batch.length);
      const result = await trx
        .insertInto('signups')
        .values(
          batch.map((entry, index) => ({
            ...(first === undefined ? {} : { ticket: first + index }),
            id: uuidV7(entry.createdAt.getTime()),
            email: entry.email,
            program: entry.program,
            source: entry.source,
            created_at: entry.createdAt.toISOString(),
            last_signup_at: entry.createdAt.toISOString(),
            confirmed_at: null,
          })),
        )
        .onConflict((conflict) => conflict.column('email').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    });
    created += inserted;
    known += batch.length - inserted;
  }
  const result = { dryRun: options.dryRun, lines: lines.length, created, known, invalid, errors };
  if (!options.dryRun) {
    await recordAudit(db, {
      at: now,
      actor: options.actor,
      action: 'signups.import',
      target: `${lines.length} lines: ${created} created, ${known} known, ${invalid} invalid`,
    });
  }
  return result;
}
