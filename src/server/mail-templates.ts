import { earlyAccessInvitation } from './features/access/early-access-invitation-mail.ts';
import { removalNotice } from './features/access/removal-notice-mail.ts';
import { movedUp } from './features/line-mail/moved-up-mail.ts';
import { dataExport } from './features/privacy/data-export-mail.ts';
import { yourPlace } from './features/place/your-place-mail.ts';
import { waitlistConfirmation } from './features/waitlist/waitlist-confirmation-mail.ts';
import { installMailTemplates } from './platform/mail/templates/template-registry.ts';
import type { MailTemplate } from './platform/mail/templates/template-definition.ts';

/**
 * Every mail the product sends, in the order the Email Testing tab lists them. Each template
 * lives beside the flow that sends it; importing this module installs them in the mail
 * platform (app.ts does, and the mail sender thread imports it by its URL).
 */
export const MAIL_TEMPLATES: readonly MailTemplate[] = [
  earlyAccessInvitation,
  waitlistConfirmation,
  yourPlace,
  movedUp,
  removalNotice,
  dataExport,
];

installMailTemplates(MAIL_TEMPLATES);

/** This module, for a thread that must install the same templates. */
export const MAIL_TEMPLATES_MODULE = import.meta.url;
