import { GridIcon, HistoryIcon, SparklesIcon, StarIcon } from '../ui/icons.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';
import { FeatureCard, type Feature } from './feature-card.tsx';

const features: Feature[] = [
  {
    icon: GridIcon,
    title: 'Browse scanned titles',
    text: 'Every title you scan lands in one tidy library, ready when you are.',
  },
  {
    icon: StarIcon,
    title: 'Rate movies',
    text: 'Add your own score after the credits roll and compare it with everyone else’s.',
  },
  {
    icon: SparklesIcon,
    title: 'Personal recommendations',
    text: 'Suggestions that learn from what you scan, watch and rate.',
  },
  {
    icon: HistoryIcon,
    title: 'Watch history',
    text: 'Remember what you saw and when, without keeping a list yourself.',
  },
];

/** What the app does after the scan. */
export function AppFeatureGrid() {
  return (
    <section
      aria-labelledby="app-features-heading"
      className="border-y border-ink-700/60 bg-ink-900/50"
    >
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
        <SectionHeading
          id="app-features-heading"
          eyebrow="Beyond the scan"
          title="Your movie life in one app"
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {features.map((feature) => (
            <FeatureCard key={feature.title} {...feature} />
          ))}
        </ul>
      </div>
    </section>
  );
}
