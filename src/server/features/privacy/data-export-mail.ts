import { createElement as h } from 'react';
import type { PersonalData } from '../../../contract/privacy.ts';
import { collectPersonalData } from './personal-data-repository.ts';
import { BrandLayout, Paragraph } from '../../platform/mail/templates/brand-layout.ts';
import {
  defineTemplate,
  type AttachmentContext,
  type MailAttachment,
} from '../../platform/mail/templates/template-definition.ts';

export const DATA_EXPORT_TEMPLATE_ID = 'data-export';
export const DATA_EXPORT_FILENAME = 'reelscore-data.json';

export interface DataExportProps {
  email: string;
}

const SAMPLE_ADDRESS = 'sam.viewer@example.com';

/** What a test send from the dashboard attaches: visibly sample data, nobody's real data. */
const SAMPLE_DATA: PersonalData = {
  address: SAMPLE_ADDRESS,
  exportedAt: '2026-03-01T09:30:00.000Z',
  signups: [
    {
      program: 'CLOSED_ALPHA',
      source: 'hero-top',
      signedUpAt: '2026-02-20T18:04:11.000Z',
      lastSignupAt: '2026-02-20T18:04:11.000Z',
      signupCount: 1,
      confirmedAt: '2026-02-20T18:06:42.000Z',
    },
  ],
  line: {
    ticket: 1824,
    place: 412,
    waiting: 8240,
    placesGained: 20,
    wantsFirst: ['ios', 'chrome'],
    referralCode: 'samplecode',
    referrals: { waitingToConfirm: 1, credited: 2, heldForReview: 0, rejected: 0 },
    movedUpMail: true,
    lastMovedUpMailAt: null,
    networkSeenAt: '2026-02-20T18:06:42.000Z',
  },
  whitelist: null,
  appRegistration: null,
  marketingMail: { unsubscribed: false, unsubscribedAt: null },
  mails: [
    {
      template: 'Waitlist confirmation',
      subject: 'Confirm your place on the ReelScore waitlist',
      status: 'sent',
      queuedAt: '2026-02-20T18:04:11.000Z',
      finishedAt: '2026-02-20T18:04:12.000Z',
      attempts: 1,
      failure: null,
    },
  ],
  auditLog: [],
};

/**
 * The copy of the recipient's data, made now. Only when the outbox row was queued for exactly
 * this address (params `{address}` equal to the recipient): a row can never carry one person's
 * data to another. A test send from the dashboard has no such params and gets the sample.
 */
async function dataAttachment({ db, to, params }: AttachmentContext): Promise<MailAttachment[]> {
  const data = params.address === to ? await collectPersonalData(db, to) : SAMPLE_DATA;
  return [
    {
      filename: DATA_EXPORT_FILENAME,
      contentType: 'application/json',
      content: `${JSON.stringify(data, null, 2)}\n`,
    },
  ];
}

/** Transactional: the copy a person asked for (GDPR art. 15), attached as JSON. */
export const dataExport = defineTemplate<DataExportProps>({
  id: DATA_EXPORT_TEMPLATE_ID,
  name: 'Your data',
  subject: 'Your ReelScore data',
  description:
    'Sent when a person asks for a copy of their data from the link at the bottom of any mail, ' +
    'or an admin sends it from Privacy requests: everything held about the address as a JSON ' +
    'file, made when the mail leaves. A test send attaches sample data.',
  kind: 'transactional',
  sampleProps: { email: SAMPLE_ADDRESS },
  propsFor: (email) => ({ email }),
  attachments: dataAttachment,
  component: ({ email }, links) =>
    h(
      BrandLayout,
      {
        preview: 'A copy of everything we hold about your address, attached as a file.',
        heading: 'Your ReelScore data',
        links,
        reason:
          `You receive this because a copy of the data held about ${email} was asked for, ` +
          'from the link in one of our mails or through our team.',
      },
      h(
        Paragraph,
        null,
        `Here is a copy of the personal data ReelScore holds about ${email}. It is attached `,
        `to this mail as ${DATA_EXPORT_FILENAME}, a plain text file (JSON) that any text `,
        'editor opens.',
      ),
      h(
        Paragraph,
        null,
        'It holds your waitlist signup (when, from which form, and whether you confirmed it), ',
        'your early-access entry and app registration if you have them, whether you ',
        'unsubscribed from our news, every mail we sent to this address and how it went, and ',
        'the actions our team recorded about it.',
      ),
      h(
        Paragraph,
        null,
        'Would you rather have it deleted? Use “Delete your data” at the bottom of this mail. ',
        'We then keep only a one-way fingerprint of the address, so that we never mail it again.',
      ),
      h(
        Paragraph,
        null,
        'If you did not ask for this, you can ignore this mail: the copy was sent only to this ',
        'address.',
      ),
    ),
});
