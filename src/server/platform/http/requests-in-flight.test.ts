import { hasSubscribers } from 'node:diagnostics_channel';
import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsInFlight, type InFlightMeter } from './requests-in-flight.ts';

/** A loopback server that holds every request until the test answers it. */
const held: { request: IncomingMessage; response: ServerResponse }[] = [];
const arrivals: (() => void)[] = [];
const server = createServer((req, res) => {
  held.push({ request: req, response: res });
  arrivals.splice(0).forEach((arrived) => arrived());
});
let port = 0;

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

async function heldCount(count: number) {
  while (held.length < count) await new Promise<void>((arrived) => arrivals.push(arrived));
}

/** Starts a request; its answer (or its end, once aborted) resolves the promise. */
function send() {
  const outgoing = request({ host: '127.0.0.1', port, path: '/', agent: false });
  const answered = new Promise<number | 'aborted'>((resolve) => {
    outgoing.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', () => resolve('aborted'));
  });
  outgoing.end();
  return { outgoing, answered };
}

describe('requests in flight', () => {
  it('counts the requests being answered, and stops counting when closed', async () => {
    const meter: InFlightMeter = requestsInFlight();
    try {
      expect(hasSubscribers('http.server.request.start')).toBe(true);
      expect(meter.count()).toBe(0);
      const sent = Array.from({ length: 6 }, () => send());
      await heldCount(6);
      expect(meter.count()).toBe(6);

      // Answered in another order than they came: each answer counts out its own request.
      for (const { response } of held.splice(1, 3)) response.end('ok');
      await Promise.all(sent.slice(1, 4).map((one) => one.answered));
      expect(meter.count()).toBe(3);

      for (const { response } of held.splice(0)) response.end('ok');
      await Promise.all(sent.map((one) => one.answered));
      expect(meter.count()).toBe(0);
    } finally {
      meter.close();
    }
    expect(hasSubscribers('http.server.request.start')).toBe(false);
    expect(hasSubscribers('http.server.response.finish')).toBe(false);
  });

  it('drops a request whose client went away before its answer', async () => {
    const meter = requestsInFlight();
    try {
      const kept = send();
      const { outgoing, answered } = send();
      await heldCount(2);
      expect(meter.count()).toBe(2);
      const incoming = held.splice(1, 1)[0]!.request;
      const gone = once(incoming.socket, 'close');
      outgoing.destroy();
      expect(await answered).toBe('aborted');
      await gone;
      expect(meter.count()).toBe(1);
      held.splice(0).forEach(({ response }) => response.end('ok'));
      await kept.answered;
      expect(meter.count()).toBe(0);
    } finally {
      meter.close();
    }
  });

  it('counts while any meter is open', async () => {
    const first = requestsInFlight();
    const second = requestsInFlight();
    try {
      const one = send();
      await heldCount(1);
      first.close();
      expect(second.count()).toBe(1);
      expect(hasSubscribers('http.server.response.finish')).toBe(true);
      held.splice(0).forEach(({ response }) => response.end('ok'));
      await one.answered;
      expect(second.count()).toBe(0);
    } finally {
      first.close();
      second.close();
    }
  });
});
