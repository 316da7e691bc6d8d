import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { pages } from '../../route-table.ts';
import { Logo } from '../ui/logo.tsx';

/** The bar turns opaque past this many pixels of scroll (spec section 9). */
export const NAV_SCROLLED_THRESHOLD_PX = 50;

const links = [
  { to: pages.home.path, label: 'Home' },
  { to: pages.pricing.path, label: 'Pricing' },
  { to: pages.about.path, label: 'About' },
];

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

export function NavBar() {
  const scrolled = useScrolledPast(NAV_SCROLLED_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const opaque = scrolled || menuOpen;
  const closeMenu = () => setMenuOpen(false);

  return (
    <header
      data-scrolled={opaque}
      className={`fixed inset-x-0 top-0 z-50 transition-colors duration-300 ${
        opaque ? 'border-b border-ink-700 bg-ink-950' : 'border-b border-transparent bg-transparent'
      }`}
    >
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6"
      >
        <Link to="/" className="flex items-center gap-2 rounded-md" onClick={closeMenu}>
          <Logo />
        </Link>

        <ul className="hidden items-center gap-8 md:flex">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                className={({ isActive }) =>
                  `text-sm font-medium transition-colors hover:text-gold-300 ${isActive ? 'text-gold-400' : 'text-ink-300'}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="hidden items-center gap-3 md:flex">
          <Link
            to={pages.getExtension.path}
            className="rounded-full border border-ink-600 px-4 py-2 text-sm font-semibold text-ink-100 transition-colors hover:border-gold-400 hover:text-gold-300"
          >
            Get Extension
          </Link>
          <Link
            to={pages.signup.path}
            className="rounded-full bg-gold-400 px-4 py-2 text-sm font-semibold text-ink-950 transition-colors hover:bg-gold-300"
          >
            Try for Free
          </Link>
        </div>

        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-md text-ink-100 md:hidden"
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
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </nav>

      <div
        id="mobile-menu"
        hidden={!menuOpen}
        className="border-t border-ink-700 bg-ink-950 px-4 pb-6 md:hidden"
      >
        <ul className="flex flex-col py-2">
          {links.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                onClick={closeMenu}
                className="block py-3 text-base font-medium text-ink-100"
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
            className="rounded-full border border-ink-600 px-4 py-3 text-center font-semibold"
          >
            Get Extension
          </Link>
          <Link
            to={pages.signup.path}
            onClick={closeMenu}
            className="rounded-full bg-gold-400 px-4 py-3 text-center font-semibold text-ink-950"
          >
            Try for Free
          </Link>
        </div>
      </div>
    </header>
  );
}
