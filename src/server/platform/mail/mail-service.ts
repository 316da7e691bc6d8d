import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { hasControlCharacters, INVALID_EMAIL_MESSAGE } from '../../../contract/email-rules.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, ServiceUnavailableError } from '../../lib/http-errors.ts';
import { maskEmail } from '../../lib/mask.ts';
import { isSmtpMailbox, messageIdFor, UNSUBSCRIBED_MESSAGE } from './deliver-mail.ts';
import { isUnsubscribed } from './email-repository.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';
import type { SmtpTarget } from './mail-transport.ts';
import {
  enqueueMail,
  findOutboxMail,
  type OutboxOutcome,
  type OutboxRow,
} from './outbox-repository.ts';
import { startMailWorker } from './outbox-thread.ts';
import type { MailTemplate } from './templates/template-definition.ts';
import { unsubscribeSecret } from '../links/unsubscribe-token.ts';
import { ERASED_MESSAGE, isSuppressed } from './suppression.ts';

export {
  isSmtpMailbox,
  messageIdFor,
  NOT_ONE_MAILBOX_MESSAGE,
  UNSUBSCRIBED_MESSAGE,
} from './deliver-mail.ts';

export type SendResult =
  | { status: 'sent'; message: string; messageId: string }
  | { status: 'failed'; message: string; messageId: string }
  | { status: 'refused'; message: string }
  /** Still in the outbox when the wait ended: it will be sent, the admin need not send again. */
  | { status: 'queued'; message: string; messageId: string };

export interface SendRequest {
  to: string;
  template: MailTemplate;
  requestedBy: string;
}

export interface MailService {
  /** Whether mail goes to the local catcher, whose messages the mailbox endpoint shows. */
  readonly catching: boolean;
  readonly unsubscribeSecret: string;
  /** An admin's send: queued in the outbox, then the outcome of its delivery, waited for. */
  send(request: SendRequest): Promise<SendResult>;
  /** Mail was queued in this instance: deliver it now rather than at the next poll. */
  nudge(): void;
  /** Calls `listener` with how each delivery round of this instance ended (for metrics). */
  onRoundFinished(listener: (status: OutboxOutcome['status']) => void): void;
  /** Stops the outbox worker (sends in flight finish, bounded) and the transport. */
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sender: features that queue mail nudge it, so it leaves at once. */
    mailer: MailService;
  }
}

export const SEND_LOG_UNAVAILABLE_MESSAGE =
  'Email is unavailable: the mail could not be queued, so nothing was sent. Try again shortly.';

export const CHANGE_UNAVAILABLE_MESSAGE =
  'Email is unavailable: the mail could not be queued, so nothing was sent and nothing changed. ' +
  'Try again shortly.';

/** CR, LF or any control character in a header value could start a new header. */
function assertHeaderSafe(to: string, subject: string) {
  if (!isSmtpMailbox(to)) throw new HttpError(400, INVALID_EMAIL_MESSAGE);
  if (hasControlCharacters(subject)) {
    throw new HttpError(400, 'The subject must be a single line without control characters');
  }
}

/**
 * Builds the sender: real SMTP when SMTP_URL is set; otherwise (never in production) the local
 * catcher, reached over real SMTP all the same.
 */
export async function createMailService(
  db: Kysely<Database>,
  config: AppConfig,
  log: FastifyBaseLogger,
  /** The URL of the module that installs the mail templates, for the sender thread. */
  templatesModule: string,
): Promise<MailService> {
  const { mail } = config;
  let catcher: MailCatcher | undefined;
  let target: SmtpTarget;
  if (mail.smtpUrl) {
    target = { url: mail.smtpUrl };
  } else {
    if (config.env === 'production') throw new Error('SMTP_URL is required in production');
    catcher = await startMailCatcher(db, log);
    target = { host: catcher.host, port: catcher.port };
  }
  const secret = await unsubscribeSecret(db, mail);

  const worker = await startMailWorker(db, log, {
    database: config.database,
    logLevel: config.logLevel,
    templatesModule,
    publicUrl: config.publicUrl,
    mail,
    target,
    secret,
  });
  let closing = false;

  /** Resolves with the message once it has left the queue for good, or undefined at `deadline`. */
  async function outcomeOf(id: string, deadline: number): Promise<OutboxRow | undefined> {
    let signal: (() => void) | undefined;
    const unsubscribe = worker.onFinished((finished) => {
      if (finished === id) signal?.();
    });
    try {
      // A closing service stops waiting: the mail stays queued and is sent after the restart.
      while (Date.now() < deadline && !closing) {
        const row = await findOutboxMail(db, id);
        // Another instance may deliver it (PostgreSQL): the row is the truth, events a shortcut.
        if (row && row.status !== 'queued' && row.status !== 'sending') return row;
        if (row?.status === 'queued' && row.rounds > 0) return row;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(250, Math.max(0, deadline - Date.now())));
          signal = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      return undefined;
    } finally {
      unsubscribe();
    }
  }

  /** Why the recipient would refuse the mail, checked before a change it announces. */
  async function refusal(trx: Transaction<Database>, to: string, template: MailTemplate) {
    if (await isSuppressed(trx, secret, to)) return ERASED_MESSAGE;
    if (template.kind === 'marketing' && (await isUnsubscribed(trx, to))) {
      return UNSUBSCRIBED_MESSAGE;
    }
    return undefined;
  }

  /** An admin's send: with the change its template announces (`announces`), if any. */
  async function send({ to, template, requestedBy }: SendRequest): Promise<SendResult> {
    const change = template.announces;
    assertHeaderSafe(to, template.subject);
    const logged = { to: maskEmail(to), template: template.id };
    const queued = await db
      .transaction()
      .execute(async (trx) => {
        if (change) {
          const refused = await refusal(trx, to, template);
          if (refused) return { refused };
          await change(trx, { to, actor: requestedBy, now: new Date() });
        }
        return enqueueMail(trx, {
          to,
          template: template.id,
          requestedBy,
          maxRounds: 1,
          urgent: true,
          messageIdDomain: new URL(config.publicUrl).hostname,
        });
      })
      .catch((error: unknown) => {
        log.error({ err: error, ...logged }, 'mail could not be queued; nothing sent');
        throw new ServiceUnavailableError(
          change ? CHANGE_UNAVAILABLE_MESSAGE : SEND_LOG_UNAVAILABLE_MESSAGE,
          { cause: error },
        );
      });
    if ('refused' in queued) {
      log.info(logged, 'mail refused before queueing: the address unsubscribed or was erased');
      return { status: 'refused', message: queued.refused };
    }
    const { id } = queued;
    worker.nudge();
    const messageId = messageIdFor(id, config.publicUrl);
    const row = await outcomeOf(id, Date.now() + mail.deliveryWaitMs);
    if (!row) {
      log.warn(logged, 'mail still queued when the wait ended');
      return {
        status: 'queued',
        message: `The mail server is slow to answer; the mail to ${to} is queued and will be sent.`,
        messageId,
      };
    }
    if (row.status === 'sent') {
      log.info({ ...logged, attempts: row.attempts }, 'mail sent');
      return { status: 'sent', message: `Email sent to ${to}.`, messageId };
    }
    if (row.status === 'suppressed') {
      log.info(logged, 'mail refused: the address unsubscribed or was erased');
      return { status: 'refused', message: row.failure_message ?? UNSUBSCRIBED_MESSAGE };
    }
    log.warn({ ...logged, attempts: row.attempts, error: row.last_error }, 'mail failed');
    return {
      status: 'failed',
      message: row.failure_message ?? 'The mail could not be sent.',
      messageId,
    };
  }

  return {
    catching: catcher !== undefined,
    unsubscribeSecret: secret,
    send,
    nudge: () => worker.nudge(),
    onRoundFinished: (listener) =>
      void worker.onFinished((_id, outcome) => listener(outcome.status)),
    async close() {
      closing = true;
      await worker.stop(mail.deliveryWaitMs);
      await catcher?.close();
    },
  };
}
