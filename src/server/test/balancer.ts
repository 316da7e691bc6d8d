import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request header that pins one request to a named backend; the balancer strips it. */
export const BACKEND_HEADER = 'x-test-backend';

export interface BalancedRequest {
  backend: string;
  method: string;
  path: string;
  status: number;
}

export interface Balancer {
  /** The one public origin in front of every backend (what PUBLIC_URL names). */
  origin: string;
  /** Every request forwarded, in order. */
  log: BalancedRequest[];
  close(): Promise<void>;
}

/**
 * A load balancer for tests: forwards each request to the backend its `x-test-backend` header
 * names, or round-robin when it names none (the services' own calls to the public origin).
 * The Host header is kept, as a balancer in front of one public name does. `backends` is read
 * on each request, so its addresses may be filled in once the services listen.
 */
export async function startBalancer(backends: Record<string, string>): Promise<Balancer> {
  const names = Object.keys(backends);
  const log: BalancedRequest[] = [];
  let turn = 0;
  const server = createServer((incoming, outgoing) => {
    const pinned = incoming.headers[BACKEND_HEADER];
    const backend =
      typeof pinned === 'string' && pinned in backends ? pinned : names[turn++ % names.length]!;
    const target = new URL(backends[backend]!);
    const headers = { ...incoming.headers };
    delete headers[BACKEND_HEADER];
    const upstream = forward(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer) => {
        log.push({
          backend,
          method: incoming.method ?? '',
          path: (incoming.url ?? '').split('?', 1)[0] ?? '',
          status: answer.statusCode ?? 0,
        });
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      outgoing.writeHead(502).end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
