import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { Body, Container, Hr, Html, Img, Preview, Section, Text } from '@react-email/components';
import type { MailLinks } from './template-definition.ts';

/** The site's colours: the dark band and marquee gold; the body stays light for every client. */
export const BRAND = {
  night: '#07080c',
  gold: '#ffc94d',
  ink: '#1b1d24',
  muted: '#4b5060',
  page: '#f3f3f6',
  card: '#ffffff',
} as const;

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const textStyle: CSSProperties = {
  color: BRAND.ink,
  fontFamily: font,
  fontSize: '16px',
  lineHeight: '24px',
  margin: '0 0 16px',
};

export const headingStyle: CSSProperties = {
  ...textStyle,
  fontSize: '24px',
  lineHeight: '32px',
  fontWeight: 700,
};

const mutedStyle: CSSProperties = {
  ...textStyle,
  color: BRAND.muted,
  fontSize: '13px',
  lineHeight: '20px',
  margin: '0 0 8px',
};

/** How React writes text and attribute values into HTML (render-mail.ts fills links the same way). */
function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char]!,
  );
}

const BUTTON_HEIGHT = 48;

/**
 * A call to action: gold with dark text, rounded, never underlined, large enough to tap. Outlook
 * for Windows draws HTML with Word, which ignores padding and rounded corners on links, so it gets
 * the same button as a VML rounded rectangle in a conditional comment; every other client gets
 * the link. Both are plain HTML comments and a link to an HTML checker.
 */
export function ActionButton({ href, label: text }: { href: string; label: string }) {
  const url = escapeHtml(href);
  const label = escapeHtml(text);
  // Word sizes VML boxes itself: about 9.5 px a character at 16 px bold, plus 24 px each side.
  const width = Math.max(160, Math.ceil(text.length * 9.5) + 48);
  const outlook =
    `<!--[if mso]><v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" ` +
    `xmlns:w="urn:schemas-microsoft-com:office:word" href="${url}" ` +
    `style="height:${BUTTON_HEIGHT}px;v-text-anchor:middle;width:${width}px;" arcsize="17%" ` +
    `stroke="f" fillcolor="${BRAND.gold}"><w:anchorlock/><center style="color:${BRAND.night};` +
    `font-family:'Segoe UI',Arial,sans-serif;font-size:16px;font-weight:bold;">${label}</center>` +
    `</v:roundrect><![endif]-->`;
  const others =
    `<!--[if !mso]><!--><a href="${url}" target="_blank" style="display:inline-block;` +
    `background-color:${BRAND.gold};color:${BRAND.night};font-family:${escapeHtml(font)};` +
    `font-size:16px;font-weight:700;line-height:24px;padding:12px 24px;border-radius:8px;` +
    `text-decoration:none;text-align:center;-webkit-text-size-adjust:none;">${label}</a>` +
    `<!--<![endif]-->`;
  return h('div', {
    style: { margin: '0 0 16px' },
    dangerouslySetInnerHTML: { __html: outlook + others },
  });
}

/**
 * A text link, underlined in every client (Outlook ignores `text-decoration-line`, so links
 * must not depend on it), in the colour of the text around it.
 */
export function TextLink({
  href,
  color,
  children,
  breakAll = false,
}: {
  href: string;
  color: string;
  children?: ReactNode;
  breakAll?: boolean;
}) {
  return h(
    'a',
    {
      href,
      target: '_blank',
      style: {
        color,
        textDecoration: 'underline',
        ...(breakAll ? { wordBreak: 'break-all' as const } : {}),
      },
    },
    children,
  );
}

export function Paragraph({ children }: { children?: ReactNode }) {
  return h(Text, { style: textStyle }, children);
}

interface LayoutProps {
  /** The line mail clients show after the subject. */
  preview: string;
  heading: string;
  links: MailLinks;
  /** Why the recipient gets this mail, in one sentence. */
  reason: string;
  children?: ReactNode;
}

/**
 * Where the data links lead when no signed link was given (the dashboard's preview): the
 * data-request pages, which explain that this link is not valid.
 */
function sampleDataRequestUrl(site: string, page = ''): string {
  return `${site}/api/data-request${page}?address=sam.viewer%40example.com&token=sample-link`;
}

/**
 * Header band, white card, footer with the reason, (for marketing mail) the unsubscribe link,
 * and the recipient's links to a copy of their data and its erasure (GDPR art. 15 and 17).
 */
export function BrandLayout({ preview, heading, links, reason, children }: LayoutProps) {
  const site = links.publicUrl.replace(/\/$/, '');
  const dataRequest = links.dataRequestUrl ?? sampleDataRequestUrl(site);
  const dataErasure = links.dataErasureUrl ?? sampleDataRequestUrl(site, '/erase');
  return h(
    Html,
    { lang: 'en', dir: 'ltr' },
    h(
      'head',
      null,
      h('meta', { httpEquiv: 'Content-Type', content: 'text/html; charset=UTF-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'x-apple-disable-message-reformatting', content: '' }),
      h('meta', { name: 'color-scheme', content: 'light' }),
      h('meta', { name: 'supported-color-schemes', content: 'light' }),
      h('title', null, heading),
    ),
    h(Preview, null, preview),
    h(
      Body,
      { style: { backgroundColor: BRAND.page, margin: 0, padding: '24px 0' } },
      h(
        Container,
        { style: { maxWidth: '600px', backgroundColor: BRAND.card, borderRadius: '12px' } },
        h(
          Section,
          {
            style: {
              backgroundColor: BRAND.night,
              borderTopLeftRadius: '12px',
              borderTopRightRadius: '12px',
              borderBottom: `4px solid ${BRAND.gold}`,
              padding: '20px 32px',
            },
          },
          // The site's wordmark as an image (mail clients load no web fonts); its alt text
          // stands in, legible on the band, where images are blocked.
          h(Img, {
            src: `${site}/mail-wordmark.png`,
            alt: 'ReelScore',
            width: 132,
            height: 32,
            style: {
              display: 'block',
              border: 0,
              color: '#eceef4',
              fontFamily: font,
              fontSize: '22px',
              fontWeight: 700,
              lineHeight: '32px',
            },
          }),
        ),
        h(
          Section,
          { style: { padding: '32px' } },
          h(Text, { style: headingStyle }, heading),
          children,
        ),
        h(Hr, { style: { borderColor: '#e2e3e8', margin: 0 } }),
        h(
          Section,
          { style: { padding: '20px 32px' } },
          h(Text, { style: mutedStyle }, reason),
          h(
            Text,
            { style: mutedStyle },
            // The site's own address as its link text, so the text says where it leads.
            h(TextLink, { href: site, color: BRAND.muted }, new URL(site).host),
            ' · ',
            h(TextLink, { href: `${site}/privacy`, color: BRAND.muted }, 'Privacy'),
            links.unsubscribeUrl
              ? [
                  ' · ',
                  h(
                    TextLink,
                    { key: 'unsubscribe', href: links.unsubscribeUrl, color: BRAND.muted },
                    'Unsubscribe',
                  ),
                ]
              : null,
            ' · ',
            // Each its own page: the delete link's page asks once more before it deletes.
            h(TextLink, { href: dataRequest, color: BRAND.muted }, 'Get a copy of your data'),
            ' · ',
            h(TextLink, { href: dataErasure, color: BRAND.muted }, 'Delete your data'),
          ),
        ),
      ),
    ),
  );
}
