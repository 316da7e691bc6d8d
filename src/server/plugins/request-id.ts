import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { uuidV7 } from '../lib/uuid-v7.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A proxy's id is kept only if it is one printable token a log line can carry safely. */
const VALID_ID = /^[\x21-\x7e]{1,128}$/;

/** The named ranges proxy-addr (Fastify's trustProxy) accepts, with the same meaning. */
const NAMED_RANGES: Record<string, [string, number][]> = {
  loopback: [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
  linklocal: [
    ['169.254.0.0', 16],
    ['fe80::', 10],
  ],
  uniquelocal: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['fc00::', 7],
  ],
};

function addRange(list: BlockList, address: string, prefix: number) {
  list.addSubnet(address, prefix, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** Whether a peer address is one of the trusted proxies (config.trustProxy's entries). */
export function trustedPeer(
  trustProxy: false | string[],
): (address: string | undefined) => boolean {
  if (!trustProxy) return () => false;
  const list = new BlockList();
  for (const entry of trustProxy) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [address, prefix] of named) addRange(list, address, prefix);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    addRange(list, address, prefix === undefined ? (isIP(address) === 6 ? 128 : 32) : +prefix);
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 peer on a dual-stack socket shows as ::ffff:a.b.c.d.
    const plain = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
    const version = isIP(plain);
    return version !== 0 && list.check(plain, version === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Fastify's `genReqId`: the id of the trusted proxy in front, when it sent a valid one, so one
 * request can be followed through the proxy's logs and ours; otherwise a new one. A client's own
 * header is never taken: it could forge ids to muddle the logs. The id is Fastify's `reqId`,
 * so every log line of the request carries it.
 */
export function requestIdGenerator(trustProxy: false | string[]) {
  const isTrusted = trustedPeer(trustProxy);
  return (request: IncomingMessage): string => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (
      typeof given === 'string' &&
      VALID_ID.test(given) &&
      isTrusted(request.socket.remoteAddress)
    )
      return given;
    return uuidV7();
  };
}

/** Every answer that passes through the hooks (errors and 404s included) names its request. */
export function registerRequestIdHeader(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done(null, payload);
  });
}
