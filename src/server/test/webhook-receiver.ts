import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got, and what it made of it. */
export interface ReceivedWebhook {
  id: string;
  timestamp: number;
  body: string;
  type: string;
  data: Record<string, unknown>;
  userAgent: string | undefined;
  /** The signature checked here, by the scheme's definition (not by the sender's library). */
  signatureValid: boolean;
  /** What the receiver answered. */
  answered: number | 'nothing';
}

/** How the receiver answers the `attempt`-th request (1-based) it gets for a webhook id. */
export type Answer = (attempt: number, webhook: ReceivedWebhook) => number | 'hang';

/**
 * Standard Webhooks' check, written out from the spec: the secret after `whsec_` is base64; the
 * signature is base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)) in a `v1,` entry of the
 * space-separated `webhook-signature` header; the timestamp must be within five minutes.
 */
export function verifyStandardWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  now = Date.now(),
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${headers.id}.${headers.timestamp}.${body}`)
    .digest();
  return headers.signature.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A webhook receiver on 127.0.0.1 that checks every signature and keeps every request. */
export async function startWebhookReceiver(secret: () => string, answer: Answer = () => 200) {
  const received: ReceivedWebhook[] = [];
  const attempts = new Map<string, number>();
  let currentAnswer = answer;
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const header = (name: string) => String(request.headers[name] ?? '');
      const id = header('webhook-id');
      let parsed: { type?: string; data?: Record<string, unknown> } = {};
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        // Kept as received; the test sees an empty type.
      }
      const webhook: ReceivedWebhook = {
        id,
        timestamp: Number(header('webhook-timestamp')),
        body,
        type: parsed.type ?? '',
        data: parsed.data ?? {},
        userAgent: request.headers['user-agent'],
        signatureValid: verifyStandardWebhook(
          secret(),
          {
            id,
            timestamp: header('webhook-timestamp'),
            signature: header('webhook-signature'),
          },
          body,
        ),
        answered: 'nothing',
      };
      received.push(webhook);
      const attempt = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, attempt);
      // A receiver refuses what it cannot verify.
      const status = webhook.signatureValid ? currentAnswer(attempt, webhook) : 401;
      if (status === 'hang') return;
      webhook.answered = status;
      response.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Requests the receiver accepted (2xx), by webhook id. */
    accepted(): Map<string, ReceivedWebhook[]> {
      const byId = new Map<string, ReceivedWebhook[]>();
      for (const webhook of received) {
        if (typeof webhook.answered !== 'number' || webhook.answered >= 300) continue;
        byId.set(webhook.id, [...(byId.get(webhook.id) ?? []), webhook]);
      }
      return byId;
    },
    answerWith(next: Answer) {
      currentAnswer = next;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
