import { site } from '../../site-config.ts';
import {
  BoltIcon,
  BrowserIcon,
  HistoryIcon,
  ScanIcon,
  ShieldIcon,
  StarIcon,
} from '../ui/icons.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';
import { FeatureCard, type Feature } from './feature-card.tsx';
import { ratingNames } from './rating-names.ts';

const features: Feature[] = [
  {
    icon: ScanIcon,
    title: 'Scan anything',
    text: `Posters, TV screens, billboards, magazines: if you can see the title, ${site.name} can read it.`,
  },
  {
    icon: BoltIcon,
    title: 'Under 2 seconds',
    text: 'Both ratings are on your screen before a trailer would have started to load.',
  },
  {
    icon: StarIcon,
    title: 'Two ratings, side by side',
    text: (
      <>
        The <span className="text-community">{ratingNames.community}</span> and the{' '}
        <span className="text-critics">{ratingNames.critics}</span>, so no single opinion decides
        your night.
      </>
    ),
  },
  {
    icon: BrowserIcon,
    title: 'Ratings where you stream',
    text: `The extension shows ratings beside every title on ${site.streamingPlatformCount} major streaming platforms and others.`,
  },
  {
    icon: HistoryIcon,
    title: 'Everything you scanned',
    text: 'Each scan is saved, so the film from the bus-stop poster is still there tonight.',
  },
  {
    icon: ShieldIcon,
    title: 'Private by design',
    text: 'We never track what you watch. Your history is yours alone.',
  },
];

/** The home page's features, the target of the footer's Features link. */
export function FeatureGrid({ id }: { id: string }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="mx-auto max-w-6xl scroll-mt-20 px-4 py-20 sm:px-6 sm:py-28"
    >
      <SectionHeading
        id={`${id}-heading`}
        eyebrow="Features"
        title="Pick tonight’s movie with confidence"
      >
        Everything you need to decide in seconds, wherever you come across a title.
      </SectionHeading>
      <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((feature) => (
          <FeatureCard key={feature.title} {...feature} />
        ))}
      </ul>
    </section>
  );
}
