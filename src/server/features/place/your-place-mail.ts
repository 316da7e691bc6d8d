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
import { placeLinks, YOUR_PLACE_TEMPLATE_ID } from '../../platform/links/place-link.ts';
import { defineTemplate } from '../../platform/mail/templates/template-definition.ts';

export interface YourPlaceProps {
  email: string;
}

/** The person's page, "your place": the link to it, kept for later (no account, no password). */
export const yourPlace = defineTemplate<YourPlaceProps>({
  id: YOUR_PLACE_TEMPLATE_ID,
  name: 'Your place',
  subject: 'Your place on the ReelScore waitlist',
  description:
    'Sent when a person confirms their address, and when a confirmed person asks for their ' +
    'link again (at most once an hour): a button opens their own page, with their place in ' +
    'line, an estimate, and their link to invite friends. The link works for a year.',
  kind: 'marketing',
  sampleProps: { email: 'sam.viewer@example.com' },
  propsFor: (email) => ({ email }),
  // The queued row carries its signup; the link is signed when the mail leaves.
  links: ({ publicUrl, secret, params }) => placeLinks(publicUrl, secret, params),
  component: ({ email }, links) => {
    const site = links.publicUrl.replace(/\/$/, '');
    const placeUrl = links.placeUrl ?? `${site}/place?token=sample-link`;
    return h(
      BrandLayout,
      {
        preview: 'Your place in line, when to expect your invitation, and how to move up.',
        heading: 'Your place on the waitlist',
        links,
        reason: `You receive this because ${email} joined the ReelScore waitlist.`,
      },
      h(
        Paragraph,
        null,
        `You are on the list with ${email}. Your own page shows your place in line, an honest `,
        'estimate of when we get to you, and your link to invite friends: each friend who joins ',
        'through it and confirms moves you up.',
      ),
      h(ActionButton, { href: placeUrl, label: 'See my place' }),
      h(
        Text,
        { style: { ...textStyle, color: BRAND.muted, fontSize: '14px', lineHeight: '20px' } },
        'Keep this mail: the button is your way back to the page, with no account or password, ',
        'and works for a year. If it does not open, paste this link into your browser: ',
        h(TextLink, { href: placeUrl, color: BRAND.muted, breakAll: true }, placeUrl),
      ),
    );
  },
});
