import { createElement as h } from 'react';
import {
  BRAND,
  BrandLayout,
  Paragraph,
  TextLink,
} from '../../platform/mail/templates/brand-layout.ts';
import { INVITATION_TEMPLATE_ID } from '../../platform/mail/templates/template-ids.ts';
import { defineTemplate } from '../../platform/mail/templates/template-definition.ts';
import { whitelistForInvitation } from './whitelist-repository.ts';

export interface EarlyAccessInvitationProps {
  email: string;
  programme: string;
}

/** "You are in": how to get the app and the browser extension. */
export const earlyAccessInvitation = defineTemplate<EarlyAccessInvitationProps>({
  id: INVITATION_TEMPLATE_ID,
  name: 'Early access invitation',
  subject: 'You’re in: your ReelScore early access is ready',
  description:
    'Sent when an address is added to the whitelist: it can now sign in to the app and the ' +
    'browser extension, and replies with its phone and browser to get the install links. ' +
    'Sending it, a test send too, puts the address on the whitelist.',
  kind: 'marketing',
  // Every way of sending it whitelists the address in the same transaction; one taken off the
  // whitelist before the mail leaves is not told it is in.
  // The invitation tells its reader they are in, so an admin's send of it (the add dialog's, and
  // a test send of the template) whitelists the address in the transaction that queues it,
  // audited once as the invitation.
  announces: async (trx, { to, actor, now }) => {
    await whitelistForInvitation(trx, [to], { actor, now, alreadyListed: 'invite' });
  },
  sendOnlyIf: {
    holds: async (db, to) =>
      (await db
        .selectFrom('whitelist')
        .select('email')
        .where('email', '=', to)
        .executeTakeFirst()) !== undefined,
    reason: 'not whitelisted',
    message: 'This address is no longer on the whitelist, so the invitation was not sent.',
  },
  sampleProps: { email: 'sam.viewer@example.com', programme: 'Closed alpha' },
  propsFor: (email) => ({ email, programme: 'Closed alpha' }),
  component: ({ email, programme }, links) => {
    const site = links.publicUrl.replace(/\/$/, '');
    return h(
      BrandLayout,
      {
        preview:
          'Your early access is ready: reply with your phone and browser for the install links.',
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
        'The app (iPhone and Android) and the browser extension (Chrome and Firefox) are not in ',
        'the app stores yet: on our site they are still coming soon. To install them now, reply ',
        'to this mail and tell us which phone and which browser you use. We send you the install ',
        'links, and you sign in with this address.',
      ),
      h(
        Paragraph,
        null,
        'While you wait for the links, see what each of them does: ',
        h(TextLink, { href: `${site}/get-app`, color: BRAND.ink }, 'the app'),
        ' and ',
        h(TextLink, { href: `${site}/get-extension`, color: BRAND.ink }, 'the browser extension'),
        '.',
      ),
      h(Paragraph, null, 'We read every reply to this mail: tell us what works and what does not.'),
    );
  },
});
