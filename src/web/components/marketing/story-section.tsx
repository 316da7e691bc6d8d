import { site } from '../../site-config.ts';
import { ratingNames } from './rating-names.ts';

const facts = [
  { value: '2', label: 'ratings on every title' },
  { value: '<2', label: 'seconds from scan to score' },
  { value: String(site.streamingPlatformCount), label: 'major streaming platforms' },
];

/** Why the product exists, with the numbers it is built around. */
export function StorySection() {
  return (
    <section
      aria-labelledby="story-heading"
      className="mx-auto max-w-6xl px-4 pt-4 pb-20 sm:px-6 sm:pt-8 sm:pb-24"
    >
      <div className="grid gap-12 lg:grid-cols-[1.2fr_0.8fr] lg:gap-20">
        <div>
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-400 uppercase">
            Our story
          </p>
          <h2
            id="story-heading"
            className="mt-3 font-display text-4xl leading-none tracking-wide text-ink-100 sm:text-5xl"
          >
            Five tabs, one question: is it any good?
          </h2>
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-ink-300">
            <p>
              It started on a Friday night in {site.company.city}. A poster outside the cinema, a
              film nobody had heard of, and five browser tabs later the showing had started without
              us.
            </p>
            <p>
              We wanted the answer where the question comes up: in front of the poster, on the sofa,
              while scrolling a streaming catalogue. So we built {site.name}: point your phone at a
              title, or just browse, and see the {ratingNames.community} and the{' '}
              {ratingNames.critics} together, in under 2 seconds.
            </p>
            <p>
              We are a small, independent team. We do not sell your viewing habits, and we never
              will. Our closed alpha members tell us what to build next.
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-3 content-center gap-3 sm:gap-4 lg:grid-cols-1">
          {facts.map((fact) => (
            <div
              key={fact.label}
              className="flex flex-col gap-2 rounded-2xl border border-ink-700 bg-ink-900 p-4 sm:p-6"
            >
              <dt className="text-sm text-ink-300">{fact.label}</dt>
              <dd className="order-first font-display text-5xl leading-none tracking-wide text-gold-400">
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
