import { BoltIcon, ShieldIcon, SlidersIcon } from '../ui/icons.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';
import { FeatureCard, type Feature } from './feature-card.tsx';
import { ratingNames } from './rating-names.ts';

const blurbs: Feature[] = [
  {
    icon: ShieldIcon,
    title: 'Privacy First',
    text: 'No tracking of your viewing habits. The extension reads titles on the page to find their ratings, and that is all.',
  },
  {
    icon: SlidersIcon,
    title: 'Customizable',
    text: `Choose which ratings to show: the ${ratingNames.community}, the ${ratingNames.critics}, or both.`,
  },
  {
    icon: BoltIcon,
    title: 'Lightning Fast',
    text: 'Ratings appear as the page loads, without slowing down your browsing.',
  },
];

/** The three promises of the extension. */
export function ExtensionBlurbs() {
  return (
    <section
      aria-labelledby="extension-blurbs-heading"
      className="border-y border-ink-700/60 bg-ink-900/50"
    >
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
        <SectionHeading
          id="extension-blurbs-heading"
          eyebrow="Why you will like it"
          title="Small extension, big difference"
        />
        <ul className="mt-14 grid gap-5 md:grid-cols-3">
          {blurbs.map((blurb) => (
            <FeatureCard key={blurb.title} {...blurb} />
          ))}
        </ul>
      </div>
    </section>
  );
}
