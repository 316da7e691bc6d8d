import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import {
  Body,
  Button,
  Container,
  Head,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
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

/** A call to action: gold on dark text, large enough to tap. */
export function ActionButton({ href, children }: { href: string; children?: ReactNode }) {
  return h(
    Section,
    { style: { margin: '0 0 16px' } },
    h(
      Button,
      {
        href,
        style: {
          backgroundColor: BRAND.gold,
          color: BRAND.night,
          fontFamily: font,
          fontSize: '16px',
          fontWeight: 700,
          borderRadius: '8px',
          padding: '12px 24px',
          textDecoration: 'none',
          display: 'inline-block',
        },
      },
      children,
    ),
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
 * data-request page, which explains that this link is not valid.
 */
function sampleDataRequestUrl(site: string): string {
  return `${site}/api/data-request?address=sam.viewer%40example.com&token=sample-link`;
}

/**
 * Header band, white card, footer with the reason, (for marketing mail) the unsubscribe link,
 * and the recipient's links to a copy of their data and its erasure (GDPR art. 15 and 17).
 */
export function BrandLayout({ preview, heading, links, reason, children }: LayoutProps) {
  const site = links.publicUrl.replace(/\/$/, '');
  const dataRequest = links.dataRequestUrl ?? sampleDataRequestUrl(site);
  return h(
    Html,
    { lang: 'en', dir: 'ltr' },
    h(
      Head,
      null,
      h('meta', { name: 'color-scheme', content: 'light' }),
      h('meta', { name: 'supported-color-schemes', content: 'light' }),
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
          h(Img, {
            src: `${site}/icon-192.png`,
            alt: 'ReelScore',
            width: 40,
            height: 40,
            style: { display: 'inline-block', verticalAlign: 'middle', borderRadius: '8px' },
          }),
          h(
            Text,
            {
              style: {
                display: 'inline-block',
                verticalAlign: 'middle',
                margin: '0 0 0 12px',
                color: '#ffffff',
                fontFamily: font,
                fontSize: '20px',
                fontWeight: 700,
              },
            },
            'Reel',
            h('span', { style: { color: BRAND.gold } }, 'Score'),
          ),
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
            h(Link, { href: site, style: { color: BRAND.muted } }, 'reelscore.app'),
            ' · ',
            h(Link, { href: `${site}/privacy`, style: { color: BRAND.muted } }, 'Privacy'),
            links.unsubscribeUrl
              ? [
                  ' · ',
                  h(
                    Link,
                    {
                      key: 'unsubscribe',
                      href: links.unsubscribeUrl,
                      style: { color: BRAND.muted },
                    },
                    'Unsubscribe',
                  ),
                ]
              : null,
            ' · ',
            h(
              Link,
              { href: `${dataRequest}#copy`, style: { color: BRAND.muted } },
              'Get a copy of your data',
            ),
            ' · ',
            h(
              Link,
              { href: `${dataRequest}#delete`, style: { color: BRAND.muted } },
              'Delete your data',
            ),
          ),
        ),
      ),
    ),
  );
}
