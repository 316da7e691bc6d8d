import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { withTempPostgres, withTempSqlite } from './bench-databases.ts';
import { fill } from './search.ts';
import { buildApp } from '../src/server/app.ts';
import {
  configFromEnv,
  LOCAL_ADMIN_EMAIL,
  parseEnv,
  type DatabaseConfig,
} from '../src/server/config.ts';
import { isPostgres } from '../src/server/db/column-types.ts';
import { SESSION_COOKIE } from '../src/server/features/auth/admin-guard.ts';
import { createSession } from '../src/server/features/auth/session-repository.ts';
import { foldLineBuckets } from '../src/server/platform/line/line.ts';

/**
 * The signups list with its place column (decision 0040): 100,000 signups, most of them
 * confirmed and so waiting in line, a few hundred with credited referrals. Each page of 100 finds
 * its rows' places from the line's bucket counts (platform/line/places.ts), never by counting the
 * line per row. Prints p50/p95 per page kind and database (in-process requests, one at a time).
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
const PAGES = [
  ['newest first, 100 rows', '/api/admin/signups?limit=100'],
  ['by place, first 100', '/api/admin/signups?sort=place&limit=100'],
  ['by place, page at 50,000', '/api/admin/signups?sort=place&limit=100&offset=50000'],
  ['waiting, by address', '/api/admin/signups?waiting=true&sort=email&limit=100'],
  ['wants chrome, by place', '/api/admin/signups?product=chrome&sort=place&limit=100'],
  ['has referrals', '/api/admin/signups?referrer=true&limit=100'],
] as const;

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1))]!;
}

async function bench(database: DatabaseConfig, name: string) {
  const app: FastifyInstance = await buildApp({
    ...configFromEnv(parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })),
    database,
    webRoot: '/nonexistent/reelscore-bench-web',
  });
  try {
    const db = app.database.db;
    await fill(db);
    await sql`update signups set confirmed_at = created_at`.execute(db);
    await sql`update signups set wants = 'chrome' where ticket % 7 = 0`.execute(db);
    await sql`update signups set boost = 30, line_key = ticket - 30 where ticket % 250 = 0 and line_key is not null`.execute(
      db,
    );
    await sql`insert into referrals (id, owner_id, friend_id, status, created_at)
      select o.id || '-r', o.id, f.id, 'credited', o.created_at
      from signups o join signups f on f.ticket = o.ticket + 1
      where o.ticket % 250 = 0`.execute(db);
    if (isPostgres(db)) {
      await foldLineBuckets(db);
      await sql`vacuum analyze`.execute(db);
    }
    const { token } = await createSession(
      db,
      { uid: 'bench-admin', email: LOCAL_ADMIN_EMAIL, displayName: 'Bench', photoUrl: null },
      app.config.session,
    );
    const cookie = `${SESSION_COOKIE}=${token}`;
    const waiting = await sql<{
      n: number;
    }>`select count(*) as n from signups where line_key is not null`.execute(db);
    console.log(`${name}: ${Number(waiting.rows[0]?.n)} waiting`);
    for (const [label, url] of PAGES) {
      const times: number[] = [];
      for (let n = 0; n < REQUESTS + 5; n += 1) {
        const started = performance.now();
        const response = await app.inject({ url, headers: { cookie } });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
        if (n >= 5) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${label.padEnd(28)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 0.95).toFixed(1).padStart(6)} ms`,
      );
    }
  } finally {
    await app.close();
  }
}

await withTempSqlite((database) => bench(database, 'SQLite'));
await withTempPostgres((database) => bench(database, 'PostgreSQL'), undefined);
