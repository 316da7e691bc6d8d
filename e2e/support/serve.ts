import { rmSync } from 'node:fs';

/** Starts the real service for the browser tests on a fresh database. */
const path = process.env.SQLITE_PATH;
if (path) for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
await import('../../src/server/main.ts');
