import { createElement as h } from 'react';
import { Text } from '@react-email/components';
import {
  ActionButton,
  BRAND,
  BrandLayout,
  Paragraph,
  TextLink,
  textStyle,
} from '../../platform/mail/templates/brand-layout.ts';
import { confirmationLinks } from '../../platform/links/confirmation-token.ts';
import { defineTemplate } from '../../platform/mail/templates/template-definition.ts';

export interface WaitlistConfirmationProps {
  email: string;
}

/**
 * Where the button leads when no signed link was given (the dashboard's preview and test
 * sends): the confirmation page, which explains that this link is not valid.
 */
function sampleConfirmUrl(site: string): string {
  return `${site}/api/signup/confirm?token=sample-link`;
}

/** Double opt-in: the person confirms that the address is theirs, with one button. */
export const waitlistConfirmation = defineTemplate<WaitlistConfirmationProps>({
  id: 'waitlist-confirmation',
  name: 'Waitlist confirmation',
  subject: 'Confirm your place on the ReelScore waitlist',
  description:
    'Sent when an address joins the waitlist (unless SIGNUP_CONFIRMATION is off), and again ' +
    'when an unconfirmed address signs up again or asks from an expired link, at most once ' +
    'an hour and 3 times a day: a button confirms the address, valid for 7 days.',
  kind: 'marketing',
  sampleProps: { email: 'sam.viewer@example.com' },
  propsFor: (email) => ({ email }),
  // The queued row carries its signup and time; the link is signed when the mail leaves.
  links: ({ publicUrl, secret, params }) => confirmationLinks(publicUrl, secret, params),
  component: ({ email }, links) => {
    const site = links.publicUrl.replace(/\/$/, '');
    const confirmUrl = links.confirmUrl ?? sampleConfirmUrl(site);
    return h(
      BrandLayout,
      {
        preview: 'One click to confirm your address and keep your place in line.',
        heading: 'Confirm your place on the waitlist',
        links,
        reason: `You receive this because ${email} was used to join the ReelScore waitlist.`,
      },
      h(
        Paragraph,
        null,
        `Thanks for signing up with ${email}. Please confirm that this address is yours, so we `,
        'know where to send your invitation when your place opens.',
      ),
      h(ActionButton, { href: confirmUrl, label: 'Confirm my address' }),
      h(
        Text,
        { style: { ...textStyle, color: BRAND.muted, fontSize: '14px', lineHeight: '20px' } },
        'The button works for 7 days. If it does not open, paste this link into your browser: ',
        h(TextLink, { href: confirmUrl, color: BRAND.muted, breakAll: true }, confirmUrl),
      ),
      h(
        Paragraph,
        null,
        'We are letting people in a few at a time, so the app stays fast while we grow. If you ',
        'did not sign up, you can ignore this mail.',
      ),
    );
  },
});
