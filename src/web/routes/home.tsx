import { DemoSection } from '../components/marketing/demo-section.tsx';
import { FeatureGrid } from '../components/marketing/feature-grid.tsx';
import { DEMO_SECTION_ID, HomeHero } from '../components/marketing/home-hero.tsx';
import { HowItWorks } from '../components/marketing/how-it-works.tsx';
import { SignupBand } from '../components/marketing/signup-band.tsx';
import { TwoProducts } from '../components/marketing/two-products.tsx';
import { islandsPageHandle } from '../lib/hydration.ts';
import { routeMeta } from '../lib/route-meta.ts';

export const meta = routeMeta;

// React hydrates only the signup forms and the demo video here (docs/decisions/0028).
export const handle = islandsPageHandle;

export default function Home() {
  return (
    <>
      <HomeHero />
      <DemoSection id={DEMO_SECTION_ID} />
      {/* The footer links here as /#features. */}
      <FeatureGrid id="features" />
      <HowItWorks />
      <TwoProducts />
      <SignupBand
        signupType="general-bottom"
        eyebrow="Closed alpha"
        title="Be first in line"
        lead="Join the early-access list and we will email your invitation as soon as a spot opens."
        footnote="Free during closed alpha • No credit card required"
      />
    </>
  );
}
