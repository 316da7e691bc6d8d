import { ContactSection } from '../components/marketing/contact-section.tsx';
import { JourneyTimeline } from '../components/marketing/journey-timeline.tsx';
import { PageHero } from '../components/marketing/page-hero.tsx';
import { StorySection } from '../components/marketing/story-section.tsx';
import { TeamSection } from '../components/marketing/team-section.tsx';
import { staticPageHandle } from '../lib/hydration.ts';
import { routeMeta } from '../lib/route-meta.ts';
import { site } from '../site-config.ts';

export const meta = routeMeta;

// No React in the browser: the prerendered page and the page script do everything.
export const handle = staticPageHandle;

export default function About() {
  return (
    <>
      <PageHero
        eyebrow={`About ${site.name}`}
        title="We built the rating check we always wanted"
        lead={`A small team in ${site.company.city} making it effortless to know whether a movie is worth your evening.`}
      />
      <StorySection />
      <JourneyTimeline />
      <TeamSection />
      <ContactSection />
    </>
  );
}
