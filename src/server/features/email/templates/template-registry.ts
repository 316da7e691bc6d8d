import { dataExport } from './data-export.ts';
import { earlyAccessInvitation } from './early-access-invitation.ts';
import { removalNotice } from './removal-notice.ts';
import type { MailTemplate } from './template-definition.ts';
import { waitlistConfirmation } from './waitlist-confirmation.ts';

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
