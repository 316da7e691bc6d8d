import { performance } from 'node:perf_hooks';
import { requestsInFlight } from '../http/requests-in-flight.ts';

export interface RequestsFirstSettings {
  /** The share of the event loop's time (0-1) above which it counts as busy with requests. */
  busyAbove: number;
  /**
   * The number of HTTP requests in flight in this process, read at the end of each window, above
   * which it counts as busy too: the requests queue, for the database or for the loop.
   */
  inFlightAbove: number;
  /** How often the loop's use is read. */
  windowMs: number;
  /** While the loop is busy, one waiting item starts every this many milliseconds. */
  floorMs: number;
}

/**
 * The service's setting (decision 0042). At full load the loop is over 90% busy; draining mail
 * with no requests, well under half. On PostgreSQL the loop waits for the database and is about
 * half busy at full load, but the requests queue: 40-50 in flight under the bench's 50
 * connections, where requests answered as they come overlap a few at a time (hundreds a second at
 * a few milliseconds each). While it is busy, mail still starts at 10 a second, the default
 * provider rate (`MAIL_RATE_PER_SECOND`).
 */
export const REQUESTS_FIRST: RequestsFirstSettings = {
  busyAbove: 0.85,
  inFlightAbove: 16,
  windowMs: 100,
  floorMs: 100,
};

export interface RequestsFirst {
  /**
   * Resolves at once while the event loop has time to spare. While requests keep it busy, it
   * resolves when the loop is calm again, or when the waiter's turn of the floor comes (one every
   * `floorMs`, oldest first): background work slows to a trickle, never to a stop.
   */
  turn(): Promise<void>;
  /** Stops measuring; every waiter goes on at once. */
  close(): void;
}

/**
 * Background work of this instance (sending the outbox's mail, webhook deliveries) gives the
 * event loop to requests while they keep it busy: a launch-day burst of signups is answered at
 * the speed of the intake alone, and the mail they queued goes out as soon as the burst eases.
 * Decided by the loop's measured use over the last window (`performance.eventLoopUtilization`),
 * so it follows whatever the requests cost on this machine, or by the requests it holds: where
 * the database, not the loop, is the limit (PostgreSQL), they queue while the loop waits.
 */
export function requestsFirst(settings: RequestsFirstSettings = REQUESTS_FIRST): RequestsFirst {
  const waiting: (() => void)[] = [];
  let busy = false;
  let last = performance.eventLoopUtilization();
  const load = requestsInFlight();
  const sample = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const inFlight = load.count();
    busy =
      performance.eventLoopUtilization(now, last).utilization > settings.busyAbove ||
      inFlight > settings.inFlightAbove;
    last = now;
    if (!busy) for (const go of waiting.splice(0)) go();
  }, settings.windowMs);
  const floor = setInterval(() => waiting.shift()?.(), settings.floorMs);
  // Neither keeps the process alive: the worker that waits is stopped with the service.
  sample.unref();
  floor.unref();
  return {
    turn: () => (busy ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve()),
    close() {
      clearInterval(sample);
      clearInterval(floor);
      load.close();
      busy = false;
      for (const go of waiting.splice(0)) go();
    },
  };
}
