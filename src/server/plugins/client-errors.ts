import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import { isApiPath, normalisePath } from '../lib/request-path.ts';
import { securityHeadersByPath } from './security-headers.ts';

/** The request target of the request line in what the client sent, if there is one. */
function requestTarget(rawPacket: unknown): string {
  const bytes = Buffer.isBuffer(rawPacket) ? rawPacket : Buffer.alloc(0);
  const line = bytes.toString('latin1').split('\r\n', 1)[0] ?? '';
  return line.split(' ')[1] ?? '/';
}

function statusFor(code: string | undefined): number {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  return 400;
}

const MESSAGES: Record<number, string> = {
  400: 'The request is not valid HTTP.',
  408: 'The request took too long to arrive.',
  431: 'The request headers are too large.',
};

/**
 * Requests Node's HTTP parser refuses (a target that is not a path, a bare space, oversized
 * headers, a request too slow to arrive) never reach Fastify's routing or hooks. They still get
 * the headers and error shape of the path they named, normalised, like every other answer.
 */
export function clientErrorHandler(config: AppConfig) {
  const headersFor = securityHeadersByPath(config);
  return function handle(
    this: FastifyInstance,
    error: ConnectionError & { code?: string },
    socket: Socket,
  ) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = statusFor(error.code);
    const path = normalisePath(requestTarget(error.rawPacket));
    const text = MESSAGES[status] ?? 'Bad request.';
    const messageShaped = /^\/api\/(admin|email|auth|app)(\/|$)/.test(path);
    const body = JSON.stringify(messageShaped ? { message: text } : { error: text });
    const headers = {
      ...headersFor(path),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    this.log.debug(
      { code: error.code, status, api: isApiPath(path) },
      'request refused by the HTTP parser',
    );
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
          Object.entries(headers)
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('') +
          `\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}
