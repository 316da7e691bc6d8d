import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { MailConfig } from '../../config.ts';

export type SmtpTarget = { url: string } | { host: string; port: number };

/** One pooled SMTP connection set with bounded waits at every step. */
export function createMailTransport(target: SmtpTarget, mail: MailConfig): Transporter {
  return nodemailer.createTransport({
    ...('url' in target
      ? { url: target.url }
      : // The local catcher speaks plain SMTP on the loopback interface only.
        { host: target.host, port: target.port, secure: false, ignoreTLS: true }),
    pool: true,
    // One connection per send the outbox worker runs at once (MAIL_CONNECTIONS).
    maxConnections: mail.outbox.concurrency,
    // The pool would silently resend a message whose connection dropped; our own bounded retry
    // (sendWithRetry) decides instead, so one logical send is never delivered twice.
    maxRequeues: 0,
    connectionTimeout: mail.timeouts.connectionMs,
    greetingTimeout: mail.timeouts.greetingMs,
    socketTimeout: mail.timeouts.socketMs,
    // Mail content never reads files or fetches URLs on our behalf.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

export type FailureKind = 'refused' | 'timeout' | 'temporary' | 'permanent' | 'connection';

export function classifyFailure(error: unknown): FailureKind {
  const smtp = (error ?? {}) as SmtpError;
  if (typeof smtp.responseCode === 'number') {
    if (smtp.responseCode >= 400 && smtp.responseCode < 500) return 'temporary';
    return 'permanent';
  }
  const text = `${smtp.code ?? ''} ${smtp.message ?? ''}`;
  if (/ECONNREFUSED/.test(text)) return 'refused';
  if (smtp.code === 'ETIMEDOUT' || /timeout|timed out/i.test(text)) return 'timeout';
  if (/ECONNECTION|ESOCKET|ECONNRESET|EPIPE|closed/i.test(text)) return 'connection';
  return 'permanent';
}

/**
 * Worth another try: a 4xx reply, or a connection that failed or was lost. A timeout is not
 * retried: the server may have taken the message and be slow to say so, and a second try could
 * deliver it twice; it also keeps the request's duration bounded.
 */
export function isRetryable(kind: FailureKind): boolean {
  return kind === 'temporary' || kind === 'refused' || kind === 'connection';
}

/** A clear sentence for the dashboard; the server's reply line, without its internals, at most. */
export function failureMessage(kind: FailureKind, error: unknown, attempts: number): string {
  const smtp = (error ?? {}) as SmtpError;
  const reply = (smtp.response ?? '').split(/\r?\n/, 1)[0]?.slice(0, 200) ?? '';
  const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
  switch (kind) {
    case 'refused':
      return `The mail server refused the connection${tries}. Nothing was sent.`;
    case 'connection':
      return `The connection to the mail server failed${tries}. Nothing was sent.`;
    case 'timeout':
      return 'The mail server did not answer in time. The mail was probably not sent.';
    case 'temporary':
      return `The mail server is temporarily refusing mail${tries} (${reply || smtp.responseCode}). Please try again later.`;
    case 'permanent':
      return reply
        ? `The mail server rejected the mail (${reply}).`
        : 'The mail could not be sent.';
  }
}

export type SendOutcome =
  | { ok: true; attempts: number; response: string }
  | { ok: false; attempts: number; kind: FailureKind; message: string; detail: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one message, retrying temporary failures with exponential backoff. The caller sets the
 * Message-ID, so every attempt carries the same one and a retry is never a second mail.
 */
export async function sendWithRetry(
  transport: Transporter,
  message: SendMailOptions & { messageId: string },
  { retry, timeouts }: Pick<MailConfig, 'retry' | 'timeouts'>,
): Promise<SendOutcome> {
  for (let attempt = 1; ; attempt++) {
    const started = Date.now();
    try {
      const info = (await transport.sendMail(message)) as { response?: string };
      return { ok: true, attempts: attempt, response: String(info.response ?? '') };
    } catch (error) {
      let kind = classifyFailure(error);
      // A pooled connection that times out is reported only as "closed"; a close that came
      // after a full idle timeout is that timeout, and is not retried either.
      if (kind === 'connection' && Date.now() - started >= timeouts.socketMs) kind = 'timeout';
      if (!isRetryable(kind) || attempt >= retry.attempts) {
        return {
          ok: false,
          attempts: attempt,
          kind,
          message: failureMessage(kind, error, attempt),
          detail: `${(error as SmtpError).code ?? 'ERROR'}: ${String((error as SmtpError).message ?? error).slice(0, 500)}`,
        };
      }
      await sleep(retry.baseDelayMs * 2 ** (attempt - 1));
    }
  }
}
