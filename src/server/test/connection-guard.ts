import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, isIP, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import type { HostLookup } from '../config.ts';

/** A listener on 127.0.0.1 that nothing may reach: it keeps every connection it gets. */
export async function startTrap() {
  const connections: string[] = [];
  const server = createServer((socket) => {
    connections.push(`${socket.remoteAddress}:${socket.remotePort}`);
    socket.destroy();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    connections,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Every connection this process starts, by address and port, seen before the socket connects
 * (Node's `net.client.socket` channel and each socket's `connectionAttempt`), so a test can
 * check that nothing was sent anywhere but loopback, nor to a port it names.
 */
export function watchConnections() {
  const attempts: { address: string; port: number }[] = [];
  const onSocket = (message: unknown) => {
    const { socket } = message as { socket: Socket };
    socket.on('connectionAttempt', (address: string, port: number) => {
      attempts.push({ address, port });
    });
  };
  subscribe('net.client.socket', onSocket);
  return {
    attempts,
    /** Attempts that left loopback. */
    beyondLoopback: () => attempts.filter((attempt) => !LOOPBACK.test(attempt.address)),
    to: (port: number) => attempts.filter((attempt) => attempt.port === port),
    stop: () => unsubscribe('net.client.socket', onSocket),
  };
}

/**
 * A resolver for tests that answers from `answer` and never asks DNS: a name it does not know
 * is not found. It counts the questions asked about each name.
 */
export function tableLookup(answer: (hostname: string) => string[] | undefined) {
  const asked = new Map<string, number>();
  const lookup: HostLookup = (hostname) => {
    asked.set(hostname, (asked.get(hostname) ?? 0) + 1);
    const addresses = answer(hostname);
    if (!addresses) {
      const error = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      return Promise.reject(Object.assign(error, { code: 'ENOTFOUND' }));
    }
    return Promise.resolve(
      addresses.map((address): LookupAddress => ({ address, family: isIP(address) })),
    );
  };
  return { lookup, asked };
}
