import { connect } from 'node:net';

export interface SlowClient {
  /** The status code, once the response head has been read (0 if the connection ended first). */
  status: Promise<number>;
  /** The response head's headers, lower-cased names. */
  headers: Promise<Record<string, string>>;
  /** Bytes of the response read so far. */
  bytesRead(): number;
  /** Settles when the connection is gone: whether the whole response had arrived. */
  closed: Promise<{ complete: boolean }>;
  /** Gives up at once, as a client that closes the tab. */
  abort(): void;
}

const TICK_MS = 100;
const LAST_CHUNK = '0\r\n\r\n';

/**
 * A GET over a plain TCP socket whose response is read at `bytesPerSecond` and no faster: the
 * socket stays paused, so once Node's buffer and the kernel's are full the server must wait.
 */
export function slowGet(
  port: number,
  target: string,
  headers: Record<string, string>,
  bytesPerSecond: number,
): SlowClient {
  const socket = connect(port, '127.0.0.1');
  socket.pause();
  socket.on('error', () => {});
  const lines = Object.entries({ host: `127.0.0.1:${port}`, connection: 'close', ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.write(`GET ${target} HTTP/1.1\r\n${lines}\r\n`);

  let read = 0;
  let head = '';
  let headDone = false;
  let tail = '';
  let bodyBytes = 0;
  const { promise: parsedHead, resolve: answerHead } = Promise.withResolvers<{
    status: number;
    headers: Record<string, string>;
  }>();

  const take = (chunk: Buffer) => {
    read += chunk.length;
    let body = chunk;
    if (!headDone) {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      headDone = true;
      body = Buffer.from(head.slice(end + 4), 'latin1');
      const [statusLine = '', ...headerLines] = head.slice(0, end).split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        if (colon > 0)
          parsed[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      answerHead({ status: Number(statusLine.split(' ')[1] ?? 0), headers: parsed });
    }
    bodyBytes += body.length;
    tail = (tail + body.toString('latin1')).slice(-LAST_CHUNK.length);
  };

  const perTick = Math.max(1, Math.round((bytesPerSecond * TICK_MS) / 1000));
  const timer = setInterval(() => {
    const available = socket.readableLength;
    const chunk = socket.read(Math.min(perTick, available || perTick)) as Buffer | null;
    if (chunk) take(chunk);
  }, TICK_MS);

  const closed = new Promise<{ complete: boolean }>((resolve) => {
    socket.once('close', () => {
      clearInterval(timer);
      // What was still buffered when the server closed counts as arrived.
      for (let chunk; (chunk = socket.read() as Buffer | null);) take(chunk);
      answerHead({ status: 0, headers: {} });
      void parsedHead.then(({ headers: got }) => {
        const length = Number(got['content-length'] ?? NaN);
        const complete = /chunked/i.test(got['transfer-encoding'] ?? '')
          ? tail === LAST_CHUNK
          : bodyBytes === length;
        resolve({ complete });
      });
    });
  });

  return {
    status: parsedHead.then((parsed) => parsed.status),
    headers: parsedHead.then((parsed) => parsed.headers),
    bytesRead: () => read,
    closed,
    abort: () => socket.destroy(),
  };
}
