import SQLite from 'better-sqlite3';
import { E2E_SQLITE_PATH } from './environment.ts';

export interface SignupRow {
  email: string;
  source: string;
  program: string;
}

/** Reads what the server stored, straight from its database file. */
export function signupRows(email: string): SignupRow[] {
  const database = new SQLite(E2E_SQLITE_PATH, { readonly: true, fileMustExist: true });
  try {
    return database
      .prepare('select email, source, program from signups where email = ?')
      .all(email.toLowerCase()) as SignupRow[];
  } finally {
    database.close();
  }
}

let counter = 0;
/** An address no other test uses. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${process.pid}-${Date.now()}-${counter}@example.com`;
}
