import type { ReactNode } from 'react';

interface SectionHeadingProps {
  /** Small gold label above the title. */
  eyebrow?: string;
  title: ReactNode;
  /** Id for aria-labelledby on the section. */
  id?: string;
  children?: ReactNode;
  align?: 'left' | 'center';
}

/** The h2 of a page section, with an optional eyebrow and lead paragraph. */
export function SectionHeading({
  eyebrow,
  title,
  id,
  children,
  align = 'center',
}: SectionHeadingProps) {
  const alignment = align === 'center' ? 'mx-auto text-center' : '';
  return (
    <div className={`max-w-2xl ${alignment}`}>
      {eyebrow && (
        <p className="text-sm font-semibold tracking-[0.2em] text-gold-400 uppercase">{eyebrow}</p>
      )}
      <h2
        id={id}
        className="mt-3 font-display text-4xl leading-none tracking-wide text-ink-100 sm:text-5xl"
      >
        {title}
      </h2>
      {children && <p className="mt-4 text-lg leading-relaxed text-ink-300">{children}</p>}
    </div>
  );
}
