import { render } from '@react-email/render';
import { fillSlots } from '../../lib/fill-slots.ts';
import type { MailLinks, MailTemplate } from './templates/template-definition.ts';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/**
 * Templates whose mail depends on nothing but the recipient's address and its links. React
 * Email takes about 20 ms a mail, so a wave of thousands renders each of these once with
 * placeholders and fills them in per recipient. A template not listed here (one that shows data
 * from its params, say) is rendered in full every time.
 */
const RENDERED_ONCE = new Set([
  'waitlist-confirmation',
  'early-access-invitation',
  'removal-notice',
]);

const RECIPIENT = 'rsph-recipient@rsph.invalid';
const linkPlaceholder = (name: string) => `https://rsph.invalid/${name}`;
const LEFTOVER = /rsph[.-]/i;

/** How React writes text and attribute values into HTML. */
function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char]!,
  );
}

/**
 * React Email writes the XHTML 1.0 Transitional doctype, which puts browsers and webmail in
 * "almost standards" mode; mail is HTML, so it gets the HTML doctype.
 */
async function renderHtml(element: ReturnType<MailTemplate['sample']>): Promise<string> {
  return (await render(element)).replace(/^<!DOCTYPE[^>]*>/i, '<!DOCTYPE html>');
}

async function renderFully(
  template: MailTemplate,
  links: MailLinks,
  recipient: string,
  params: Record<string, string> = {},
): Promise<RenderedMail> {
  const element = template.forRecipient(recipient, links, params);
  const [html, text] = await Promise.all([
    renderHtml(element),
    render(element, { plainText: true }),
  ]);
  return { subject: template.subject, html, text };
}

const skeletons = new Map<string, Promise<RenderedMail>>();

/**
 * The HTML part and the plain-text part of one mail; `params` are the outbox row's, which a
 * template may show (those of RENDERED_ONCE show none).
 */
export async function renderMail(
  template: MailTemplate,
  links: MailLinks,
  recipient: string,
  params: Record<string, string> = {},
): Promise<RenderedMail> {
  if (!RENDERED_ONCE.has(template.id)) return renderFully(template, links, recipient, params);
  const personal = Object.entries(links).filter(([name]) => name !== 'publicUrl') as [
    string,
    string,
  ][];
  const placeholders = Object.fromEntries(
    personal.map(([name]) => [name, linkPlaceholder(name)]),
  ) as Partial<MailLinks>;
  const key = `${template.id} ${links.publicUrl} ${personal.map(([name]) => name).join(',')}`;
  let skeleton = skeletons.get(key);
  if (!skeleton) {
    skeleton = renderFully(template, { ...links, ...placeholders }, RECIPIENT);
    skeletons.set(key, skeleton);
  }
  const { html, text } = await skeleton;
  const values: [string, string][] = [
    [RECIPIENT, recipient],
    ...personal.map(([name, value]): [string, string] => [linkPlaceholder(name), value]),
  ];
  const fill = (body: string, escape: (value: string) => string) =>
    fillSlots(body, new Map(values.map(([placeholder, value]) => [placeholder, escape(value)])));
  const filled = {
    subject: template.subject,
    html: fill(html, escapeHtml),
    text: fill(text, (v) => v),
  };
  // A placeholder the template changed (cut, upper-cased) would survive: render in full then.
  if (LEFTOVER.test(filled.html) || LEFTOVER.test(filled.text)) {
    return renderFully(template, links, recipient);
  }
  return filled;
}

/** The template with its sample data, for the dashboard's sandboxed preview frame. */
export async function renderPreview(template: MailTemplate, links: MailLinks): Promise<string> {
  return renderHtml(template.sample(links));
}
