import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES } from '../../mail-templates.ts';
import { composeFromSkeleton, type PersonalMessage } from './message-skeleton.ts';
import { renderMail } from './render-mail.ts';

const FROM = 'ReelScore <hello@reelscore.test>';
const DATE = new Date('2026-11-27T01:02:03Z');

/** nodemailer composing the whole message, as the sender does without a skeleton. */
async function composedByNodemailer(message: PersonalMessage): Promise<string> {
  const built = await new MailComposer({
    from: message.from,
    to: { name: '', address: message.to },
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: message.messageId,
    date: message.date ?? DATE,
    ...(message.headers ? { headers: message.headers } : {}),
    disableFileAccess: true,
    disableUrlAccess: true,
  })
    .compile()
    .build();
  return built.toString('latin1');
}

/** Boundaries are random per message; everything else must be the same byte for byte. */
const sameBoundary = (message: string) =>
  message
    .replace(/boundary="([^"]+)"/, 'boundary="B"')
    .replaceAll(/^--[^\r\n]*NmP[^\r\n]*$/gm, '--B');

function unsubscribeLink(recipient: string) {
  const token = Buffer.from(`${recipient}.${'s'.repeat(43)}`).toString('base64url');
  return `https://reelscore.test/api/unsubscribe?token=${token}`;
}

async function messageFor(
  templateId: string,
  recipient: string,
  n: number,
): Promise<PersonalMessage> {
  const template = MAIL_TEMPLATES.find((candidate) => candidate.id === templateId)!;
  const links = {
    publicUrl: 'https://reelscore.test',
    unsubscribeUrl: unsubscribeLink(recipient),
    confirmUrl: `https://reelscore.test/api/signup/confirm?token=abc.def=${n}`,
    dataRequestUrl: `https://reelscore.test/data?token=${n}&x=1`,
    dataErasureUrl: `https://reelscore.test/erase?token=${n}`,
    placeUrl: `https://reelscore.test/place/${n}`,
  };
  const rendered = await renderMail(template, links, recipient);
  return {
    from: FROM,
    to: recipient,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    messageId: `<0190abcd-${n}@reelscore.test>`,
    date: DATE,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

describe('composing a mail from its template’s skeleton', () => {
  for (const templateId of ['waitlist-confirmation', 'early-access-invitation', 'removal-notice']) {
    it(`gives the message nodemailer composes, byte for byte: ${templateId}`, async () => {
      for (const [n, recipient] of [
        'viewer@example.com',
        "o'brien&sons+films@example.co.uk",
        'a.very.long.address.for.folding.tests@subdomain.example.com',
      ].entries()) {
        const message = await messageFor(templateId, recipient, n);
        const fast = await composeFromSkeleton(message);
        expect(fast, recipient).toBeDefined();
        expect(sameBoundary(fast!.toString('latin1'))).toBe(
          sameBoundary(await composedByNodemailer(message)),
        );
        // And a mail reader reads what was meant.
        const parsed = await PostalMime.parse(fast!);
        expect(parsed.to?.[0]).toMatchObject({ address: recipient });
        expect(parsed.messageId).toBe(message.messageId);
        // (postal-mime ends each part with the line break before its boundary.)
        expect(parsed.html).toBe(`${message.html}\n`);
        expect(parsed.text).toBe(`${message.text}\n`);
        expect(parsed.subject).toBe(message.subject);
        const header = (name: string) =>
          parsed.headers.find((h) => h.key === name.toLowerCase())?.value;
        expect(header('List-Unsubscribe')).toBe(message.headers!['List-Unsubscribe']);
        expect(header('Date')).toBe('Fri, 27 Nov 2026 01:02:03 +0000');
      }
    });
  }

  it('writes a Message-ID and header values of any length as nodemailer does, on their line or folded below it', async () => {
    const message = await messageFor('waitlist-confirmation', 'viewer@example.com', 3);
    const host = (length: number) => `${'h'.repeat(length - '.example'.length)}.example`;
    const changes: Partial<PersonalMessage>[] = [
      { messageId: `<0190abcd-0000-7000-8000-000000000000@${host(21)}>` },
      { messageId: `<0190abcd-0000-7000-8000-000000000000@${host(24)}>` },
      { messageId: `<0190abcd-0000-7000-8000-000000000000@${host(70)}>` },
      { headers: { 'List-Unsubscribe': '<https://r.test/u?t=1>' } },
      { headers: { 'List-Unsubscribe': `<https://reelscore.test/${'a'.repeat(50)}>` } },
      { headers: { 'List-Unsubscribe': `<https://reelscore.test/${'a'.repeat(51)}>` } },
      { headers: { 'X-Entity-Ref-ID': 'a=b;c,d<e>f' } },
      { to: 'a=?b?=c@example.com' },
      { to: "#!$%&'*+/=?^_`{|}~-@example.com" },
    ];
    for (const change of changes) {
      const changed = { ...message, ...change };
      const fast = await composeFromSkeleton(changed);
      expect(fast, JSON.stringify(change)).toBeDefined();
      expect(sameBoundary(fast!.toString('latin1')), JSON.stringify(change)).toBe(
        sameBoundary(await composedByNodemailer(changed)),
      );
    }
  });

  it('leaves to nodemailer every value a slot cannot take as it is', async () => {
    const message = await messageFor('waitlist-confirmation', 'viewer@example.com', 1);
    const unfit: Partial<PersonalMessage>[] = [
      // Addresses nodemailer encodes (IDNA) or quotes.
      { to: 'ünïcode.fan@exämple.de' },
      { to: 'viewer@exämple.de' },
      { to: 'a "quoted" name@example.com' },
      { to: `${'x'.repeat(70)}@example.com` },
      // Header values that would need encoding or that nodemailer may fold at a space.
      { headers: { 'List-Unsubscribe': '<https://reelscore.test/ü>' } },
      { headers: { 'List-Unsubscribe': `<https://reelscore.test/${'a '.repeat(50)}>` } },
      { headers: { 'X-Line': 'one\r\nBcc: someone@example.com' } },
      { messageId: '<ü@reelscore.test>' },
      { messageId: 'no-brackets@reelscore.test' },
      // nodemailer writes these as encoded words.
      { headers: { 'X-Entity-Ref-ID': '"a=b;c",d<e>f' } },
      { headers: { 'X-Entity-Ref-ID': 'a=?b' } },
    ];
    for (const change of unfit) {
      expect(await composeFromSkeleton({ ...message, ...change }), JSON.stringify(change)).toBe(
        undefined,
      );
    }
  });

  it('never lets a body or a value be read as part of the message around it', async () => {
    const message = await messageFor('waitlist-confirmation', 'viewer@example.com', 2);
    const first = (await composeFromSkeleton(message))!.toString('latin1');
    const boundary = /boundary="([^"]+)"/.exec(first)![1]!;
    // A body holding the boundary would end its part early: nodemailer composes that one.
    expect(await composeFromSkeleton({ ...message, html: `x--${boundary}--y` })).toBe(undefined);
    // Slots' text in a value is taken as text, never filled in again.
    const sneaky = await composeFromSkeleton({
      ...message,
      text: 'rsph-to@rsph.invalid RSPH-HTML-BODY <rsph-message-id@rsph.invalid>',
    });
    const parsed = await PostalMime.parse(sneaky!);
    expect(parsed.text).toBe(
      'rsph-to@rsph.invalid RSPH-HTML-BODY <rsph-message-id@rsph.invalid>\n',
    );
    expect(parsed.to?.[0]?.address).toBe('viewer@example.com');
  });
});
