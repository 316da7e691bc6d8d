import { site } from '../../site-config.ts';
import { ButtonLink } from '../ui/button-link.tsx';
import { MailIcon } from '../ui/icons.tsx';

/**
 * How to reach the team: one address, shown in full so it can be copied. It closes the page
 * after a plain section, whose bottom space is the space above it.
 */
export function ContactSection() {
  return (
    <section aria-labelledby="contact-heading" className="px-4 pb-20 sm:px-6 sm:pb-24">
      <div className="relative isolate mx-auto max-w-4xl overflow-hidden rounded-3xl border border-gold-400/25 bg-ink-900 px-6 py-14 text-center sm:px-12">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_80%_70%_at_50%_0%,rgba(255,201,77,0.14),transparent_70%)]"
        />
        <p className="text-sm font-semibold tracking-[0.2em] text-gold-400 uppercase">Contact</p>
        <h2
          id="contact-heading"
          className="mt-3 font-display text-4xl leading-none tracking-wide text-ink-100 sm:text-5xl"
        >
          Get in touch
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-ink-300">
          Questions, feedback from the alpha, press or partnerships: we read every message and
          answer as fast as we can.
        </p>
        <ButtonLink
          to={`mailto:${site.contactEmail}`}
          trackLabel="about-contact"
          size="lg"
          className="mt-8"
        >
          <MailIcon className="size-5" />
          {site.contactEmail}
        </ButtonLink>
      </div>
    </section>
  );
}
