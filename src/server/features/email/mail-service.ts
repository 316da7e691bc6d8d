import { domainToASCII, domainToUnicode } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import { isValidEmail } from '../../../contract/email-rules.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, ServiceUnavailableError } from '../../lib/http-errors.ts';
import { maskEmail } from '../../lib/mask.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { finishSend, isUnsubscribed, recordSend } from './email-repository.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';
import { createMailTransport, sendWithRetry } from './mail-transport.ts';
import { renderMail } from './render-mail.ts';
import type { MailTemplate } from './templates/template-definition.ts';
import { unsubscribeSecret, unsubscribeUrl } from './unsubscribe-token.ts';

export type SendResult =
  | { status: 'sent'; message: string; messageId: string }
  | { status: 'failed'; message: string; messageId: string }
  | { status: 'refused'; message: string };

export interface SendRequest {
  to: string;
  template: MailTemplate;
  requestedBy: string;
}

export interface MailService {
  /** Whether mail goes to the local catcher, whose messages the mailbox endpoint shows. */
  readonly catching: boolean;
  readonly unsubscribeSecret: string;
  send(request: SendRequest): Promise<SendResult>;
  close(): Promise<void>;
}

export const UNSUBSCRIBED_MESSAGE =
  'This address has unsubscribed from ReelScore marketing mail, so nothing was sent.';

export const SEND_LOG_UNAVAILABLE_MESSAGE =
  'Email is unavailable: the send log could not be written, so nothing was sent. Try again shortly.';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** One dot-atom: RFC 5321 atext, or any non-ASCII character but invisible ones (SMTPUTF8). */
const ATOM = String.raw`(?:[a-z0-9!#$%&'*+/=?^_\`{|}~-]|[^\x00-\x7f\u200b\u2060\ufeff])+`;
const HOST_CHARACTER = String.raw`(?:[a-z0-9]|[^\x00-\x7f\u200b\u2060\ufeff])`;
const LABEL = String.raw`${HOST_CHARACTER}(?:(?:${HOST_CHARACTER}|-)*${HOST_CHARACTER})?`;
const SMTP_MAILBOX = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`, 'i');

/**
 * The spec's simple rule lets through text an SMTP envelope cannot carry: nodemailer reads `to`
 * as an address list (`a@x.com,b@y.com` and `a<b@y.com>` reach others, `(@x.com` no one) and
 * mail servers refuse `<`, `>` or `!` in a host name. A send needs one plain RFC 5321 mailbox.
 */
function isSmtpMailbox(to: string): boolean {
  if (!SMTP_MAILBOX.test(to)) return false;
  // A Unicode host name needs an IDNA form, and an `xn--` label must decode to one.
  const ascii = domainToASCII(to.slice(to.lastIndexOf('@') + 1));
  return ascii !== '' && !/(^|\.)xn--/i.test(domainToUnicode(ascii));
}

/** CR, LF or any control character in a header value could start a new header. */
function assertHeaderSafe(to: string, subject: string) {
  if (!isValidEmail(to) || !isSmtpMailbox(to))
    throw new HttpError(400, 'Please enter a valid email address');
  if (CONTROL_CHARACTERS.test(subject)) {
    throw new HttpError(400, 'The subject must be a single line without control characters');
  }
}

function messageIdFor(publicUrl: string): string {
  return `<${uuidV7()}@${new URL(publicUrl).hostname}>`;
}

/**
 * Builds the sender: real SMTP when SMTP_URL is set; otherwise (never in production) the local
 * catcher, reached over real SMTP all the same.
 */
export async function createMailService(
  db: Kysely<Database>,
  config: AppConfig,
  log: FastifyBaseLogger,
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

  async function send({ to, template, requestedBy }: SendRequest): Promise<SendResult> {
    assertHeaderSafe(to, template.subject);
    const logged = { to: maskEmail(to), template: template.id };
    const marketing = template.kind === 'marketing';
    if (marketing && (await isUnsubscribed(db, to))) {
      await recordSend(db, {
        to,
        template: template.id,
        status: 'refused',
        messageId: '',
        error: 'unsubscribed',
        attempts: 0,
        requestedBy,
      });
      log.info(logged, 'mail refused: the address unsubscribed');
      return { status: 'refused', message: UNSUBSCRIBED_MESSAGE };
    }

    const listUnsubscribe = marketing ? unsubscribeUrl(config.publicUrl, secret, to) : undefined;
    const rendered = await renderMail(
      template,
      {
        publicUrl: config.publicUrl,
        ...(listUnsubscribe ? { unsubscribeUrl: listUnsubscribe } : {}),
      },
      to,
    );
    const messageId = messageIdFor(config.publicUrl);
    // The row exists before the mail leaves, so a crash mid-send leaves it `pending` rather than
    // a delivered mail with no trace; without a send log nothing is sent.
    const logId = await recordSend(db, {
      to,
      template: template.id,
      status: 'pending',
      messageId,
      attempts: 0,
      requestedBy,
    }).catch((error: unknown) => {
      log.error({ err: error, ...logged }, 'send log write failed; mail not sent');
      throw new ServiceUnavailableError(SEND_LOG_UNAVAILABLE_MESSAGE, { cause: error });
    });
    const outcome = await sendWithRetry(
      transport,
      {
        from: mail.from,
        to,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        messageId,
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

    // The mail is out (or not) whatever happens to the log row; a failed update leaves it
    // `pending` and must not make the admin send it again.
    await finishSend(db, logId, {
      status: outcome.ok ? 'sent' : 'failed',
      smtpResponse: outcome.ok ? outcome.response : undefined,
      error: outcome.ok ? undefined : outcome.detail,
      attempts: outcome.attempts,
    }).catch((error: unknown) => log.error({ err: error, ...logged }, 'send log update failed'));

    if (outcome.ok) {
      log.info({ ...logged, attempts: outcome.attempts }, 'mail sent');
      return { status: 'sent', message: `Email sent to ${to}.`, messageId };
    }
    log.warn({ ...logged, attempts: outcome.attempts, kind: outcome.kind }, 'mail failed');
    return { status: 'failed', message: outcome.message, messageId };
  }

  return {
    catching: catcher !== undefined,
    unsubscribeSecret: secret,
    send,
    async close() {
      transport.close();
      await catcher?.close();
    },
  };
}
