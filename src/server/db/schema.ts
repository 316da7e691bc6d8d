/**
 * Row types of the data layer. Timestamps are written as ISO 8601 text; SQLite gives them back
 * as text and PostgreSQL (timestamptz) as Date, so readers go through `toDate`.
 */
export type Timestamp = string | Date;

export interface SignupsTable {
  id: string;
  email: string;
  program: string;
  source: string;
  created_at: Timestamp;
}

export interface Database {
  signups: SignupsTable;
}

export function toDate(value: Timestamp): Date {
  return value instanceof Date ? value : new Date(value);
}
