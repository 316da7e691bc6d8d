/**
 * Loaded with `--import` into a service that bench/profile-signup.ts profiles: times every
 * SQLite statement the service runs (its own SQL and the triggers it fires, which run inside it)
 * and writes the totals by statement to SQL_TIMING_FILE when the process exits.
 */
import { writeFileSync } from 'node:fs';
import SQLite from 'better-sqlite3';

const file = process.env.SQL_TIMING_FILE;
const totals = new Map<string, { calls: number; ns: bigint }>();
const probe = new SQLite(':memory:');
const statementPrototype = Object.getPrototypeOf(probe.prepare('select 1')) as Record<
  string,
  unknown
>;
probe.close();
for (const method of ['run', 'get', 'all']) {
  const original = statementPrototype[method] as (...args: unknown[]) => unknown;
  statementPrototype[method] = function (this: { source: string }, ...args: unknown[]) {
    const start = process.hrtime.bigint();
    try {
      return original.apply(this, args);
    } finally {
      const entry = totals.get(this.source) ?? { calls: 0, ns: 0n };
      entry.calls += 1;
      entry.ns += process.hrtime.bigint() - start;
      totals.set(this.source, entry);
    }
  };
}
process.on('exit', () => {
  if (!file) return;
  const rows = [...totals].map(([sql, { calls, ns }]) => ({ sql, calls, ms: Number(ns) / 1e6 }));
  writeFileSync(file, JSON.stringify(rows.sort((a, b) => b.ms - a.ms)));
});
