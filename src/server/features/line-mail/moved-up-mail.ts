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
import { placeLinks, PLACE_PATH } from '../../platform/links/place-link.ts';
import { defineTemplate } from '../../platform/mail/templates/template-definition.ts';

export const MOVED_UP_TEMPLATE_ID = 'moved-up';

export interface MovedUpProps {
  email: string;
  /** The person's place when the mail was queued, and the place their last mail said. */
  place?: number | undefined;
  was?: number | undefined;
  /** How many people waited then, the person included. */
  waiting?: number | undefined;
}

const number = (value: string | undefined) => {
  const parsed = Number(value);
  return value !== undefined && Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined;
};

const count = (value: number) => value.toLocaleString('en');

/** What the person reads about their move, with or without the figures of the queued row. */
function movedText({ place, was, waiting }: MovedUpProps): string {
  if (place === undefined) return 'You have moved up the ReelScore waitlist since we last wrote.';
  const from = was !== undefined ? `, up from ${count(was)}` : '';
  const of = waiting !== undefined ? ` of ${count(waiting)} people waiting` : '';
  return `You are now number ${count(place)}${of}${from}.`;
}

/**
 * At most once a week, when a waiting person moved up since their last such mail (or their
 * confirmation): their new place and the link to their own page. Queued by the moved-up sweep
 * (moved-up-sweep.ts) with the signup and the figures in its params; the page link is signed when
 * the mail leaves. Marketing mail: an unsubscribed address gets none, and it carries
 * List-Unsubscribe; the person can also turn just this mail off on their page.
 */
export const movedUp = defineTemplate<MovedUpProps>({
  id: MOVED_UP_TEMPLATE_ID,
  name: 'You moved up',
  subject: 'You moved up the ReelScore waitlist',
  description:
    'Sent at most once a week to a person waiting in line whose place got better since their ' +
    'last such mail (or since confirming): their new place and the link to their own page. Not ' +
    'sent when MOVED_UP_MAIL is off or the person turned it off on their page.',
  kind: 'marketing',
  sampleProps: { email: 'sam.viewer@example.com', place: 412, was: 530, waiting: 8240 },
  propsFor: (email, params: Record<string, string> = {}) => ({
    email,
    place: number(params['place']),
    was: number(params['was']),
    waiting: number(params['waiting']),
  }),
  links: ({ publicUrl, secret, params }) => placeLinks(publicUrl, secret, params),
  component: (props, links) => {
    const site = links.publicUrl.replace(/\/$/, '');
    const placeUrl = links.placeUrl ?? `${site}${PLACE_PATH}?token=sample-link`;
    return h(
      BrandLayout,
      {
        preview: movedText(props),
        heading:
          props.place === undefined
            ? 'You moved up the waitlist'
            : `You moved up to number ${count(props.place)}`,
        links,
        reason:
          `You receive this because ${props.email} is on the ReelScore waitlist and moved up ` +
          'in line. It comes at most once a week; you can turn it off on your page.',
      },
      h(Paragraph, null, movedText(props)),
      h(
        Paragraph,
        null,
        'People move up as we invite those ahead of them, and when friends join through your ',
        'link and confirm their address. Your page shows your place, how soon we expect to ',
        'reach it, and your link to share.',
      ),
      h(ActionButton, { href: placeUrl, label: 'See my place' }),
      h(
        Text,
        { style: { ...textStyle, color: BRAND.muted, fontSize: '14px', lineHeight: '20px' } },
        'If the button does not open, paste this link into your browser: ',
        h(TextLink, { href: placeUrl, color: BRAND.muted, breakAll: true }, placeUrl),
      ),
    );
  },
});
