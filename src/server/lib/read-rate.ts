import type { ServerResponse } from 'node:http';
import { Transform, pipeline, type Readable } from 'node:stream';

export interface MinReadRate {
  /** Fewer bytes a second than this, on average over the window, and the client is cut; 0: off. */
  minBytesPerSecond: number;
  /** How much waiting time the average covers. */
  windowMs: number;
}

export interface SlowReader {
  /** Bytes handed to the response before the cut. */
  bytes: number;
  /** What the client took per second over the window. */
  bytesPerSecond: number;
}

/**
 * `source` passed on through a counter, for `response` to send. Every tick (a fifth of the
 * window, at most a second) in which the response has more data than the client has taken
 * (`writableNeedDrain`: the socket refused a write and has not drained) counts towards the
 * window with the bytes that went out in it; ticks in which the client keeps up, or the source
 * has nothing new, do not count. Once a window's worth of waiting ticks took less than the
 * minimum, the connection is reset (which destroys `source` too, so a database cursor behind
 * it is let go at once) and `onSlow` is told. A fast client of a short answer never waits.
 */
export function cutSlowReaders(
  source: Readable,
  response: ServerResponse,
  rate: MinReadRate,
  onSlow: (reader: SlowReader) => void,
): Readable {
  let bytes = 0;
  const metered = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  // Either side's end or failure ends the other; a failure reaches the response through
  // `metered`. Whoever pipes `metered` reports errors, so none is handled here.
  pipeline(source, metered, () => {});
  if (rate.minBytesPerSecond <= 0) return metered;

  const tickMs = Math.min(1000, rate.windowMs / 5);
  const ticks = Math.max(1, Math.round(rate.windowMs / tickMs));
  const minimum = (rate.minBytesPerSecond * ticks * tickMs) / 1000;
  const waiting: number[] = [];
  let counted = 0;
  const timer = setInterval(() => {
    const sent = bytes - counted;
    counted = bytes;
    if (!response.writableNeedDrain) return;
    waiting.push(sent);
    if (waiting.length > ticks) waiting.shift();
    const taken = waiting.reduce((sum, tick) => sum + tick, 0);
    if (waiting.length < ticks || taken >= minimum) return;
    clearInterval(timer);
    onSlow({ bytes, bytesPerSecond: Math.round((taken * 1000) / (ticks * tickMs)) });
    reset(response);
  }, tickMs);
  timer.unref();
  metered.once('close', () => clearInterval(timer));
  return metered;
}

/**
 * Ends the connection with a reset: a plain close would still send what the kernel holds for
 * the client (megabytes) at the client's pace.
 */
function reset(response: ServerResponse) {
  const { socket } = response;
  try {
    if (socket && 'resetAndDestroy' in socket) {
      socket.resetAndDestroy();
      return;
    }
  } catch {
    // Not a TCP socket (TLS): closed as usual below.
  }
  response.destroy();
}
