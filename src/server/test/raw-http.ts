import { connect } from 'node:net';

export interface RawRequest {
  method: string;
  /** Sent byte for byte as the request target: no client normalises it on the way. */
  target: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function decodeChunked(payload: string): string {
  let body = '';
  let rest = payload;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    if (lineEnd === -1) return body;
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return body;
    body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

function parseResponse(text: string): RawResponse {
  const headEnd = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text
    .slice(0, headEnd === -1 ? undefined : headEnd)
    .split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const payload = headEnd === -1 ? '' : text.slice(headEnd + 4);
  const body = /chunked/i.test(headers['transfer-encoding'] ?? '')
    ? decodeChunked(payload)
    : payload;
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body };
}

/**
 * One HTTP/1.1 request over a plain TCP socket, so the request target reaches the server exactly
 * as written (fetch and inject would normalise or refuse the disguised forms under test).
 */
export function rawRequest(port: number, request: RawRequest): Promise<RawResponse> {
  const body = request.body ?? '';
  const headers = {
    host: `127.0.0.1:${port}`,
    connection: 'close',
    ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
    ...request.headers,
  };
  const head =
    `${request.method} ${request.target} HTTP/1.1\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\n${body}`));
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${request.target}`)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseResponse(Buffer.concat(chunks).toString('utf8'))));
  });
}

/** Runs `work` over `items` with at most `limit` in flight, keeping the order of results. */
export async function inBatches<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
