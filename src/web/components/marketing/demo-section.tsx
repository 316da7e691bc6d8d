import { demoVideosIsland } from '../../features/demo-video/demo-videos-island.tsx';
import { Island } from '../../lib/island.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';
import { CheckIcon } from '../ui/icons.tsx';

const steps = [
  'Point the camera at a poster, a screen or a page',
  'The title is recognised in a moment',
  'Both ratings appear side by side',
];

/** The demo video, the target of the hero's 'See it in action' link. */
export function DemoSection({ id }: { id: string }) {
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-20 border-y border-ink-700/60 bg-ink-900/50 outline-none"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-20 sm:px-6 sm:py-24 lg:grid-cols-2">
        <div>
          <SectionHeading
            id={`${id}-heading`}
            eyebrow="See it in action"
            title="From poster to ratings in one glance"
            align="left"
          >
            A real scan, start to finish: no typing, no searching, no switching between apps.
          </SectionHeading>
          <ol className="mt-8 space-y-4">
            {steps.map((step) => (
              <li key={step} className="flex items-start gap-3 text-ink-100">
                <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-gold-400 text-ink-950">
                  <CheckIcon className="size-4" strokeWidth="2.5" />
                </span>
                {step}
              </li>
            ))}
          </ol>
        </div>
        <div className="mx-auto w-full max-w-sm">
          <Island of={demoVideosIsland} props={{}} />
        </div>
      </div>
    </section>
  );
}
