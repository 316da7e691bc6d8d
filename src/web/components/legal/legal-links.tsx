import type { ReactNode } from 'react';
import { site } from '../../site-config.ts';

/** Our contact address as a mail link. */
export function ContactEmail() {
  return <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>;
}

/** A link to another site; no referrer and no access to this page from the new one. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} rel="noopener noreferrer">
      {children}
    </a>
  );
}
