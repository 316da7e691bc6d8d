import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../../db/schema.ts';
import { saveCaughtMail } from './email-repository.ts';

/** Caught mail is for reading, not archiving: larger messages are refused. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

export interface MailCatcher {
  host: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The local stand-in for a mail provider: a real SMTP server on 127.0.0.1 (random port, no
 * auth, no TLS) that stores what it receives, so a local run shows the mail the product sends.
 * Never started in production.
 */
export async function startMailCatcher(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
): Promise<MailCatcher> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: 'ReelScore local mail catcher',
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          return;
        }
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(', ');
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) =>
            saveCaughtMail(db, {
              to: recipients,
              subject: email.subject ?? '',
              text: email.text ?? '',
              messageId: email.messageId,
            }),
          )
          .then(
            () => callback(),
            (error: unknown) => {
              log.warn({ err: error }, 'mail catcher: could not store a message');
              callback(
                Object.assign(new Error('Could not store the message'), { responseCode: 451 }),
              );
            },
          );
      });
    },
  });
  server.on('error', (error) => log.warn({ err: error }, 'mail catcher error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  log.info({ port }, 'local mail catcher listening (no SMTP_URL set)');
  return {
    host: '127.0.0.1',
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
