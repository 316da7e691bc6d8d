import { createElement as h } from 'react';
import { BrandLayout, Paragraph } from '../../platform/mail/templates/brand-layout.ts';
import { defineTemplate } from '../../platform/mail/templates/template-definition.ts';

export interface RemovalNoticeProps {
  email: string;
  contactEmail: string;
}

/** Transactional: the address was taken off early access, and how to ask about it. */
export const removalNotice = defineTemplate<RemovalNoticeProps>({
  id: 'removal-notice',
  name: 'Removal notice',
  subject: 'Your ReelScore early access has ended',
  description:
    'Tells an address that it was removed from the early-access whitelist and whom to contact.',
  kind: 'transactional',
  sampleProps: { email: 'sam.viewer@example.com', contactEmail: 'hello@reelscore.app' },
  propsFor: (email) => ({ email, contactEmail: 'hello@reelscore.app' }),
  component: ({ email, contactEmail }, links) =>
    h(
      BrandLayout,
      {
        preview: 'Your early access has ended. Your place on the waitlist is kept.',
        heading: 'Your early access has ended',
        links,
        reason: `You receive this notice because ${email} had ReelScore early access.`,
      },
      h(
        Paragraph,
        null,
        `We have removed ${email} from the ReelScore early-access list, so it can no longer `,
        'sign in to the app or the browser extension.',
      ),
      h(
        Paragraph,
        null,
        `If you think this is a mistake, write to ${contactEmail} and we will look into it.`,
      ),
    ),
});
