import type { Plan } from '../../site-config.ts';
import { ButtonLink } from '../ui/button-link.tsx';
import { CheckIcon, CrossIcon } from '../ui/icons.tsx';

/** One pricing tier: price, what it includes, what it leaves out, and how to get it. */
export function PlanCard({ plan }: { plan: Plan }) {
  const headingId = `plan-${plan.name.toLowerCase()}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-3xl border p-7 sm:p-8 md:p-5 lg:p-8 ${
        plan.popular
          ? 'border-gold-400 bg-ink-800 shadow-[0_30px_80px_-30px_rgba(255,201,77,0.45)] lg:-my-4 lg:py-12'
          : 'border-ink-700 bg-ink-900'
      }`}
    >
      {plan.popular && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-gold-400 px-4 py-1 text-xs font-bold tracking-wider whitespace-nowrap text-ink-950 uppercase">
          Most Popular
        </p>
      )}
      <h3 id={headingId} className="text-xl font-semibold text-ink-100">
        {plan.name}
      </h3>
      <p className="mt-2 min-h-12 leading-relaxed text-ink-300">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="font-display text-6xl leading-none tracking-wide text-ink-100 md:text-5xl lg:text-6xl">
          {plan.price}
        </span>
        <span className="text-ink-300">{plan.period}</span>
      </p>

      <ButtonLink
        to={plan.href}
        trackLabel={`pricing-${plan.name.toLowerCase()}`}
        variant={plan.popular ? 'primary' : 'secondary'}
        size="lg"
        className="mt-8 w-full"
      >
        {plan.cta}
      </ButtonLink>

      <ul className="mt-8 space-y-3">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3 text-ink-100">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-gold-400" strokeWidth="2.2" />
            {feature}
          </li>
        ))}
      </ul>
      {plan.limitations.length > 0 && (
        <ul className="mt-3 space-y-3">
          {plan.limitations.map((limitation) => (
            <li key={limitation} className="flex gap-3 text-ink-300">
              <CrossIcon className="mt-0.5 size-5 shrink-0 text-ink-400" strokeWidth="2.2" />
              {limitation}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
