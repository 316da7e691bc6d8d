import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  url: string;
  /** Message-ID header -> envelope recipients, for every message accepted. */
  received: Map<string, string[]>;
  /** Message-ID header -> how many times a message with it was accepted. */
  deliveries: Map<string, number>;
  close(): Promise<void>;
}

/** Reads the Message-ID header of a raw message (headers end at the first empty line). */
function messageIdOf(raw: string): string | undefined {
  const headerEnd = raw.search(/\r?\n\r?\n/);
  const headers = (headerEnd === -1 ? raw : raw.slice(0, headerEnd)).replace(/\r?\n[ \t]+/g, ' ');
  return /^message-id:\s*(\S+)/im.exec(headers)?.[1];
}

/**
 * The mail server the service sends to, in the runner's own process so that it outlives every
 * kill of the service. It accepts every message and remembers its Message-ID.
 */
export async function startSmtpSink(
  options: {
    /** Called with the envelope recipients of each message accepted. */
    onAccepted?: (rcptTo: string[]) => void;
  } = {},
): Promise<SmtpSink> {
  const received = new Map<string, string[]>();
  const deliveries = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const messageId = messageIdOf(Buffer.concat(chunks).toString('utf8'));
        if (messageId === undefined) {
          callback(Object.assign(new Error('no Message-ID'), { responseCode: 554 }));
          return;
        }
        const rcptTo = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        deliveries.set(messageId, (deliveries.get(messageId) ?? 0) + 1);
        received.set(messageId, rcptTo);
        options.onAccepted?.(rcptTo);
        callback();
      });
    },
  });
  // A client killed mid-conversation is routine here, not a failure of the runner.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
