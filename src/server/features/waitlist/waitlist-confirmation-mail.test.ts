import { describe, expect, it } from 'vitest';
import { renderMail, renderPreview } from '../../platform/mail/render-mail.ts';
import { waitlistConfirmation } from './waitlist-confirmation-mail.ts';

const LINK = 'https://reelscore.test/api/signup/confirm?token=abc.def';

describe('the waitlist confirmation mail', () => {
  it('asks to confirm, with a button and the plain link to the signed confirmation page', async () => {
    const mail = await renderMail(
      waitlistConfirmation,
      { publicUrl: 'https://reelscore.test', confirmUrl: LINK },
      'viewer@example.com',
    );

    expect(mail.subject).toBe('Confirm your place on the ReelScore waitlist');
    expect(mail.html).toContain('Confirm your place on the waitlist');
    expect(mail.html).toMatch(
      /<a[^>]*href="https:\/\/reelscore\.test\/api\/signup\/confirm\?token=abc\.def"[^>]*>[\s\S]*?Confirm my address/,
    );
    expect(mail.text).toContain('Thanks for signing up with viewer@example.com.');
    expect(mail.text).toContain('Confirm my address');
    expect(mail.text).toContain(LINK);
    expect(mail.text).toContain('7 days');
  });

  it('draws the button for Outlook as a rounded VML shape, and as a link everywhere else', async () => {
    const { html } = await renderMail(
      waitlistConfirmation,
      { publicUrl: 'https://reelscore.test', confirmUrl: `${LINK}&x=<1>` },
      'viewer@example.com',
    );
    const href = 'https://reelscore.test/api/signup/confirm?token=abc.def&amp;x=&lt;1&gt;';
    // Word ignores padding and rounded corners on links: Outlook gets a filled roundrect.
    expect(html).toContain(
      `<!--[if mso]><v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w="urn:schemas-microsoft-com:office:word" href="${href}"`,
    );
    expect(html).toMatch(/arcsize="17%" stroke="f" fillcolor="#ffc94d">/);
    expect(html).toContain('>Confirm my address</center></v:roundrect><![endif]-->');
    // Every other client: the link itself is the button, never underlined.
    expect(html).toMatch(
      new RegExp(
        `<!--\\[if !mso\\]><!--><a href="${href.replace(/[?.]/g, '\\$&')}" target="_blank" style="display:inline-block;[^"]*border-radius:8px;text-decoration:none;`,
      ),
    );
    // No CSS only Outlook knows (mso-*): the mail is valid HTML.
    expect(html).not.toMatch(/mso-[a-z-]+:/);
    expect(html.startsWith('<!DOCTYPE html><html')).toBe(true);
  });

  it('names the site by its own address in the footer, and underlines text links', async () => {
    const { html } = await renderMail(
      waitlistConfirmation,
      { publicUrl: 'https://reelscore.test', confirmUrl: LINK },
      'viewer@example.com',
    );
    expect(html).toMatch(
      /<a href="https:\/\/reelscore\.test" target="_blank" style="[^"]*text-decoration:underline">reelscore\.test<\/a>/,
    );
    expect(html).not.toContain('text-decoration-line');
  });

  it('shows a sample link in the preview', async () => {
    const html = await renderPreview(waitlistConfirmation, {
      publicUrl: 'https://reelscore.test/',
    });

    expect(html).toContain('sam.viewer@example.com');
    expect(html).toContain('href="https://reelscore.test/api/signup/confirm?token=sample-link"');
  });

  it('says when it is sent', () => {
    expect(waitlistConfirmation.description).toMatch(/joins the waitlist/);
    expect(waitlistConfirmation.description).toMatch(/3 times a day/);
  });
});
