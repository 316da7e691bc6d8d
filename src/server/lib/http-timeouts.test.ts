import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { startListeningApp } from '../test/listening-app.ts';

type ListeningApp = Awaited<ReturnType<typeof startListeningApp>>;

const [sqlite] = await testDatabaseKinds();

/** Small limits so each case ends in well under a second; the trickle below needs 10 s. */
const LIMITS = { requestMs: 500, headersMs: 500, idleMs: 500, keepAliveMs: 300 };
const TRICKLE_BYTES = 100;
const TRICKLE_EVERY_MS = 100;

interface Connection {
  socket: Socket;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>;
}

async function open(port: number): Promise<Connection> {
  const socket = connect({ host: '127.0.0.1', port });
  await new Promise<void>((done, fail) => socket.once('connect', done).once('error', fail));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  // A reset counts as closed too: either way the server let go of the socket.
  socket.on('error', () => undefined);
  const closed = new Promise<string>((done) => socket.once('close', () => done(received)));
  return { socket, closed };
}

describe('HTTP time limits (real sockets)', () => {
  let testApp: ListeningApp;
  let port: number;

  beforeAll(async () => {
    testApp = await startListeningApp(sqlite!, { httpTimeouts: LIMITS });
    port = Number(new URL(testApp.origin).port);
  });
  afterAll(() => testApp.close());

  it('cuts a client that trickles its body long before the body is complete', async () => {
    const { socket, closed } = await open(port);
    socket.write(
      'POST /api/utility/signup HTTP/1.1\r\n' +
        `Host: 127.0.0.1:${port}\r\n` +
        'Content-Type: application/json\r\n' +
        `Content-Length: ${TRICKLE_BYTES}\r\n\r\n`,
    );
    let sent = 0;
    const trickle = setInterval(() => {
      if (socket.destroyed || sent >= TRICKLE_BYTES) return;
      socket.write(' ');
      sent++;
    }, TRICKLE_EVERY_MS);

    const answer = await closed;
    clearInterval(trickle);

    // Cut off with the body far from complete (it would have taken 10 s), answered 408.
    expect(sent).toBeLessThan(TRICKLE_BYTES / 2);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 15_000);

  it('cuts a client that trickles its headers', async () => {
    const { socket, closed } = await open(port);
    const head = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: `;
    let sent = 0;
    const trickle = setInterval(() => {
      if (socket.destroyed || sent >= head.length + TRICKLE_BYTES) return;
      socket.write(sent < head.length ? head[sent]! : 'a');
      sent++;
    }, TRICKLE_EVERY_MS / 2);

    const answer = await closed;
    clearInterval(trickle);

    expect(sent).toBeLessThan(head.length + TRICKLE_BYTES);
    expect(answer).not.toMatch(/^HTTP\/1\.1 200 /);
  }, 15_000);

  it('disconnects a client that connects and sends nothing', async () => {
    const { closed } = await open(port);

    const answer = await closed;

    expect(answer).not.toMatch(/^HTTP\/1\.1 200 /);
  }, 10_000);

  it('closes a kept-alive connection that sends no next request', async () => {
    const { socket, closed } = await open(port);
    socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);

    const answer = await closed;

    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  }, 10_000);

  it('still answers normal requests, with their bodies, on one kept-alive connection', async () => {
    const body = JSON.stringify({ email: 'in-time@example.com', signupType: 'general' });
    const { socket, closed } = await open(port);
    socket.write(
      'POST /api/utility/signup HTTP/1.1\r\n' +
        `Host: 127.0.0.1:${port}\r\n` +
        'Content-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body}` +
        `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );

    const answer = await closed;

    expect(answer.match(/HTTP\/1\.1 \d+/g)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
    const response = await fetch(`${testApp.origin}/api/health`);
    expect(response.status).toBe(200);
  }, 10_000);
});
