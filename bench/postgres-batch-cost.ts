/**
 * What PostgreSQL spends on a batch of signups (node bench/postgres-batch-cost.ts [batches]):
 * `insertSignups` with confirmation mail, on one connection, one batch after another, at three
 * batch sizes; the CPU time of that connection's server process (from /proc, so PostgreSQL on
 * this machine) a signup, and what the figures say a batch costs whatever its size (its
 * statements, round trips and commit) and what each signup adds (rows, indexes, triggers).
 */
import { sql } from 'kysely';
import { withTempPostgres } from './bench-databases.ts';
import { processCpuMicros } from './proc-cpu.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { insertSignups } from '../src/server/features/waitlist/signup-repository.ts';

const BATCHES = Number(process.argv[2] ?? 300);
const SIZES = [12, 25, 50];

const rows = await withTempPostgres(async (database) => {
  const handle = openDatabase({ ...database, poolSize: 1 } as typeof database);
  try {
    await migrateToLatest(handle.db, database.kind === 'postgres' ? database.schema : undefined);
    const { rows: backend } = await sql<{
      pid: number;
    }>`select pg_backend_pid() as pid`.execute(handle.db);
    const pid = backend[0]!.pid;
    let n = 0;
    const batch = (size: number) =>
      Array.from({ length: size }, () => ({
        email: `batch-${n++}@example.com`,
        program: 'alpha',
        source: 'general',
      }));
    const measured: { size: number; micros: number }[] = [];
    for (const size of SIZES) {
      for (let i = 0; i < 50; i++) await insertSignups(handle.db, batch(size), new Date(), 'mail');
      const before = processCpuMicros(pid);
      for (let i = 0; i < BATCHES; i++) {
        await insertSignups(handle.db, batch(size), new Date(), 'mail');
      }
      measured.push({ size, micros: (processCpuMicros(pid) - before) / (size * BATCHES) });
    }
    return measured;
  } finally {
    await handle.db.destroy();
  }
}, []);

for (const { size, micros } of rows) {
  console.log(`batches of ${size}: PostgreSQL ${micros.toFixed(1)} µs of CPU a signup`);
}
if (rows.length === SIZES.length) {
  // cost a signup = perRow + perBatch / size, fitted on the smallest and the largest size
  const [small, large] = [rows[0]!, rows[rows.length - 1]!];
  const perBatch = (small.micros - large.micros) / (1 / small.size - 1 / large.size);
  const perRow = large.micros - perBatch / large.size;
  console.log(
    `so about ${perBatch.toFixed(0)} µs a batch whatever its size and ${perRow.toFixed(1)} µs a signup`,
  );
}
