import type { Kysely, Transaction } from 'kysely';
import type { ReactElement } from 'react';
import type { Database } from '../../../db/schema.ts';

/** Absolute links every mail needs; built from PUBLIC_URL, never from the request. */
export interface MailLinks {
  publicUrl: string;
  /** The recipient's signed one-click link; only marketing mail has one. */
  unsubscribeUrl?: string;
  /** The signed link that confirms a signup (the confirmation template's own link). */
  confirmUrl?: string;
  /** The recipient's signed link to get a copy of their data (features/privacy). */
  dataRequestUrl?: string;
  /** The recipient's signed link to the page that asks before erasing their data. */
  dataErasureUrl?: string;
  /** The recipient's signed link to their own page, "your place" (platform/links/place-link.ts). */
  placeUrl?: string;
}

/** A file attached to a mail, made when the mail leaves (never stored in the outbox). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** What an attachment is made from: the outbox row's address and params, read from `db`. */
export interface AttachmentContext {
  db: Kysely<Database>;
  to: string;
  params: Record<string, string>;
}

/**
 * Marketing mail (the waitlist confirmation, the invitation) may be refused by the recipient;
 * transactional mail (a notice about their own data) is always sent.
 */
export type TemplateKind = 'marketing' | 'transactional';

/** What must still be true when the mail leaves, or it is not sent (status `suppressed`). */
export interface SendCondition {
  holds(db: Kysely<Database>, to: string): Promise<boolean>;
  /** The outbox's `last_error` when it does not hold. */
  reason: string;
  /** What an admin waiting for the send is told. */
  message: string;
}

/** What a template's own links are made from when its mail leaves. */
export interface LinkContext {
  publicUrl: string;
  /** The mail secret, from which each kind of signed link derives its own key. */
  secret: string;
  /** The outbox row's params (strings). */
  params: Record<string, string>;
}

/**
 * The change a mail announces (the invitation's whitelist entry), made in the transaction that
 * queues an admin's send of it: both are saved, or neither. A mail its recipient would refuse
 * (unsubscribed or erased) is then refused before anything changes.
 */
export type AnnouncedChange = (
  trx: Transaction<Database>,
  send: { to: string; actor: string; now: Date },
) => Promise<void>;

export interface TemplateDefinition<Props> {
  id: string;
  name: string;
  subject: string;
  description: string;
  kind: TemplateKind;
  /** What the preview shows: realistic, and visibly sample data. */
  sampleProps: Props;
  /** The props of a real send to `recipient`, with the outbox row's params (strings). */
  propsFor(recipient: string, params: Record<string, string>): Props;
  component(props: Props, links: MailLinks): ReactElement;
  /** Files to attach, made at send time from the database (the data-export mail). */
  attachments?: (context: AttachmentContext) => Promise<MailAttachment[]>;
  /** Links of its own beyond the standard ones, signed when the mail leaves (a confirmation's). */
  links?: (context: LinkContext) => Partial<MailLinks> | Promise<Partial<MailLinks>>;
  announces?: AnnouncedChange;
  sendOnlyIf?: SendCondition;
}

/** A template with its props type erased, so templates of different props sit in one list. */
export interface MailTemplate {
  id: string;
  name: string;
  subject: string;
  description: string;
  kind: TemplateKind;
  sample(links: MailLinks): ReactElement;
  forRecipient(recipient: string, links: MailLinks, params?: Record<string, string>): ReactElement;
  attachmentsFor?: (context: AttachmentContext) => Promise<MailAttachment[]>;
  linksFor?: (context: LinkContext) => Partial<MailLinks> | Promise<Partial<MailLinks>>;
  announces?: AnnouncedChange;
  sendOnlyIf?: SendCondition;
}

export function defineTemplate<Props>(definition: TemplateDefinition<Props>): MailTemplate {
  const { id, name, subject, description, kind } = definition;
  return {
    id,
    name,
    subject,
    description,
    kind,
    sample: (links) => definition.component(definition.sampleProps, links),
    forRecipient: (recipient, links, params = {}) =>
      definition.component(definition.propsFor(recipient, params), links),
    ...(definition.attachments ? { attachmentsFor: definition.attachments } : {}),
    ...(definition.links ? { linksFor: definition.links } : {}),
    ...(definition.announces ? { announces: definition.announces } : {}),
    ...(definition.sendOnlyIf ? { sendOnlyIf: definition.sendOnlyIf } : {}),
  };
}
