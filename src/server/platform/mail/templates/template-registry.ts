import { dataExport } from '../../../features/privacy/data-export-mail.ts';
import { earlyAccessInvitation } from '../../../features/access/early-access-invitation-mail.ts';
import { removalNotice } from '../../../features/access/removal-notice-mail.ts';
import type { MailTemplate } from './template-definition.ts';
import { waitlistConfirmation } from '../../../features/waitlist/waitlist-confirmation-mail.ts';

/** Every mail the product sends, in the order the Email Testing tab lists them. */
export const MAIL_TEMPLATES: readonly MailTemplate[] = [
  earlyAccessInvitation,
  waitlistConfirmation,
  removalNotice,
  dataExport,
];

export function findTemplate(id: string): MailTemplate | undefined {
  return MAIL_TEMPLATES.find((template) => template.id === id);
}
