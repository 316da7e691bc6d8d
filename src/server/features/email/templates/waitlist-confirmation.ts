import { createElement as h } from 'react';
import { ActionButton, BrandLayout, Paragraph } from './brand-layout.ts';
import { defineTemplate } from './template-definition.ts';

export interface WaitlistConfirmationProps {
  email: string;
}

/** "You are on the list": what happens next. */
export const waitlistConfirmation = defineTemplate<WaitlistConfirmationProps>({
  id: 'waitlist-confirmation',
  name: 'Waitlist confirmation',
  subject: 'You’re on the ReelScore waitlist',
  description: 'Confirms a signup: the address is on the waitlist and will hear from us.',
  kind: 'marketing',
  sampleProps: { email: 'sam.viewer@example.com' },
  propsFor: (email) => ({ email }),
  component: ({ email }, links) => {
    const site = links.publicUrl.replace(/\/$/, '');
    return h(
      BrandLayout,
      {
        preview: 'Thanks for joining: we will write as soon as your place opens.',
        heading: 'You’re on the list',
        links,
        reason: `You receive this because ${email} joined the ReelScore waitlist.`,
      },
      h(
        Paragraph,
        null,
        `Thanks for signing up with ${email}. We are letting people in a few at a time, so `,
        'the app stays fast while we grow.',
      ),
      h(
        Paragraph,
        null,
        'When your place opens we will send one more mail with everything you need to get ',
        'started. Until then, see what ReelScore does:',
      ),
      h(ActionButton, { href: site }, 'See how it works'),
    );
  },
});
