import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { startListeningApp } from '../test/listening-app.ts';

type ListeningApp = Awaited<ReturnType<typeof startListeningApp>>;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format's sample lines (`name{a="x",b="y"} value`); comments skipped. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[name!] = value!.replace(/\\(.)/g, (_escape, char: string) =>
        char === 'n' ? '\n' : char,
      );
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

describe.each(await testDatabaseKinds())('metrics on their own port ($name)', (kind) => {
  let testApp: ListeningApp;
  let samples: Sample[];

  beforeAll(async () => {
    testApp = await startListeningApp(kind, { metrics: { host: '127.0.0.1', port: 0 } });
    const signup = { email: 'fan@example.com', signupType: 'general' };
    const post = (body: object) =>
      fetch(`${testApp.origin}/api/utility/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post(signup)).status).toBe(200);
    expect((await post(signup)).status).toBe(200);
    expect((await fetch(`${testApp.origin}/api/admin/signups?search=secret-term`)).status).toBe(
      401,
    );
    expect((await fetch(`${testApp.origin}/api/no-such-thing/fan%40example.com`)).status).toBe(404);
    expect((await fetch(`${testApp.origin}/%61pi/health`)).status).toBe(200);
    const answer = await fetch(`${testApp.app.metrics.origin}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    samples = parseExposition(await answer.text());
  });
  afterAll(() => testApp.close());

  const named = (name: string) => samples.filter((sample) => sample.name === name);

  it('label requests by the route pattern the router matched, never the raw target', () => {
    const counts = named('http_request_duration_seconds_count');
    const count = (route: string, status: string) =>
      counts.find((sample) => sample.labels.route === route && sample.labels.status_code === status)
        ?.value;
    expect(count('/api/utility/signup', '200')).toBe(2);
    expect(count('/api/admin/signups', '401')).toBe(1);
    expect(count('not_found', '404')).toBe(1);
    // The disguised /%61pi/health is counted as the route it reached.
    expect(count('/api/health', '200')).toBe(1);
    const routes = new Set(counts.map((sample) => sample.labels.route));
    for (const route of routes) {
      expect(route).not.toMatch(/%|@|secret-term|no-such-thing|\?/);
    }
    expect(counts.every((sample) => sample.labels.method && sample.labels.status_code)).toBe(true);
  });

  it('keep latency buckets up to +Inf for each route', () => {
    const buckets = named('http_request_duration_seconds_bucket').filter(
      (sample) => sample.labels.route === '/api/utility/signup',
    );
    expect(buckets.length).toBeGreaterThan(5);
    const infinite = buckets.find((sample) => sample.labels.le === '+Inf');
    expect(infinite?.value).toBe(2);
  });

  it('count signups as new or repeat', () => {
    const signups = named('signups_accepted_total');
    expect(signups.find((sample) => sample.labels.kind === 'new')?.value).toBe(1);
    expect(signups.find((sample) => sample.labels.kind === 'repeat')?.value).toBe(1);
  });

  it('show the outbox and webhook deliveries by status, the database pool, exports and the process', () => {
    const outbox = named('mail_outbox_messages');
    expect(outbox.map((sample) => sample.labels.status).sort()).toEqual([
      'dead',
      'queued',
      'sending',
      'sent',
      'suppressed',
    ]);
    expect(
      named('webhook_deliveries')
        .map((sample) => sample.labels.status)
        .sort(),
    ).toEqual(['dead', 'delivered', 'queued', 'sending']);
    // The new signup's confirmation mail is queued, being sent or sent.
    const total = outbox.reduce((sum, sample) => sum + sample.value, 0);
    expect(total).toBeGreaterThanOrEqual(1);
    expect(named('db_pool_connections')[0]?.value).toBeGreaterThanOrEqual(1);
    expect(named('db_pool_waiting_requests')).toHaveLength(1);
    expect(named('exports_running')[0]?.value).toBe(0);
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(named(name), name).toHaveLength(1);
    }
  });

  it('count delivery rounds by outcome once the mail has left', async () => {
    await expect
      .poll(
        async () => {
          const text = await (await fetch(`${testApp.app.metrics.origin}/metrics`)).text();
          return parseExposition(text).find(
            (sample) =>
              sample.name === 'mail_delivery_rounds_total' && sample.labels.status === 'sent',
          )?.value;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(1);
  });

  it('are served only on the metrics port', async () => {
    expect((await fetch(`${testApp.origin}/metrics`)).status).toBe(404);
    expect((await fetch(`${testApp.app.metrics.origin}/other`)).status).toBe(404);
    expect((await fetch(`${testApp.app.metrics.origin}/metrics`, { method: 'POST' })).status).toBe(
      404,
    );
  });
});

describe('the metrics server', () => {
  it('closes with the app', async () => {
    const [sqlite] = await testDatabaseKinds();
    const testApp = await startListeningApp(sqlite!, { metrics: { host: '127.0.0.1', port: 0 } });
    const origin = testApp.app.metrics.origin!;
    expect((await fetch(`${origin}/metrics`)).status).toBe(200);
    await testApp.close();
    await expect(fetch(`${origin}/metrics`)).rejects.toThrow();
  });
});

describe('metrics switched off (the default)', () => {
  it('open no port and still count nothing harmlessly', async () => {
    const [sqlite] = await testDatabaseKinds();
    const testApp = await startListeningApp(sqlite!);
    try {
      expect(testApp.app.metrics.origin).toBeUndefined();
      expect((await fetch(`${testApp.origin}/metrics`)).status).toBe(404);
      const answer = await fetch(`${testApp.origin}/api/utility/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'off@example.com', signupType: 'general' }),
      });
      expect(answer.status).toBe(200);
    } finally {
      await testApp.close();
    }
  });
});
