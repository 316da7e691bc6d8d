import { Link } from 'react-router';
import { pages } from '../../route-table.ts';
import { site } from '../../site-config.ts';
import { Logo } from '../ui/logo.tsx';

interface FooterLink {
  label: string;
  to: string;
  external?: boolean;
}

/** Exactly the spec's footer links (section 2), grouped. */
const columns: { heading: string; links: FooterLink[] }[] = [
  {
    heading: 'Product',
    links: [
      { label: 'Browser Extension', to: pages.getExtension.path },
      { label: 'Pricing', to: pages.pricing.path },
      { label: 'Features', to: '/#features' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { label: 'About', to: pages.about.path },
      { label: 'Contact', to: `mailto:${site.contactEmail}`, external: true },
      { label: 'FAQ', to: '/pricing#faq' },
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
    links: [
      { label: 'Chrome Extension', to: '/extension/chrome' },
      { label: 'Firefox Extension', to: '/extension/firefox' },
      { label: 'Android App', to: pages.getApp.path },
      { label: 'iOS App', to: pages.getApp.path },
    ],
  },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-ink-700 bg-ink-900">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.2fr_repeat(4,1fr)]">
        <div className="max-w-xs">
          <Logo />
          <p className="mt-4 text-sm leading-relaxed text-ink-300">
            The community rating and the critics’ score of any movie, in under 2 seconds.
          </p>
        </div>
        {columns.map((column) => (
          <div key={column.heading}>
            <h2 className="text-sm font-semibold tracking-wider text-ink-100 uppercase">
              {column.heading}
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
