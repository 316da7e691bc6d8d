import { stringify, type Options } from 'csv-stringify/sync';

/**
 * CSV as RFC 4180 writes it (CRLF line ends; a field with a comma, quote, CR or LF in quotes,
 * quotes doubled), by csv-stringify. A cell a spreadsheet would run as a formula (OWASP "CSV
 * injection": first character `=`, `+`, `-`, `@`, tab or carriage return) gets a leading `'`
 * and is quoted, so it is shown as text.
 */
const OPTIONS: Options = {
  record_delimiter: 'windows',
  escape_formulas: true,
  // The original value is matched: one that starts a formula, or holds a lone CR or LF.
  quoted_match: [/^[=+\-@\t\r]/, /[\r\n]/],
};

export type CsvCell = string | number | boolean | Date | undefined | null;

function cellText(value: CsvCell): string {
  if (value === undefined || value === null) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** Lines of CSV, each ended by CRLF. */
export function csvLines(rows: CsvCell[][]): string {
  return stringify(
    rows.map((row) => row.map(cellText)),
    OPTIONS,
  );
}
