import { createHash, randomBytes } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { E2E_ORIGIN, E2E_SQLITE_PATH } from './environment.ts';

/** The session cookie the server sets (src/server/features/auth/admin-guard.ts). */
const SESSION_COOKIE = '__Host-reelscore_session';

/** Writes straight into the e2e server's database file, as the service's own rows look. */
function withDatabase<T>(work: (database: SQLite.Database) => T, path = E2E_SQLITE_PATH): T {
  const database = new SQLite(path, { fileMustExist: true, timeout: 5000 });
  try {
    return work(database);
  } finally {
    database.close();
  }
}

export interface SeededSignup {
  email: string;
  program?: string;
  /** When the address registered in the app, if it did. */
  registeredAt?: Date;
  whitelisted?: boolean;
  /** When the person confirmed the address from the confirmation mail, if they did. */
  confirmedAt?: Date;
}

/**
 * Signups created one minute apart, the first one earliest, all before `start`, so the lists
 * (newest first) show them in reverse order and after anything created while the tests run.
 */
export function seedSignups(
  rows: SeededSignup[],
  start = new Date('2024-01-01T00:00:00Z'),
  /** Another deployment's database file; the e2e server's by default. */
  path = E2E_SQLITE_PATH,
) {
  withDatabase((database) => {
    const signup = database.prepare(
      'insert into signups (id, email, program, source, created_at, confirmed_at) values (?, ?, ?, ?, ?, ?)',
    );
    const user = database.prepare(
      'insert into app_users (uid, email, registered_at) values (?, ?, ?)',
    );
    const listed = database.prepare(
      'insert into whitelist (email, added_at, added_by) values (?, ?, ?)',
    );
    database.transaction(() => {
      rows.forEach((row, index) => {
        const at = new Date(start.getTime() - (rows.length - index) * 60_000).toISOString();
        signup.run(
          `e2e-${row.email}`,
          row.email,
          row.program ?? 'CLOSED_ALPHA',
          'e2e',
          at,
          row.confirmedAt?.toISOString() ?? null,
        );
        if (row.registeredAt)
          user.run(`e2e-${row.email}`, row.email, row.registeredAt.toISOString());
        if (row.whitelisted) listed.run(row.email, at, 'e2e@reelscore.local');
      });
    })();
  }, path);
}

/** `count` addresses `{prefix}00@example.com`, `{prefix}01@example.com`, ... */
export function numberedEmails(prefix: string, count: number): string[] {
  return Array.from(
    { length: count },
    (_, index) => `${prefix}${String(index).padStart(2, '0')}@example.com`,
  );
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Signs the browser in as `email` the way a finished sign-in leaves it: a session row (only
 * the token's hash is stored) and the HttpOnly session cookie. Tests that are not about
 * signing in start here instead of going through the popup each time.
 */
export async function startAdminSession(
  context: BrowserContext,
  { email, displayName }: { email: string; displayName: string },
) {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  withDatabase((database) =>
    database
      .prepare(
        `insert into admin_sessions
           (token_hash, uid, email, display_name, photo_url, created_at, last_seen_at, expires_at)
         values (?, ?, ?, ?, null, ?, ?, ?)`,
      )
      .run(
        hashToken(token),
        `e2e-${email}`,
        email,
        displayName,
        now.toISOString(),
        now.toISOString(),
        new Date(now.getTime() + 3_600_000).toISOString(),
      ),
  );
  await context.addCookies([
    {
      name: SESSION_COOKIE,
      value: token,
      // Host-only, as the server sets it (a `url` here makes Chromium refuse the __Host- name).
      domain: new URL(E2E_ORIGIN).hostname,
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
    },
  ]);
}

/** The hash under which the server stores the browser's session token. */
async function sessionTokenHash(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((each) => each.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie: sign in first');
  return hashToken(cookie.value);
}

/**
 * Makes the browser's session look unused for `minutes`, as if the admin had walked away:
 * past the 60-minute idle limit the server no longer accepts it.
 */
export async function idleSession(context: BrowserContext, minutes: number) {
  const hash = await sessionTokenHash(context);
  const lastSeen = new Date(Date.now() - minutes * 60_000).toISOString();
  const changed = withDatabase(
    (database) =>
      database
        .prepare('update admin_sessions set last_seen_at = ?, created_at = ? where token_hash = ?')
        .run(lastSeen, lastSeen, hash).changes,
  );
  if (changed !== 1) throw new Error('the session is not in the e2e database');
}
