import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { HttpTimeouts } from '../config.ts';

/**
 * Fastify's server options for the limits in `timeouts` (Fastify leaves them all off): a client
 * trickling its body or sending nothing is cut off instead of holding a socket for minutes.
 */
export function httpTimeoutOptions(timeouts: HttpTimeouts): FastifyHttpOptions<Server> {
  const headersMs = Math.min(timeouts.headersMs, timeouts.requestMs);
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: headersMs,
      requestTimeout: timeouts.requestMs,
      // Node looks for expired requests only this often (30 s by default), which would let a
      // 30 s limit stretch to a minute.
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersMs / 4))),
    },
  };
}
