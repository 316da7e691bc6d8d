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

export interface CaughtMail {
  subject: string;
  /** The text part, as the SMTP server received and decoded it. */
  text: string;
}

/**
 * The mail to `address` that reached the service's local SMTP server (its catcher stores each
 * message it receives), oldest first.
 */
export function caughtMailTo(address: string): CaughtMail[] {
  const database = new SQLite(E2E_SQLITE_PATH, { readonly: true, fileMustExist: true });
  try {
    return database
      .prepare('select subject, text from caught_mail where to_address = ? order by id')
      .all(address.toLowerCase()) as CaughtMail[];
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
