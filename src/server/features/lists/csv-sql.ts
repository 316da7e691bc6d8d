import { sql, type CompiledQuery, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import pg from 'pg';

/**
 * CSV cells built by PostgreSQL, equal to what `csvLines` (csv.ts) makes of the same values:
 * a cell a spreadsheet would run as a formula (first character `=`, `+`, `-`, `@`, tab or
 * carriage return) gets a leading `'` and quotes; one with a comma, a quote, CR or LF gets
 * quotes, its quotes doubled; times are ISO 8601 in UTC with milliseconds, as `toISOString`
 * writes them; missing values are empty. PostgreSQL only (`to_char`, `chr`).
 */
const quoted = (value: Expression<unknown>, prefix: string) =>
  sql<string>`'"' || ${prefix} || replace(${value}, '"', '""') || '"'`;

export const csvCellSql = {
  text(value: Expression<unknown>): RawBuilder<string> {
    return sql<string>`(case
      when ${value} is null then ''
      when left(${value}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then ${quoted(value, "'")}
      when ${value} ~ ('[",' || chr(13) || chr(10) || ']') then ${quoted(value, '')}
      else ${value} end)`;
  },
  time(value: Expression<unknown>): RawBuilder<string> {
    return sql<string>`coalesce(to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '')`;
  },
  flag(condition: Expression<SqlBool>): RawBuilder<string> {
    return sql<string>`(case when ${condition} then 'true' else 'false' end)`;
  },
};

/**
 * Cells joined by commas and a CR: one CSV line whose LF is the end of the `COPY` row, so the
 * line never gets longer on its way through the service (`copyTextLines`).
 */
export function csvLineSql(cells: RawBuilder<string>[]): RawBuilder<string> {
  return sql<string>`(${sql.join(cells, sql` || ',' || `)} || chr(13))`;
}

/**
 * A compiled query with its parameters written in as literals (`COPY` takes no parameters).
 * Values are quoted with node-postgres' own `escapeLiteral`; the query text must hold no `$n`
 * other than its placeholders (Kysely puts every value in a parameter, so it holds none).
 */
export function inlineParameters(compiled: CompiledQuery): string {
  return compiled.sql.replace(/\$(\d+)/g, (_, at: string) => {
    const value = compiled.parameters[Number(at) - 1];
    if (value === undefined) throw new Error(`No value for $${at}`);
    if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
    if (typeof value === 'string' || typeof value === 'number') {
      return pg.escapeLiteral(String(value));
    }
    throw new Error(`Cannot write $${at} into the query`);
  });
}

/** What a backslash sequence of `COPY ... TO` text format stands for. */
const UNESCAPED: Record<number, number> = {
  0x5c: 0x5c, // \\
  0x62: 0x08, // \b
  0x66: 0x0c, // \f
  0x6e: 0x0a, // \n
  0x72: 0x0d, // \r
  0x74: 0x09, // \t
  0x76: 0x0b, // \v
};

/**
 * The one-column output of `COPY ... TO STDOUT` (text format) as the values themselves, each
 * row's LF kept: backslash sequences undone (COPY writes no octal or hex ones). Each value ends
 * with CR (`csvLineSql`), so the rows come out as CRLF lines.
 *
 * The text is undone in place, in the chunk the connection delivered (it only ever gets
 * shorter), so a million rows pass through without a second buffer per chunk: the buffers that
 * wait for the garbage collector are what makes the service's memory grow during an export.
 * A backslash split from its letter is carried into the next chunk.
 */
export async function* copyTextLines(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let escaped = false;
  for await (const chunk of chunks) {
    let length = chunk.indexOf(0x5c);
    if (length === -1 && !escaped) {
      yield chunk;
      continue;
    }
    if (escaped) length = 0;
    for (let at = length; at < chunk.length; at++) {
      const byte = chunk[at]!;
      if (escaped) {
        escaped = false;
        chunk[length++] = UNESCAPED[byte] ?? byte;
      } else if (byte === 0x5c) {
        escaped = true;
      } else {
        chunk[length++] = byte;
      }
    }
    if (length > 0) yield chunk.subarray(0, length);
  }
}
