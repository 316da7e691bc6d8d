import { Link } from 'react-router';
import { pages } from '../../route-table.ts';
import { site } from '../../site-config.ts';
import { Logo } from '../ui/logo.tsx';

interface FooterLink {
  label: string;
  to: string;
  external?: boolean;
}

/**
 * Exactly the spec's footer links (section 2), grouped. Everything not out yet sits in the one
 * column marked 'Coming soon', so no link needs a mark of its own (a tag beside a link wrapped
 * under it in the narrow columns).
 */
const columns: { heading: string; comingSoon?: boolean; links: FooterLink[] }[] = [
  {
    heading: 'Product',
    links: [
      { label: 'Pricing', to: pages.pricing.path },
      { label: 'Features', to: '/#features' },
      { label: 'FAQ', to: '/pricing#faq' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { label: 'About', to: pages.about.path },
      { label: 'Contact', to: `mailto:${site.contactEmail}`, external: true },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Privacy Policy', to: pages.privacy.path },
      { label: 'Terms of Service', to: pages.terms.path },
    ],
  },
  {
    heading: 'Download',
    comingSoon: true,
    links: [
      { label: 'Browser Extension', to: pages.getExtension.path },
      { label: 'Chrome Extension', to: '/extension/chrome' },
      { label: 'Firefox Extension', to: '/extension/firefox' },
      { label: 'Android App', to: pages.getApp.path },
      { label: 'iOS App', to: pages.getApp.path },
    ],
  },
];

/** A small 'Coming soon' tag; read as part of the heading it sits in. */
function SoonBadge() {
  return (
    <span className="inline-block rounded-full bg-gold-400/15 px-1.5 py-0.5 align-middle text-[10px] leading-4 font-semibold tracking-normal whitespace-nowrap text-gold-300 normal-case">
      Coming soon
    </span>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-ink-700 bg-ink-900">
      {/* The Download column is the widest, so its heading keeps its tag on its line. */}
      <div className="mx-auto grid max-w-6xl grid-cols-[1fr_1.4fr] gap-x-6 gap-y-10 px-4 py-14 sm:px-6 md:grid-cols-[1fr_1fr_1fr_1.3fr] lg:grid-cols-[1.2fr_1fr_1fr_1fr_1.3fr]">
        <div className="col-span-2 max-w-xs md:col-span-4 lg:col-span-1">
          <Logo />
          <p className="mt-4 text-sm leading-relaxed text-ink-300">
            The community rating and the critics’ score of any movie, in under 2 seconds.
          </p>
        </div>
        {columns.map((column) => (
          <div key={column.heading}>
            <h2 className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold tracking-wider text-ink-100 uppercase">
              {column.heading}
              {column.comingSoon ? <SoonBadge /> : null}
            </h2>
            <ul className="mt-4 space-y-3">
              {column.links.map((link) => (
                <li key={link.label}>
                  {link.external ? (
                    <a
                      href={link.to}
                      className="text-sm text-ink-300 transition-colors hover:text-gold-300"
                    >
                      {link.label}
                    </a>
                  ) : (
                    <Link
                      to={link.to}
                      className="text-sm text-ink-300 transition-colors hover:text-gold-300"
                    >
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-ink-700">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-ink-400 sm:flex-row sm:justify-between sm:px-6">
          {/* The year is rendered on the client too, so a page built last December stays right. */}
          <p suppressHydrationWarning>
            © {year} {site.company.name}. All rights reserved.
          </p>
          <p>
            Made with{' '}
            <span aria-label="love" role="img" className="text-critics">
              ♥
            </span>{' '}
            for movie lovers in {site.company.city}.
          </p>
        </div>
      </div>
    </footer>
  );
}
