import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';

/**
 * Lighthouse (mobile defaults) on the built site served by the real server, in Debian's
 * Chromium, plus the gzipped JavaScript each page loads. Needs `npm run build` first.
 */
// Lighthouse refuses to audit an answer with status 404, so the 404 page is audited at /404,
// the same HTML the server sends for unknown paths. BENCH_PAGES=/,/pricing picks some.
const PAGES = process.env.BENCH_PAGES?.split(',') ?? [
  '/',
  '/pricing',
  '/about',
  '/privacy',
  '/terms',
  '/get-app',
  '/get-extension',
  '/signup',
  '/health',
  '/404',
];
/**
 * Lighthouse's scores vary from run to run (its docs advise the median of five): each page is
 * audited BENCH_LIGHTHOUSE_RUNS times and its median run by performance is reported.
 */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/**
 * A page with one heading and one paragraph, no CSS, fonts or script, audited the same way:
 * the best score this machine and browser give at all, to read the pages' scores against.
 */
const REFERENCE_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Reference</title><meta name="description" content="The smallest complete page.">' +
  '</head><body><h1>Reference</h1><p>One heading and one paragraph.</p></body></html>';
const PORT = await freePort();
const ORIGIN = `http://127.0.0.1:${PORT}`;
/** The build to serve: build/client unless WEB_ROOT names another. */
const WEB_ROOT = process.env.WEB_ROOT ?? 'build/client';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Lighthouse's mobile preset slows the CPU 4x. BENCH_CPU_SLOWDOWN=8 asks how the pages fare on
 * a machine half as fast as this one (the scores depend on the machine that runs the audit).
 */
const CPU_SLOWDOWN = process.env.BENCH_CPU_SLOWDOWN
  ? Number(process.env.BENCH_CPU_SLOWDOWN)
  : undefined;

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

interface Figures {
  page: string;
  performance: number;
  /** The lowest and highest performance score of the page's runs. */
  performanceRange: [number, number];
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsGzipKb: number;
}

/**
 * The JavaScript a page really loaded during the audit (every same-origin script request the
 * browser made, whether preloaded, imported or loaded lazily), counted as the gzip copies the
 * server sends (the build writes them beside each file).
 */
function javascriptGzipKb(requests: { url: string; resourceType?: string }[]): number {
  const files = new Set(
    requests
      .filter((request) => request.resourceType === 'Script' && request.url.startsWith(ORIGIN))
      .map((request) => new URL(request.url).pathname),
  );
  let bytes = 0;
  for (const file of files) {
    const path = join(WEB_ROOT, file);
    bytes += existsSync(`${path}.gz`)
      ? statSync(`${path}.gz`).size
      : gzipSync(readFileSync(path)).length;
  }
  return bytes / 1024;
}

async function startServer(): Promise<{ child: ChildProcess; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'reelscore-lh-'));
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      WEB_ROOT,
      SQLITE_PATH: join(dir, 'lh.db'),
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return { child, dir };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('server did not start');
}

/** Serves REFERENCE_HTML at `/` on a port of its own; returns its origin and how to stop it. */
async function startReference(): Promise<{ origin: string; close: () => void }> {
  const server = createHttpServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(REFERENCE_HTML);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** A run with no performance score (Lighthouse's runtime error, or a failed metric). */
class UnscoredRun extends Error {}

/** The page's median run by performance score (then TBT), with the range of the scores. */
async function auditRuns(port: number, path: string, origin = ORIGIN): Promise<Figures> {
  const runs: Figures[] = [];
  let unscored = 0;
  while (runs.length < RUNS) {
    try {
      runs.push(await audit(port, path, origin));
    } catch (error) {
      // A run Lighthouse could not score is repeated (said on stderr), never counted as 0.
      if (!(error instanceof UnscoredRun) || ++unscored > RUNS) throw error;
      console.error(`repeating a run that Lighthouse could not score: ${error.message}`);
    }
  }
  runs.sort((a, b) => a.performance - b.performance || b.tbtMs - a.tbtMs);
  const median = runs[Math.floor(runs.length / 2)]!;
  return {
    ...median,
    performanceRange: [runs[0]!.performance, runs.at(-1)!.performance],
  };
}

async function audit(port: number, path: string, origin: string): Promise<Figures> {
  const result = await lighthouse(`${origin}${path}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    ...(CPU_SLOWDOWN === undefined
      ? {}
      : {
          throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN },
        }),
  });
  if (!result) throw new Error(`no Lighthouse result for ${path}`);
  // BENCH_REPORT_DIR=dir keeps each page's full report (LCP element, long tasks) to read.
  const reports = process.env.BENCH_REPORT_DIR;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name =
      origin !== ORIGIN ? 'reference' : path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
    writeFileSync(join(reports, `${name}.json`), String(result.report));
  }
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError || typeof categories.performance?.score !== 'number') {
    throw new UnscoredRun(`${path}: ${runtimeError?.code ?? 'no performance score'}`);
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const requests =
    (audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] })
      ?.items ?? [];
  return {
    page: path,
    performance: score('performance'),
    performanceRange: [score('performance'), score('performance')],
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    jsGzipKb: javascriptGzipKb(requests),
  };
}

function print(rows: Figures[], reference: Figures) {
  console.log(
    `Lighthouse mobile${CPU_SLOWDOWN === undefined ? '' : `, CPU slowed ${CPU_SLOWDOWN}x`}, median of ${RUNS} runs per page (perf range: lowest-highest of the runs)\n`,
  );
  console.log('page            perf   range  a11y  best  seo    LCP ms  TBT ms    CLS   JS gzip');
  for (const row of [...rows, reference]) {
    console.log(
      [
        row.page.padEnd(14),
        String(row.performance).padStart(5),
        row.performanceRange.join('-').padStart(7),
        String(row.accessibility).padStart(5),
        String(row.bestPractices).padStart(5),
        String(row.seo).padStart(4),
        row.lcpMs.toFixed(0).padStart(9),
        row.tbtMs.toFixed(0).padStart(7),
        row.cls.toFixed(3).padStart(6),
        `${row.jsGzipKb.toFixed(1)} KB`.padStart(10),
      ].join(' '),
    );
  }
  console.log(
    '\n(reference): a page with one heading and one paragraph and nothing else, on this machine.',
  );
  const home = rows.find((row) => row.page === '/');
  const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  console.log('\nTargets:');
  console.log(
    `  ${mark(rows.every((row) => row.accessibility === 100))}  accessibility 100 on every page`,
  );
  console.log(
    `  ${mark(rows.every((row) => row.bestPractices === 100))}  best practices 100 on every page`,
  );
  console.log(`  ${mark(rows.every((row) => row.seo === 100))}  SEO 100 on every page`);
  console.log(
    `  ${mark(rows.every((row) => row.performance >= 98))}  performance >= 98 on every page`,
  );
  console.log(`  ${mark((home?.jsGzipKb ?? Infinity) <= 120)}  home page JS <= 120 KB gzipped`);
}

async function main() {
  if (!existsSync(join(WEB_ROOT, 'index.html'))) throw new Error('Run `npm run build` first.');
  const { child, dir } = await startServer();
  const reference = await startReference();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      ...(process.env.BENCH_CHROME_FLAGS?.split(' ').filter(Boolean) ?? []),
    ],
  });
  try {
    const rows: Figures[] = [];
    for (const path of PAGES) rows.push(await auditRuns(chrome.port, path));
    const baseline = await auditRuns(chrome.port, '/', reference.origin);
    print(rows, { ...baseline, page: '(reference)' });
  } finally {
    chrome.kill();
    reference.close();
    child.kill('SIGTERM');
    await once(child, 'exit');
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
