import http from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * Concurrent viewers of a page, modelled as people with the page open (a closed load model with
 * think time, as load tools for web pages count "virtual users"): each viewer loads their own
 * page, reads it for a random time (exponential, mean `thinkMs`), loads it again, and so on. A
 * viewer never has two views in flight, and the views of 200 viewers arrive spread in time, as
 * they do from 200 people, not in one burst a second (autocannon's paced mode sends each
 * second's requests at once) nor back to back (one connection asking again the moment an answer
 * arrives measures the server's saturation, not viewers).
 *
 * Each viewer keeps one keep-alive connection of their own. Latency is from sending the request
 * to the last byte of the answer; views in the first `warmupMs` are not counted.
 */
export interface ViewersOptions {
  origin: string;
  /** One entry per viewer: the path and headers of that viewer's view. */
  viewers: { path: string; headers: Record<string, string> }[];
  thinkMs: number;
  durationMs: number;
  warmupMs: number;
}

export interface ViewersResult {
  /** Views counted (after the warm-up). */
  views: number;
  viewsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Views answered with a status other than 200, or failed, by status ("failed" for errors). */
  notOk: Record<string, number>;
}

export const percentile = (sorted: number[], fraction: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1))]!;

/** An exponential pause with this mean (the time between a person's views). */
const think = (meanMs: number) => -Math.log(1 - Math.random()) * meanMs;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function view(
  agent: http.Agent,
  origin: URL,
  path: string,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { agent, host: origin.hostname, port: origin.port, path, headers },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

export async function runViewers(options: ViewersOptions): Promise<ViewersResult> {
  const origin = new URL(options.origin);
  const started = performance.now();
  const countFrom = started + options.warmupMs;
  const end = countFrom + options.durationMs;
  const latencies: number[] = [];
  const notOk: Record<string, number> = {};
  const agents: http.Agent[] = [];
  const viewer = async (path: string, headers: Record<string, string>) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    // People open their pages at different moments: the first views are spread over one pause.
    await sleep(Math.random() * options.thinkMs);
    while (performance.now() < end) {
      const sent = performance.now();
      let status: string;
      try {
        status = String(await view(agent, origin, path, headers));
      } catch {
        status = 'failed';
      }
      const done = performance.now();
      if (sent >= countFrom && done <= end) {
        latencies.push(done - sent);
        if (status !== '200') notOk[status] = (notOk[status] ?? 0) + 1;
      }
      await sleep(Math.min(think(options.thinkMs), Math.max(0, end - performance.now())));
    }
  };
  try {
    await Promise.all(options.viewers.map((one) => viewer(one.path, one.headers)));
  } finally {
    for (const agent of agents) agent.destroy();
  }
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    views: latencies.length,
    viewsPerSecond: Math.round(latencies.length / (options.durationMs / 1000)),
    p50: round(percentile(latencies, 0.5)),
    p95: round(percentile(latencies, 0.95)),
    p99: round(percentile(latencies, 0.99)),
    max: round(latencies.at(-1) ?? Number.NaN),
    notOk,
  };
}
