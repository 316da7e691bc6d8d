import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cutSlowReaders, type SlowReader } from './read-rate.ts';

/** A response whose socket has (or has not) refused a write, and that records its end. */
function fakeResponse(waiting: boolean) {
  return { writableNeedDrain: waiting, socket: null, destroy: vi.fn() };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('the minimum read rate', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** `seconds` of ticks, `bytes` going out in each. */
  async function run(
    response: ReturnType<typeof fakeResponse>,
    rate: { minBytesPerSecond: number; windowMs: number },
    bytes: number,
    seconds: number,
  ) {
    const source = new PassThrough();
    const slow: SlowReader[] = [];
    const metered = cutSlowReaders(
      source,
      response as unknown as ServerResponse,
      rate,
      (reader) => void slow.push(reader),
    );
    metered.resume();
    for (let second = 0; second < seconds; second++) {
      source.write(Buffer.alloc(bytes));
      await flush();
      vi.advanceTimersByTime(1000);
    }
    return { slow, source, metered };
  }

  it('cuts a client that takes less than the minimum over a window of waiting', async () => {
    const response = fakeResponse(true);
    const { slow, source } = await run(
      response,
      { minBytesPerSecond: 1000, windowMs: 5000 },
      500,
      4,
    );
    expect(slow).toEqual([]);
    source.write(Buffer.alloc(500));
    await flush();
    vi.advanceTimersByTime(1000);
    expect(slow).toEqual([{ bytes: 2500, bytesPerSecond: 500 }]);
    expect(response.destroy).toHaveBeenCalledOnce();
    // Cut once: the watch is over.
    vi.advanceTimersByTime(10_000);
    expect(slow).toHaveLength(1);
  });

  it('leaves a client that takes the minimum while it waits', async () => {
    const response = fakeResponse(true);
    const { slow } = await run(response, { minBytesPerSecond: 1000, windowMs: 5000 }, 1000, 20);
    expect(slow).toEqual([]);
    expect(response.destroy).not.toHaveBeenCalled();
  });

  it('counts no time in which the client keeps up, however little goes out', async () => {
    const response = fakeResponse(false);
    const { slow } = await run(response, { minBytesPerSecond: 1000, windowMs: 5000 }, 0, 60);
    expect(slow).toEqual([]);
    expect(response.destroy).not.toHaveBeenCalled();
  });

  it('is off at 0', async () => {
    const response = fakeResponse(true);
    const { slow } = await run(response, { minBytesPerSecond: 0, windowMs: 5000 }, 0, 60);
    expect(slow).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops watching when the stream ends, and passes every byte on', async () => {
    const response = fakeResponse(true);
    const { source, metered } = await run(
      response,
      { minBytesPerSecond: 1000, windowMs: 5000 },
      100,
      1,
    );
    const received: Buffer[] = [];
    metered.on('data', (chunk: Buffer) => received.push(chunk));
    source.end(Buffer.from('last'));
    await flush();
    await flush();
    expect(metered.destroyed || metered.readableEnded).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    expect(Buffer.concat(received).toString()).toBe('last');
  });
});
