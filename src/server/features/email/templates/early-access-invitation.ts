import { createElement as h } from 'react';
import { ActionButton, BrandLayout, Paragraph } from './brand-layout.ts';
import { defineTemplate } from './template-definition.ts';

export interface EarlyAccessInvitationProps {
  email: string;
  programme: string;
}

/** "You are in": how to get the app and the browser extension. */
export const earlyAccessInvitation = defineTemplate<EarlyAccessInvitationProps>({
  id: 'early-access-invitation',
  name: 'Early access invitation',
  subject: 'You’re in: your ReelScore early access is ready',
  description:
    'Sent when an address is added to the whitelist: it can now sign in to the app and the ' +
    'browser extension.',
  kind: 'marketing',
  sampleProps: { email: 'sam.viewer@example.com', programme: 'Closed alpha' },
  propsFor: (email) => ({ email, programme: 'Closed alpha' }),
  component: ({ email, programme }, links) => {
    const site = links.publicUrl.replace(/\/$/, '');
    return h(
      BrandLayout,
      {
        preview: 'Your early access is ready: get the app and the browser extension.',
        heading: 'You’re in!',
        links,
        reason: `You receive this because ${email} joined the ReelScore waitlist.`,
      },
      h(
        Paragraph,
        null,
        `Good news: ${email} now has access to the ReelScore ${programme.toLowerCase()}. `,
        'Point your phone at any title, on a poster, a screen or a shelf, and see its ratings ',
        'from every major source side by side.',
      ),
      h(
        Paragraph,
        null,
        'Sign in with this address in the app, and add the browser extension to see the same ',
        'scores next to titles on streaming sites.',
      ),
      h(ActionButton, { href: `${site}/get-app` }, 'Get the app'),
      h(ActionButton, { href: `${site}/get-extension` }, 'Add the browser extension'),
      h(Paragraph, null, 'We read every reply to this mail: tell us what works and what does not.'),
    );
  },
});
