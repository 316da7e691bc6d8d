import { render } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import { DOLLAR_PATTERNS } from '../../test/dollar-patterns.ts';
import { renderMail } from './render-mail.ts';
import { MAIL_TEMPLATES } from '../../mail-templates.ts';

const RECIPIENTS = [
  'viewer@example.com',
  "o'brien&sons+films@example.co.uk",
  'ünïcode.fan@exämple.de',
  'a"quoted"@example.com',
];

function linksFor(recipient: string) {
  const query = new URLSearchParams({ address: recipient, token: 'abc&def<>"\'' }).toString();
  return {
    publicUrl: 'https://reelscore.test',
    unsubscribeUrl: `https://reelscore.test/api/unsubscribe?${query}`,
    confirmUrl: `https://reelscore.test/api/signup/confirm?token=${encodeURIComponent(recipient)}.sig`,
  };
}

describe('rendering a mail once per template and filling in each recipient', () => {
  for (const template of MAIL_TEMPLATES) {
    it(`gives exactly the mail a full render gives: ${template.id}`, async () => {
      for (const recipient of RECIPIENTS) {
        const links = linksFor(recipient);
        const element = template.forRecipient(recipient, links);
        const full = {
          // An HTML document, never React Email's XHTML doctype.
          html: (await render(element)).replace(/^<!DOCTYPE[^>]*>/, '<!DOCTYPE html>'),
          text: await render(element, { plainText: true }),
        };
        const fast = await renderMail(template, links, recipient);
        expect(fast.html, recipient).toBe(full.html);
        expect(fast.html).toMatch(/^<!DOCTYPE html><html /);
        expect(fast.text, recipient).toBe(full.text);
        expect(fast.subject).toBe(template.subject);
      }
    });
  }

  for (const template of MAIL_TEMPLATES) {
    it(`fills in $ patterns of addresses and links as they are: ${template.id}`, async () => {
      for (const pattern of DOLLAR_PATTERNS) {
        const recipient = `aaa${pattern}bbb@example.com`;
        // Links as given, unencoded, so the pattern reaches the filled text.
        const links = {
          publicUrl: 'https://reelscore.test',
          unsubscribeUrl: `https://reelscore.test/api/unsubscribe?address=${pattern}`,
          confirmUrl: `https://reelscore.test/api/signup/confirm?token=${pattern}.sig`,
        };
        const element = template.forRecipient(recipient, links);
        const full = {
          html: (await render(element)).replace(/^<!DOCTYPE[^>]*>/, () => '<!DOCTYPE html>'),
          text: await render(element, { plainText: true }),
        };
        const fast = await renderMail(template, links, recipient);
        expect(fast.html, recipient).toBe(full.html);
        expect(fast.text, recipient).toBe(full.text);
      }
    });
  }

  it('keeps mails of different link sets apart', async () => {
    const template = MAIL_TEMPLATES.find((each) => each.id === 'waitlist-confirmation')!;
    const withConfirm = await renderMail(template, linksFor('a@example.com'), 'a@example.com');
    const { confirmUrl: _dropped, ...withoutConfirmLinks } = linksFor('b@example.com');
    const without = await renderMail(template, withoutConfirmLinks, 'b@example.com');
    expect(withConfirm.html).toContain('/api/signup/confirm');
    expect(without.html).not.toContain('a@example.com');
    expect(without.html).not.toContain('rsph');
  });
});
