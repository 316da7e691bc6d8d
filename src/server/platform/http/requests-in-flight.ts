import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ServerResponse } from 'node:http';

/** What Node's HTTP server publishes on its channels (`http.server.*`). */
interface ServerMessage {
  response: ServerResponse;
}

const STARTED = 'http.server.request.start';
const FINISHED = 'http.server.response.finish';

/**
 * Responses of this process started and not yet finished, in an array: kept in a `Set` (which
 * gives each response an identity hash), the signups' p99 grew by half (decision 0042).
 */
const open: ServerResponse[] = [];
let meters = 0;

function started(message: unknown) {
  open.push((message as ServerMessage).response);
}

function finished(message: unknown) {
  remove(open.indexOf((message as ServerMessage).response));
}

function remove(at: number) {
  if (at < 0) return;
  const last = open.pop()!;
  if (at < open.length) open[at] = last;
}

export interface InFlightMeter {
  /** The HTTP requests this process is answering now. */
  count(): number;
  /** Stops counting once no meter is left. */
  close(): void;
}

/**
 * Counts the HTTP requests this process is answering, from Node's own diagnostics channels:
 * every server of the process, whatever framework routes it, at the cost of an array push and a
 * search among the few in flight a request, and only while a meter is open. A response whose
 * client went away before it finished publishes no finish: it is dropped once its socket is gone.
 */
export function requestsInFlight(): InFlightMeter {
  if (meters === 0) {
    subscribe(STARTED, started);
    subscribe(FINISHED, finished);
  }
  meters += 1;
  let closed = false;
  return {
    count() {
      for (let at = open.length - 1; at >= 0; at -= 1) {
        if (open[at]!.destroyed) remove(at);
      }
      return open.length;
    },
    close() {
      if (closed) return;
      closed = true;
      meters -= 1;
      if (meters > 0) return;
      unsubscribe(STARTED, started);
      unsubscribe(FINISHED, finished);
      open.length = 0;
    },
  };
}
