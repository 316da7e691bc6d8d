import { confirmationLinks } from '../signups/confirmation-token.ts';
import type { ExtraLinks } from './deliver-mail.ts';
import { waitlistConfirmation } from './templates/waitlist-confirmation.ts';

/**
 * The links of mails beyond the standard ones: a queued confirmation carries its signup and
 * time, and its link is signed when the mail leaves.
 */
export function mailLinks(publicUrl: string): ExtraLinks {
  return (template, params, secret) =>
    template === waitlistConfirmation.id ? confirmationLinks(publicUrl, secret, params) : undefined;
}
