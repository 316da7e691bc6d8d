import { confirmationLinks } from '../links/confirmation-token.ts';
import type { ExtraLinks } from './deliver-mail.ts';
import { waitlistConfirmation } from '../../features/waitlist/waitlist-confirmation-mail.ts';

/**
 * The links of mails beyond the standard ones: a queued confirmation carries its signup and
 * time, and its link is signed when the mail leaves.
 */
export function mailLinks(publicUrl: string): ExtraLinks {
  return (template, params, secret) =>
    template === waitlistConfirmation.id ? confirmationLinks(publicUrl, secret, params) : undefined;
}
