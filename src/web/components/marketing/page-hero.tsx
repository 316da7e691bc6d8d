import type { ReactNode } from 'react';
import { Spotlight } from './spotlight.tsx';

interface PageHeroProps {
  eyebrow: string;
  title: string;
  /** One paragraph of inline content. */
  lead: ReactNode;
  /** Forms and buttons under the lead. */
  children?: ReactNode;
  /** Product imagery beside the text on wide screens, below it on narrow ones. */
  aside?: ReactNode;
}

/** The first section of an inner page: its one h1, a lead, and optional imagery. */
export function PageHero({ eyebrow, title, lead, children, aside }: PageHeroProps) {
  const layout = aside
    ? 'grid items-center gap-14 lg:grid-cols-[1.1fr_0.9fr]'
    : 'mx-auto max-w-3xl text-center';
  return (
    <section className="relative isolate overflow-hidden">
      <Spotlight />
      <div className={`mx-auto max-w-6xl px-4 pt-32 pb-16 sm:px-6 sm:pt-40 sm:pb-20 ${layout}`}>
        <div className={aside ? 'max-w-xl' : ''}>
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-400 uppercase">
            {eyebrow}
          </p>
          <h1 className="mt-4 font-display text-5xl leading-[0.95] tracking-wide text-ink-100 sm:text-6xl lg:text-7xl">
            {title}
          </h1>
          <p className="mt-6 text-lg leading-relaxed text-ink-300">{lead}</p>
          {children && <div className={aside ? 'mt-8' : 'mx-auto mt-8 max-w-xl'}>{children}</div>}
        </div>
        {aside && <div className="flex justify-center">{aside}</div>}
      </div>
    </section>
  );
}
