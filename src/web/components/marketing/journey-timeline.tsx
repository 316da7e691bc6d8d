import { timeline } from '../../site-config.ts';
import { SectionHeading } from '../ui/section-heading.tsx';

/** The company's milestones, oldest first, on a vertical line. */
export function JourneyTimeline() {
  return (
    <section aria-labelledby="journey-heading" className="border-y border-ink-700/60 bg-ink-900/50">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
        <SectionHeading
          id="journey-heading"
          eyebrow="Our journey"
          title="From a sketch to the closed alpha"
        />
        {/* The line is the list's own ::before: an <ol> may hold nothing but its items. */}
        <ol className="relative mx-auto mt-14 max-w-3xl before:absolute before:top-2 before:bottom-2 before:left-[7px] before:w-px before:bg-gradient-to-b before:from-gold-400 before:via-ink-600 before:to-gold-400 before:content-[''] sm:before:left-[111px]">
          {timeline.map((entry, index) => (
            <li
              key={`${entry.year}-${entry.title}`}
              className="relative grid gap-1 pb-10 pl-10 last:pb-0 sm:grid-cols-[88px_1fr] sm:gap-12 sm:pl-0"
            >
              <span
                aria-hidden="true"
                className={`absolute top-1.5 left-0 size-[15px] rounded-full border-2 border-gold-400 sm:left-[104px] ${
                  index === timeline.length - 1 ? 'bg-gold-400' : 'bg-ink-950'
                }`}
              />
              <p className="font-display text-3xl leading-none tracking-wide text-gold-400 sm:text-right">
                {entry.year}
              </p>
              <div>
                <h3 className="text-xl font-semibold text-ink-100">{entry.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-300">{entry.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
