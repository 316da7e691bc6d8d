import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { trackClick } from '../../lib/analytics/analytics.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors duration-200 whitespace-nowrap';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-gold-400 text-ink-950 shadow-[0_8px_30px_-8px_rgba(255,201,77,0.55)] hover:bg-gold-300',
  secondary:
    'border border-ink-600 bg-ink-900/60 text-ink-100 hover:border-gold-400 hover:text-gold-300',
  ghost: 'text-gold-400 hover:text-gold-300',
};

const sizes = {
  md: 'px-5 py-2.5 text-sm',
  lg: 'px-6 py-3.5 text-base',
} as const;

export function buttonClasses(variant: ButtonVariant = 'primary', size: keyof typeof sizes = 'md') {
  return `${base} ${variants[variant]} ${variant === 'ghost' ? '' : sizes[size]}`;
}

interface ButtonLinkProps {
  /** A path inside the site, or a mailto:/https: address. */
  to: string;
  /** Names the click in analytics. */
  trackLabel: string;
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
  className?: string;
  children: ReactNode;
}

/**
 * A call to action that looks like a button, navigates like a link and records the click (on
 * a page without React, the page script records it from `data-track-label`).
 */
export function ButtonLink({
  to,
  trackLabel,
  variant = 'primary',
  size = 'md',
  className = '',
  children,
}: ButtonLinkProps) {
  const classes = `${buttonClasses(variant, size)} ${className}`;
  const onClick = () => trackClick(trackLabel, to);
  if (to.startsWith('/')) {
    return (
      <Link to={to} className={classes} onClick={onClick} data-track-label={trackLabel}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} className={classes} onClick={onClick} data-track-label={trackLabel}>
      {children}
    </a>
  );
}
