import { EarlyAccessNotice } from '../components/marketing/early-access-notice.tsx';
import { FaqSection } from '../components/marketing/faq-section.tsx';
import { PageHero } from '../components/marketing/page-hero.tsx';
import { PlanCard } from '../components/marketing/plan-card.tsx';
import { staticPageHandle } from '../lib/hydration.ts';
import { routeMeta } from '../lib/route-meta.ts';
import { plans, pricingFaqs } from '../site-config.ts';

export const meta = routeMeta;

// No React in the browser: the prerendered page and the page script do everything.
export const handle = staticPageHandle;

export default function Pricing() {
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple plans for every film lover"
        lead="Start free and upgrade when you want every rating, everywhere. Cancel or switch plans at any time."
      />
      <section aria-labelledby="plans-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <h2 id="plans-heading" className="sr-only">
          Plans
        </h2>
        {/* Side by side from tablets up: the three plans are compared, not read one by one. */}
        <div className="grid gap-8 md:grid-cols-3 md:items-stretch md:gap-4 lg:gap-6">
          {plans.map((plan) => (
            <PlanCard key={plan.name} plan={plan} />
          ))}
        </div>
      </section>
      <div className="px-4 pt-8 sm:px-6">
        <EarlyAccessNotice />
      </div>
      {/* The footer links here as /pricing#faq. */}
      <FaqSection id="faq" faqs={pricingFaqs} />
    </>
  );
}
