import { once } from 'node:events';
import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { requestsFirst, type RequestsFirst, type RequestsFirstSettings } from './requests-first.ts';

/** Keeps the event loop busy for `ms`: 10 ms blocks, each followed by one turn of the loop. */
async function busyFor(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const block = Date.now() + 10;
    while (Date.now() < block) {
      // busy
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const calm = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('requests first', () => {
  const gates: RequestsFirst[] = [];
  afterEach(() => gates.splice(0).forEach((gate) => gate.close()));

  function gate(floorMs = 50, settings: Partial<RequestsFirstSettings> = {}) {
    const made = requestsFirst({
      busyAbove: 0.5,
      inFlightAbove: 1_000,
      windowMs: 20,
      floorMs,
      ...settings,
    });
    gates.push(made);
    return made;
  }

  it('gives a turn at once while the loop has time to spare', async () => {
    const requests = gate();
    await calm(60);
    let given = false;
    void requests.turn().then(() => (given = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(given).toBe(true);
  });

  it('holds turns while the loop is busy, lets one through per floor interval, and all once it calms', async () => {
    const requests = gate(100);
    // The first windows of a busy loop: from here on, turns wait.
    await busyFor(100);
    let given = 0;
    const turns = Array.from({ length: 40 }, () => requests.turn().then(() => (given += 1)));
    await busyFor(600);
    const duringBusy = given;
    // The floor let some through (a trickle, never a stop), far from all of them.
    expect(duringBusy).toBeGreaterThan(0);
    expect(duringBusy).toBeLessThan(turns.length);
    await Promise.all(turns);
    expect(given).toBe(turns.length);
  });

  it('lets every waiter go when closed', async () => {
    const requests = gate(60_000);
    await busyFor(100);
    const turns = Array.from({ length: 5 }, () => requests.turn());
    requests.close();
    await expect(Promise.all(turns)).resolves.toHaveLength(5);
  });

  it('holds turns while requests queue on a calm loop (waiting for a database), and lets them go once answered', async () => {
    const held: ServerResponse[] = [];
    const server = createServer((_req, res) => held.push(res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const requests = gate(60_000, { inFlightAbove: 4 });
      const answers = Array.from(
        { length: 8 },
        () =>
          new Promise<void>((resolve, reject) => {
            request({ host: '127.0.0.1', port, agent: false }, (response) => {
              response.resume();
              response.on('end', resolve);
            })
              .on('error', reject)
              .end();
          }),
      );
      while (held.length < answers.length) await calm(5);
      // Two windows with eight held: turns wait, the loop itself idle.
      await calm(60);
      let given = false;
      const turn = requests.turn().then(() => (given = true));
      await calm(60);
      expect(given).toBe(false);
      for (const response of held.splice(0)) response.end('ok');
      await Promise.all(answers);
      await turn;
      expect(given).toBe(true);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
