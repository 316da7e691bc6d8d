import type { MouseEvent, ReactNode } from 'react';
import { trackClick } from '../../lib/analytics/analytics.ts';

/** Room for the fixed navigation bar above a scroll target (spec section 9: 80 px). */
export const SCROLL_OFFSET_PX = 80;

/**
 * Scrolls to `id` with the nav bar's offset: smoothly, or at once for people who asked for
 * reduced motion. Focus follows, so keyboard and screen-reader users land where they scrolled.
 */
export function scrollToSection(id: string, offset = SCROLL_OFFSET_PX): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({
    top: target.getBoundingClientRect().top + window.scrollY - offset,
    behavior: reduceMotion ? 'instant' : 'smooth',
  });
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}

interface ScrollLinkProps {
  /** The id of the element to scroll to. */
  to: string;
  trackLabel: string;
  className?: string;
  children: ReactNode;
}

/**
 * An in-page link; without JavaScript it is a plain #anchor jump. On a page whose React parts
 * are islands, the island script does the same from the data attributes.
 */
export function ScrollLink({ to, trackLabel, className = '', children }: ScrollLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    trackClick(trackLabel, `#${to}`);
    if (scrollToSection(to)) event.preventDefault();
  };
  return (
    <a
      href={`#${to}`}
      className={className}
      onClick={onClick}
      data-scroll-to={to}
      data-track-label={trackLabel}
    >
      {children}
    </a>
  );
}
