import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { DatabaseConfig } from '../config.ts';
import { isPostgres } from './column-types.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Answers whether the database responds within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Connections open, idle and awaited (SQLite: its one connection, never waited for). */
  poolUse(): { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL only: the output of `COPY (...) TO STDOUT` as it arrives, on a connection of its
   * own that goes back to the pool when the stream ends (or is closed by the database if the
   * stream is destroyed midway). It runs in a read-only transaction whose statements end after
   * `statementTimeoutMs`. `text` takes no parameters: see `inlineParameters`.
   */
  copyOut?: (text: string, statementTimeoutMs: number) => Promise<Readable>;
  close(): Promise<void>;
}

export interface DatabaseLogger {
  error(details: object, message: string): void;
}

const SQLITE_POOL_USE = () => ({ total: 1, idle: 0, waiting: 0 });

export function openDatabase(config: DatabaseConfig, logger?: DatabaseLogger): DatabaseHandle {
  const { db, dialect, poolUse, copyOut } =
    config.kind === 'sqlite'
      ? {
          db: openSqlite(config.path),
          dialect: 'sqlite' as const,
          poolUse: SQLITE_POOL_USE,
          copyOut: undefined,
        }
      : { ...openPostgres(config, logger), dialect: 'postgres' as const };

  let closed = false;
  return {
    db,
    dialect,
    poolUse,
    ...(copyOut ? { copyOut } : {}),
    async ping(timeoutMs = 2000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const query = sql`select 1 as ok`.execute(db).then(
        () => true,
        (error: unknown) => {
          logger?.error({ err: error }, 'database ping failed');
          return false;
        },
      );
      try {
        return await Promise.race([query, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/** A whole number of milliseconds for `statement_timeout`, at least 1 (0 would mean none). */
function statementTimeout(ms: number): number {
  if (!Number.isFinite(ms)) throw new Error(`Invalid statement timeout: ${ms}`);
  return Math.max(1, Math.round(ms));
}

/**
 * Runs `read` so that, on PostgreSQL, each of its statements ends after `statementTimeoutMs`:
 * in a read-only transaction with a local `statement_timeout`, which ends with it and so never
 * reaches the pool's other users. SQLite has no statement timeout; `read` runs as it is.
 */
export function readWithTimeout<T>(
  db: Kysely<Database>,
  statementTimeoutMs: number,
  read: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (!isPostgres(db)) return read(db);
  return db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`set local statement_timeout = ${sql.raw(String(statementTimeout(statementTimeoutMs)))}`.execute(
        trx,
      );
      return read(trx);
    });
}

function openSqlite(path: string): Kysely<Database> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const connection = new SQLite(path);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = FULL');
  connection.pragma('busy_timeout = 5000');
  connection.pragma('foreign_keys = ON');
  return new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(connection) }),
  });
}

/**
 * SQLite's transactions begun `immediate`: each takes the file's write lock at its start,
 * waiting (`busy_timeout`) while another process holds it. A deferred one reads first on a
 * snapshot and asks for the lock at its first write; if another process (a migration or a seed
 * from the command line) committed in between, SQLite refuses the write at
 * once (SQLITE_BUSY_SNAPSHOT) without waiting, and the transaction fails: a batch of signups
 * reads the last ticket before inserting. The service's own transactions are one at a time on
 * its one connection either way, so taking the lock early costs it nothing.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #settings: SqliteDialectConfig;

  constructor(settings: SqliteDialectConfig) {
    super(settings);
    this.#settings = settings;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#settings);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * Kysely prepares every query anew, and preparing costs more than running a small statement
 * (measured: 14% of CPU on the health endpoint). The service runs a handful of distinct SQL
 * texts, so each one is prepared once and reused.
 */
function withStatementCache(connection: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (!statement) {
        statement = connection.prepare(sqlText);
        // Queries built from user input with varying shapes must not grow the cache forever.
        if (statements.size >= 500) statements.clear();
        statements.set(sqlText, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      connection.close();
    },
  };
}

function openPostgres(
  { url, schema, poolSize = 10 }: Extract<DatabaseConfig, { kind: 'postgres' }>,
  logger?: DatabaseLogger,
) {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // A client that loses its connection emits 'error'; without a listener the process dies. The
  // pool listens only while a client is idle in it (and re-emits here, dropping the client), so a
  // client checked out between two statements, in a transaction say, would have none: listen for
  // the whole life of every client. Its transaction fails on the next statement, and the pool
  // drops it when it comes back.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger?.error({ err: error }, 'PostgreSQL connection lost'));
  });
  pool.on('error', () => undefined); // logged by the client's own listener above
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    copyOut: async (text: string, statementTimeoutMs: number): Promise<Readable> => {
      const client = await pool.connect();
      try {
        await client.query(
          `begin read only; set local statement_timeout = ${statementTimeout(statementTimeoutMs)}`,
        );
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      const stream = client.query(copyTo(text));
      let released = false;
      const release = (error?: Error) => {
        if (released) return;
        released = true;
        // With an error the connection is closed, not reused: it may be midway through a COPY.
        client.release(error);
      };
      stream.on('end', () => {
        client.query('commit').then(
          () => release(),
          (error: Error) => release(error),
        );
      });
      stream.on('error', (error) => release(error));
      stream.on('close', () => {
        if (!stream.readableEnded) release(new Error('COPY output not read to its end'));
      });
      return stream;
    },
  };
}
