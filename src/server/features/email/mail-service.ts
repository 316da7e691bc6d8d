import { domainToASCII, domainToUnicode } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Transporter } from 'nodemailer';
import {
  hasControlCharacters,
  INVALID_EMAIL_MESSAGE,
  isMailbox,
} from '../../../contract/email-rules.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, ServiceUnavailableError } from '../../lib/http-errors.ts';
import { maskEmail } from '../../lib/mask.ts';
import { isUnsubscribed } from './email-repository.ts';
import {
  enqueueMail,
  findOutboxMail,
  type OutboxOutcome,
  type OutboxRow,
} from './outbox-repository.ts';
import { nextRoundAt, startOutboxWorker } from './outbox-worker.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';
import { createMailTransport, isRetryable, sendWithRetry } from './mail-transport.ts';
import { renderMail } from './render-mail.ts';
import type { MailLinks, MailTemplate } from './templates/template-definition.ts';
import { findTemplate } from './templates/template-registry.ts';
import { unsubscribeSecret, unsubscribeUrl } from './unsubscribe-token.ts';
import { dataErasureUrl, dataRequestUrl } from '../privacy/data-request-token.ts';
import { ERASED_MESSAGE, isSuppressed } from '../privacy/suppression.ts';

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
  /**
   * The change the mail announces (the invitation's whitelist entry), made in the transaction
   * that queues it: both are saved, or neither. A mail its recipient would refuse (unsubscribed
   * or erased) is then refused before anything changes.
   */
  change?: (trx: Transaction<Database>) => Promise<void>;
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

export const UNSUBSCRIBED_MESSAGE =
  'This address has unsubscribed from ReelScore marketing mail, so nothing was sent.';

export const NOT_ONE_MAILBOX_MESSAGE =
  'This address is not one valid mailbox, so nothing was sent to it.';

export const SEND_LOG_UNAVAILABLE_MESSAGE =
  'Email is unavailable: the mail could not be queued, so nothing was sent. Try again shortly.';

export const CHANGE_UNAVAILABLE_MESSAGE =
  'Email is unavailable: the mail could not be queued, so nothing was sent and nothing changed. ' +
  'Try again shortly.';

/**
 * Whether an SMTP envelope can carry `to` as one recipient: one mailbox (`isMailbox`), and a
 * Unicode host name needs an IDNA form, whose `xn--` labels must decode.
 */
export function isSmtpMailbox(to: string): boolean {
  if (!isMailbox(to)) return false;
  const ascii = domainToASCII(to.slice(to.lastIndexOf('@') + 1));
  return ascii !== '' && !/(^|\.)xn--/i.test(domainToUnicode(ascii));
}

/** CR, LF or any control character in a header value could start a new header. */
function assertHeaderSafe(to: string, subject: string) {
  if (!isSmtpMailbox(to)) throw new HttpError(400, INVALID_EMAIL_MESSAGE);
  if (hasControlCharacters(subject)) {
    throw new HttpError(400, 'The subject must be a single line without control characters');
  }
}

/** One Message-ID per outbox message, the same on every attempt and round. */
export function messageIdFor(outboxId: string, publicUrl: string): string {
  return `<${outboxId}@${new URL(publicUrl).hostname}>`;
}

/** Links a template needs beyond the standard ones, built from its outbox params at send time. */
export type ExtraLinks = (
  template: string,
  params: Record<string, string>,
  /** The mail secret, from which each kind of signed link derives its own key. */
  secret: string,
) => Partial<MailLinks> | undefined;

/**
 * Builds the sender: real SMTP when SMTP_URL is set; otherwise (never in production) the local
 * catcher, reached over real SMTP all the same.
 */
export async function createMailService(
  db: Kysely<Database>,
  config: AppConfig,
  log: FastifyBaseLogger,
  extraLinks?: ExtraLinks,
): Promise<MailService> {
  const { mail } = config;
  let catcher: MailCatcher | undefined;
  let transport: Transporter;
  if (mail.smtpUrl) {
    transport = createMailTransport({ url: mail.smtpUrl }, mail);
  } else {
    if (config.env === 'production') throw new Error('SMTP_URL is required in production');
    catcher = await startMailCatcher(db, log);
    transport = createMailTransport({ host: catcher.host, port: catcher.port }, mail);
  }
  const secret = await unsubscribeSecret(db, mail);

  /** One delivery round of a leased outbox message: render, send with quick retries, judge. */
  async function deliver(row: OutboxRow): Promise<OutboxOutcome> {
    const template = findTemplate(row.template);
    const to = row.to_address;
    if (!template) return { status: 'dead', error: `no template ${row.template}` };
    // A row is sent to its one address or not at all: text a mail library would read as a list
    // (stored before every way in asked for one mailbox) is never handed to it.
    if (!isSmtpMailbox(to)) {
      return { status: 'dead', error: 'not one mailbox', message: NOT_ONE_MAILBOX_MESSAGE };
    }
    const marketing = template.kind === 'marketing';
    // An erased address gets no mail of any kind (features/privacy).
    if (await isSuppressed(db, secret, to)) {
      return { status: 'suppressed', error: 'erased', message: ERASED_MESSAGE };
    }
    // Checked when the mail leaves, not when it was queued: an address that unsubscribed
    // (or was erased) in between gets nothing.
    if (marketing && (await isUnsubscribed(db, to))) {
      return { status: 'suppressed', error: 'unsubscribed', message: UNSUBSCRIBED_MESSAGE };
    }
    // What the mail announces must still hold: an invitation to an address taken off the
    // whitelist since it was queued is not sent.
    const condition = template.sendOnlyIf;
    if (condition && !(await condition.holds(db, to))) {
      return { status: 'suppressed', error: condition.reason, message: condition.message };
    }
    const params = JSON.parse(row.params) as Record<string, string>;
    const listUnsubscribe = marketing ? unsubscribeUrl(config.publicUrl, secret, to) : undefined;
    const rendered = await renderMail(
      template,
      {
        publicUrl: config.publicUrl,
        ...(listUnsubscribe ? { unsubscribeUrl: listUnsubscribe } : {}),
        dataRequestUrl: dataRequestUrl(config.publicUrl, secret, to),
        dataErasureUrl: dataErasureUrl(config.publicUrl, secret, to),
        ...extraLinks?.(row.template, params, secret),
      },
      to,
    );
    const attachments = await template.attachmentsFor?.({ db, to, params });
    const outcome = await sendWithRetry(
      transport,
      {
        from: mail.from,
        // An address object is taken as it is (a string is parsed as a list), and the envelope
        // names the one recipient explicitly.
        to: { name: '', address: to },
        envelope: { from: mail.from, to: [to] },
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        messageId: row.message_id ?? messageIdFor(row.id, config.publicUrl),
        ...(attachments ? { attachments } : {}),
        ...(listUnsubscribe
          ? {
              headers: {
                'List-Unsubscribe': `<${listUnsubscribe}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              },
            }
          : {}),
      },
      mail,
    );
    if (outcome.ok) {
      return { status: 'sent', attempts: outcome.attempts, smtpResponse: outcome.response };
    }
    const again = isRetryable(outcome.kind) && row.rounds < row.max_rounds;
    return {
      status: again ? 'retry' : 'dead',
      attempts: outcome.attempts,
      error: outcome.detail,
      message: outcome.message,
      ...(again ? { nextAttemptAt: nextRoundAt(mail.outbox, row.rounds) } : {}),
    };
  }

  const worker = startOutboxWorker(db, log, mail.outbox, deliver);
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

  async function send({ to, template, requestedBy, change }: SendRequest): Promise<SendResult> {
    assertHeaderSafe(to, template.subject);
    const logged = { to: maskEmail(to), template: template.id };
    const queued = await db
      .transaction()
      .execute(async (trx) => {
        if (change) {
          const refused = await refusal(trx, to, template);
          if (refused) return { refused };
          await change(trx);
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
      transport.close();
      await catcher?.close();
    },
  };
}
