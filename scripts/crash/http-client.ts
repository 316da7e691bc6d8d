import { request, type Agent } from 'node:http';

export interface Call {
  agent: Agent;
  port: number;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  /** A session token for the admin and email routes. */
  token?: string;
  timeoutMs?: number;
}

/**
 * What came back: a complete answer, or nothing usable (connection refused, reset by a kill,
 * cut mid-answer, timed out). Only a complete 2xx answer counts as an acknowledgement.
 */
export type Reply =
  { answered: true; status: number; body: unknown } | { answered: false; reason: string };

/** One HTTP call with node:http: no retries of any kind, so one call is at most one request. */
export function send(call: Call): Promise<Reply> {
  const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
  return new Promise((resolve) => {
    const outgoing = request(
      {
        agent: call.agent,
        host: '127.0.0.1',
        port: call.port,
        method: call.method,
        path: call.path,
        timeout: call.timeoutMs ?? 15_000,
        headers: {
          ...(payload === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
              }),
          ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => resolve({ answered: false, reason: reasonOf(error) }));
        response.on('end', () => {
          if (!response.complete) {
            resolve({ answered: false, reason: 'answer cut off' });
            return;
          }
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            // Not JSON: keep the text for the report.
          }
          resolve({ answered: true, status: response.statusCode ?? 0, body });
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', (error) => resolve({ answered: false, reason: reasonOf(error) }));
    outgoing.end(payload);
  });
}

function reasonOf(error: Error): string {
  return (error as NodeJS.ErrnoException).code ?? error.message;
}
