import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

/**
 * The gzipped JavaScript each public page really loads in Chromium: every same-origin script
 * the browser requested until the network went quiet (module imports and lazy chunks
 * included), counted as the gzip copies the server sends. Serves WEB_ROOT (build/client by
 * default) with the real server. Needs a build first.
 * Usage: node bench/page-weight.ts [--json]
 */
export const PAGES = [
  '/',
  '/pricing',
  '/about',
  '/privacy',
  '/terms',
  '/get-app',
  '/get-extension',
  '/signup',
  '/health',
  '/no-such-page',
];

/** Budgets in KB of gzipped JavaScript; pages without one only report. */
export const BUDGETS_KB: Record<string, number> = {
  '/': 120,
  '/pricing': 15,
  '/about': 15,
  '/privacy': 15,
  '/terms': 15,
  '/no-such-page': 15,
};

const WEB_ROOT = process.env.WEB_ROOT ?? 'build/client';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

export interface PageWeight {
  page: string;
  status: number;
  scripts: number;
  jsGzipKb: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function gzipBytes(urlPath: string): number {
  const path = join(WEB_ROOT, urlPath);
  return existsSync(`${path}.gz`)
    ? statSync(`${path}.gz`).size
    : gzipSync(readFileSync(path)).length;
}

async function startServer(origin: string, port: number) {
  const dir = mkdtempSync(join(tmpdir(), 'reelscore-weight-'));
  const child: ChildProcess = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      WEB_ROOT,
      SQLITE_PATH: join(dir, 'weight.db'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { child, dir };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('server did not start');
}

export async function measurePageWeights(): Promise<PageWeight[]> {
  if (!existsSync(join(WEB_ROOT, 'index.html'))) {
    throw new Error(`No build in ${WEB_ROOT}: run \`npm run build\` first.`);
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const { child, dir } = await startServer(origin, port);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const rows: PageWeight[] = [];
    for (const path of PAGES) {
      // A fresh context per page: nothing cached, no stored consent.
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('request', (request) => {
        if (request.resourceType() === 'script' && request.url().startsWith(origin)) {
          scripts.add(new URL(request.url()).pathname);
        }
      });
      const response = await page.goto(`${origin}${path}`);
      // Interactive (React hydrated, or the page script ran), then nothing more to load.
      await page.locator('html[data-hydrated="true"]').waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      await context.close();
      let bytes = 0;
      for (const script of scripts) bytes += gzipBytes(script);
      rows.push({
        page: path,
        status: response?.status() ?? 0,
        scripts: scripts.size,
        jsGzipKb: bytes / 1024,
      });
    }
    return rows;
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await once(child, 'exit');
    rmSync(dir, { recursive: true, force: true });
  }
}

function print(rows: PageWeight[]) {
  console.log(`JavaScript loaded per page (gzip), ${WEB_ROOT}`);
  console.log('page             status  scripts   JS gzip   budget');
  for (const row of rows) {
    const budget = BUDGETS_KB[row.page];
    console.log(
      [
        row.page.padEnd(16),
        String(row.status).padStart(6),
        String(row.scripts).padStart(8),
        `${row.jsGzipKb.toFixed(1)} KB`.padStart(9),
        (budget === undefined ? '' : `${budget} KB`).padStart(8),
      ].join(' '),
    );
  }
  console.log('\nTargets:');
  for (const row of rows) {
    const budget = BUDGETS_KB[row.page];
    if (budget === undefined) continue;
    const mark = row.jsGzipKb <= budget ? 'PASS' : 'MISS';
    console.log(`  ${mark}  ${row.page} JS <= ${budget} KB gzipped`);
  }
}

if (import.meta.main) {
  const rows = await measurePageWeights();
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows));
  else print(rows);
}
