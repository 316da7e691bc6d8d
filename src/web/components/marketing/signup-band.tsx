import type { ReactNode } from 'react';
import type { SignupType } from '../../../contract/signup-types.ts';
import { Island } from '../../lib/island.tsx';
import { signupFormIsland } from '../../features/signup/signup-form-island.tsx';

interface SignupBandProps {
  signupType: SignupType;
  eyebrow: string;
  title: string;
  lead: ReactNode;
  /** Anchor for in-page links such as 'Join Early Access'. */
  id?: string;
  footnote?: string;
  /**
   * The section before is a band with a background of its own, so this one keeps its own space
   * above; after a plain section that section's bottom space is enough.
   */
  afterBand?: boolean;
}

/** The closing call to action of a page: a lit panel with the early-access form. */
export function SignupBand({
  signupType,
  eyebrow,
  title,
  lead,
  id,
  footnote,
  afterBand = false,
}: SignupBandProps) {
  const headingId = `${signupType}-heading`;
  return (
    <section
      id={id}
      tabIndex={id ? -1 : undefined}
      aria-labelledby={headingId}
      className={`scroll-mt-20 px-4 pb-20 outline-none sm:px-6 sm:pb-28 ${afterBand ? 'pt-20 sm:pt-28' : ''}`}
    >
      <div className="relative isolate mx-auto max-w-4xl overflow-hidden rounded-3xl border border-gold-400/25 bg-ink-900 px-6 py-14 text-center sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_80%_70%_at_50%_0%,rgba(255,201,77,0.14),transparent_70%)]"
        />
        <p className="text-sm font-semibold tracking-[0.2em] text-gold-400 uppercase">{eyebrow}</p>
        <h2
          id={headingId}
          className="mt-3 font-display text-4xl leading-none tracking-wide text-ink-100 sm:text-5xl"
        >
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-ink-300">{lead}</p>
        <div className="mx-auto mt-8 max-w-md text-left">
          <Island of={signupFormIsland} props={{ signupType }} />
        </div>
        {footnote && <p className="mt-5 text-sm text-ink-300">{footnote}</p>}
      </div>
    </section>
  );
}
