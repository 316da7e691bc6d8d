import { describe, expect, it } from 'vitest';
import { renderMail, renderPreview } from '../render-mail.ts';
import { waitlistConfirmation } from './waitlist-confirmation.ts';

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
