import { domainToASCII, domainToUnicode } from 'node:url';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import { isMailbox } from '../../../contract/email-rules.ts';
import type { MailConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { dataErasureUrl, dataRequestUrl } from '../links/data-request-token.ts';
import { ERASED_MESSAGE, isSuppressed } from './suppression.ts';
import { isUnsubscribed } from './email-repository.ts';
import { isRetryable, sendWithRetry } from './mail-transport.ts';
import type { OutboxOutcome, OutboxRow } from './outbox-repository.ts';
import { nextRoundAt } from './outbox-worker.ts';
import { composeFromSkeleton } from './message-skeleton.ts';
import { renderMail } from './render-mail.ts';
import { findTemplate } from './templates/template-registry.ts';
import { unsubscribeUrl } from '../links/unsubscribe-token.ts';

export const UNSUBSCRIBED_MESSAGE =
  'This address has unsubscribed from ReelScore marketing mail, so nothing was sent.';

export const NOT_ONE_MAILBOX_MESSAGE =
  'This address is not one valid mailbox, so nothing was sent to it.';

/**
 * Whether an SMTP envelope can carry `to` as one recipient: one mailbox (`isMailbox`), and a
 * Unicode host name needs an IDNA form, whose `xn--` labels must decode.
 */
export function isSmtpMailbox(to: string): boolean {
  if (!isMailbox(to)) return false;
  const ascii = domainToASCII(to.slice(to.lastIndexOf('@') + 1));
  return ascii !== '' && !/(^|\.)xn--/i.test(domainToUnicode(ascii));
}

/** One Message-ID per outbox message, the same on every attempt and round. */
export function messageIdFor(outboxId: string, publicUrl: string): string {
  return `<${outboxId}@${new URL(publicUrl).hostname}>`;
}

/** What one delivery round needs: the sender's settings, its database and transport. */
export interface DelivererOptions {
  db: Kysely<Database>;
  publicUrl: string;
  mail: MailConfig;
  transport: Transporter;
  /** The mail secret, from which each kind of signed link derives its own key. */
  secret: string;
}

/**
 * One delivery round of a leased outbox message: checks the address may still get it, renders
 * it, sends it with quick retries, and judges the outcome.
 */
export function createDeliverer({
  db,
  publicUrl,
  mail,
  transport,
  secret,
}: DelivererOptions): (row: OutboxRow) => Promise<OutboxOutcome> {
  return async function deliver(row) {
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
    const listUnsubscribe = marketing ? unsubscribeUrl(publicUrl, secret, to) : undefined;
    const rendered = await renderMail(
      template,
      {
        publicUrl: publicUrl,
        ...(listUnsubscribe ? { unsubscribeUrl: listUnsubscribe } : {}),
        dataRequestUrl: dataRequestUrl(publicUrl, secret, to),
        dataErasureUrl: dataErasureUrl(publicUrl, secret, to),
        ...(await template.linksFor?.({ publicUrl, secret, params })),
      },
      to,
      params,
    );
    const attachments = await template.attachmentsFor?.({ db, to, params });
    const messageId = row.message_id ?? messageIdFor(row.id, publicUrl);
    const headers = listUnsubscribe
      ? {
          'List-Unsubscribe': `<${listUnsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : undefined;
    // The envelope names the one recipient explicitly.
    const envelope = { from: mail.from, to: [to] };
    const raw = attachments
      ? undefined
      : await composeFromSkeleton({
          from: mail.from,
          to,
          subject: rendered.subject,
          html: rendered.html,
          text: rendered.text,
          messageId,
          ...(headers ? { headers } : {}),
        });
    const outcome = await sendWithRetry(
      transport,
      raw
        ? { envelope, raw, messageId }
        : {
            from: mail.from,
            // An address object is taken as it is (a string is parsed as a list).
            to: { name: '', address: to },
            envelope,
            subject: rendered.subject,
            html: rendered.html,
            text: rendered.text,
            messageId,
            ...(attachments ? { attachments } : {}),
            ...(headers ? { headers } : {}),
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
  };
}
