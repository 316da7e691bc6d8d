import { useEffect, useRef, useState } from 'react';
import { Link, useMatches } from 'react-router';
import { pageForRouteId, pages } from '../../route-table.ts';
import { Logo } from '../ui/logo.tsx';

/** The bar turns opaque past this many pixels of scroll (spec section 9). */
export const NAV_SCROLLED_THRESHOLD_PX = 50;

const links = [
  { id: pages.home.id, to: pages.home.path, label: 'Home' },
  { id: pages.pricing.id, to: pages.pricing.path, label: 'Pricing' },
  { id: pages.about.id, to: pages.about.path, label: 'About' },
];

/**
 * The page of the matched route, from its id: the same in the prerendered HTML (rendered at
 * `/pricing/`) and in the browser (`/pricing`), so the current page is marked in both.
 */
function useCurrentPageId(): string | undefined {
  const matches = useMatches();
  const last = matches.at(-1);
  return last ? pageForRouteId(last.id)?.id : undefined;
}

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

/**
 * The bar over the admin dashboard is quiet: the dashboard is a work tool whose own header and
 * views come first. It keeps every link of the spec, as small muted text at the right (no gold
 * call to action; "Coming soon" stays the extension link's description), is lower, lines up
 * with the dashboard's edges, and is solid from the top in the page's own colour, so rows never
 * scroll under clear glass.
 */
const QUIET = {
  header: 'bg-ink-950',
  nav: 'h-11 max-w-7xl',
  logo: '[&>span]:text-lg [&>svg]:size-6',
  link: 'block text-[13px] leading-5 font-medium text-ink-300 transition-colors hover:text-ink-100 aria-[current=page]:text-ink-100',
  menuButton: 'py-3 font-medium text-ink-100',
};

export function NavBar() {
  const scrolled = useScrolledPast(NAV_SCROLLED_THRESHOLD_PX);
  const currentPageId = useCurrentPageId();
  const quiet = currentPageId === pages.admin.id;
  const [menuOpen, setMenuOpen] = useState(false);
  const opaque = scrolled || menuOpen;
  const closeMenu = () => setMenuOpen(false);

  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu, as a click on its backdrop does; focus inside it goes back
  // to the toggle.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (document.getElementById('mobile-menu')?.contains(document.activeElement))
        toggleRef.current?.focus();
      setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header
      data-scrolled={opaque}
      data-nav-header=""
      data-quiet={quiet || undefined}
      className={`fixed inset-x-0 top-0 z-50 border-b border-transparent transition-colors duration-300 data-[scrolled=true]:border-ink-700 ${quiet ? QUIET.header : 'bg-transparent data-[scrolled=true]:bg-ink-950'}`}
    >
      <nav
        aria-label="Main"
        className={`mx-auto flex items-center justify-between px-4 sm:px-6 ${quiet ? QUIET.nav : 'h-16 max-w-6xl'}`}
      >
        <Link to="/" className="flex items-center gap-2 rounded-md" onClick={closeMenu}>
          <Logo className={quiet ? QUIET.logo : ''} />
        </Link>

        {quiet ? (
          <QuietLinks currentPageId={currentPageId} />
        ) : (
          <>
            <ul className="hidden items-center gap-8 md:flex">
              {links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    aria-current={link.id === currentPageId ? 'page' : undefined}
                    className="text-sm font-medium text-ink-300 transition-colors hover:text-gold-300 aria-[current=page]:text-gold-400"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>

            <div className="hidden items-center gap-3 md:flex">
              {/* The extension is not out yet: the button says so beside its label, read as
                  its description so that its name stays the spec's. */}
              <Link
                to={pages.getExtension.path}
                aria-describedby="nav-extension-soon"
                className="inline-flex h-9 items-center gap-2 rounded-full border border-ink-600 pr-1.5 pl-4 text-sm font-semibold text-ink-100 transition-colors hover:border-gold-400 hover:text-gold-300"
              >
                Get Extension
                <span
                  id="nav-extension-soon"
                  aria-hidden="true"
                  className="rounded-full bg-gold-400/15 px-2 py-0.5 text-[11px] leading-4 font-semibold whitespace-nowrap text-gold-300"
                >
                  Coming soon
                </span>
              </Link>
              <Link
                to={pages.signup.path}
                className="inline-flex h-9 items-center rounded-full bg-gold-400 px-4 text-sm font-semibold text-ink-950 transition-colors hover:bg-gold-300"
              >
                Try for Free
              </Link>
            </div>
          </>
        )}

        <button
          ref={toggleRef}
          type="button"
          className={`group inline-flex size-11 items-center justify-center rounded-md text-ink-100 md:hidden${quiet ? ' -mr-2.5' : ''}`}
          data-nav-toggle=""
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {/* Both drawn; aria-expanded picks one, so a script without React can switch them. */}
            <path d="M4 7h16M4 12h16M4 17h16" className="group-aria-expanded:hidden" />
            <path d="M6 6l12 12M18 6L6 18" className="hidden group-aria-expanded:inline" />
          </svg>
        </button>
      </nav>

      <div
        id="mobile-menu"
        hidden={!menuOpen}
        className="border-y border-ink-700 bg-ink-950 px-4 pb-6 shadow-[0_24px_48px_-16px_rgba(0,0,0,0.9)] md:hidden"
      >
        {/* Dims the page under the open menu, so the menu never reads as part of it; a click
            on it closes the menu (page-behaviour.ts does the same without React). Keyboards
            have the toggle and Escape. */}
        <div
          aria-hidden="true"
          data-nav-backdrop=""
          onClick={closeMenu}
          className="fixed inset-0 -z-10 bg-ink-950/80 backdrop-blur-sm"
        />
        <ul className="flex flex-col py-2">
          {links.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                onClick={closeMenu}
                aria-current={link.id === currentPageId ? 'page' : undefined}
                className="block py-3 text-base font-medium text-ink-100 aria-[current=page]:text-gold-400"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-3">
          <Link
            to={pages.getExtension.path}
            onClick={closeMenu}
            aria-describedby="menu-extension-soon"
            className={
              quiet
                ? QUIET.menuButton
                : 'rounded-full border border-ink-600 px-4 py-3 text-center font-semibold'
            }
          >
            Get Extension
          </Link>
          <p
            id="menu-extension-soon"
            className={`text-xs text-ink-300 ${quiet ? '-mt-5 pb-2' : '-mt-1 text-center'}`}
          >
            Coming soon: join the waitlist to hear first.
          </p>
          <Link
            to={pages.signup.path}
            onClick={closeMenu}
            className={
              quiet
                ? QUIET.menuButton
                : 'rounded-full bg-gold-400 px-4 py-3 text-center font-semibold text-ink-950'
            }
          >
            Try for Free
          </Link>
        </div>
      </div>
    </header>
  );
}

/** The quiet bar's links: the three pages, then the two buttons, as one group of small text. */
function QuietLinks({ currentPageId }: { currentPageId: string | undefined }) {
  return (
    <div className="hidden items-center gap-5 md:flex">
      <ul className="flex items-center gap-5">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              aria-current={link.id === currentPageId ? 'page' : undefined}
              className={QUIET.link}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <span aria-hidden="true" className="h-4 w-px bg-ink-700" />
      <Link
        to={pages.getExtension.path}
        aria-describedby="nav-extension-soon"
        className={QUIET.link}
      >
        Get Extension
        <span id="nav-extension-soon" hidden>
          Coming soon
        </span>
      </Link>
      <Link to={pages.signup.path} className={QUIET.link}>
        Try for Free
      </Link>
    </div>
  );
}
