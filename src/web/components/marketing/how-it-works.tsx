import { SectionHeading } from '../ui/section-heading.tsx';

const steps = [
  { title: 'Point', text: 'Open the app and aim at any title you see.' },
  { title: 'Scan', text: 'The title is recognised on the spot, no typing.' },
  { title: 'Decide', text: 'Compare both ratings, save it for later, or move on.' },
];

/** Three steps from seeing a title to knowing whether it is worth it. */
export function HowItWorks() {
  return (
    <section
      aria-labelledby="how-it-works-heading"
      className="border-y border-ink-700/60 bg-ink-900/50"
    >
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
        <SectionHeading
          id="how-it-works-heading"
          eyebrow="How it works"
          title="Three steps to a better movie night"
        />
        <ol className="mt-14 grid gap-10 md:grid-cols-3 md:gap-6">
          {steps.map((step, index) => (
            <li key={step.title} className="relative text-center md:px-4">
              <span
                aria-hidden="true"
                className="font-display text-7xl leading-none text-gold-400/80"
              >
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3 className="mt-2 text-xl font-semibold text-ink-100">{step.title}</h3>
              <p className="mx-auto mt-2 max-w-xs leading-relaxed text-ink-300">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
