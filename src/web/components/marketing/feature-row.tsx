import type { ReactNode } from 'react';

interface FeatureRowProps {
  id: string;
  eyebrow: string;
  title: string;
  children: ReactNode;
  /** The picture beside the text. */
  visual: ReactNode;
  /** Puts the picture first on wide screens, for alternating rows. */
  reverse?: boolean;
}

/** A feature told in a sentence or two beside a picture of it. */
export function FeatureRow({
  id,
  eyebrow,
  title,
  children,
  visual,
  reverse = false,
}: FeatureRowProps) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20"
    >
      <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-20">
        <div className={reverse ? 'lg:order-last' : ''}>
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-400 uppercase">
            {eyebrow}
          </p>
          <h2
            id={`${id}-heading`}
            className="mt-3 font-display text-4xl leading-none tracking-wide text-ink-100 sm:text-5xl"
          >
            {title}
          </h2>
          <div className="mt-5 space-y-4 text-lg leading-relaxed text-ink-300">{children}</div>
        </div>
        <div>{visual}</div>
      </div>
    </section>
  );
}
