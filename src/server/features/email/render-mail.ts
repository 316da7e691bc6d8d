import { render } from '@react-email/render';
import type { MailLinks, MailTemplate } from './templates/template-definition.ts';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The HTML part and the plain-text part of one mail. */
export async function renderMail(
  template: MailTemplate,
  links: MailLinks,
  recipient: string,
): Promise<RenderedMail> {
  const element = template.forRecipient(recipient, links);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: template.subject, html, text };
}

/** The template with its sample data, for the dashboard's sandboxed preview frame. */
export async function renderPreview(template: MailTemplate, links: MailLinks): Promise<string> {
  return render(template.sample(links));
}
