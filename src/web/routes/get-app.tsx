import { AppFeatureGrid } from '../components/marketing/app-feature-grid.tsx';
import { AppPlatforms } from '../components/marketing/app-platforms.tsx';
import { FeatureRow } from '../components/marketing/feature-row.tsx';
import { PageHero } from '../components/marketing/page-hero.tsx';
import { mockupFilms } from '../components/marketing/mockup-films.ts';
import { PhoneScanMockup } from '../components/marketing/phone-scan-mockup.tsx';
import { RatingResultCard } from '../components/marketing/rating-result-card.tsx';
import { ScanSources } from '../components/marketing/scan-sources.tsx';
import { SignupBand } from '../components/marketing/signup-band.tsx';
import { Island } from '../lib/island.tsx';
import { signupFormIsland } from '../features/signup/signup-form-island.tsx';
import { islandsPageHandle } from '../lib/hydration.ts';
import { routeMeta } from '../lib/route-meta.ts';
import { site } from '../site-config.ts';
import { ratingNames } from '../components/marketing/rating-names.ts';

export const meta = routeMeta;

/** Only the signup form needs React in the browser (docs/decisions/0028). */
export const handle = islandsPageHandle;

/** The bottom form's anchor; 'Join Early Access' scrolls here. */
const SIGNUP_SECTION_ID = 'signup';

export default function GetApp() {
  return (
    <>
      <PageHero
        eyebrow="iOS and Android"
        // A no-break space before the dash: no line starts with it on a phone.
        title={'Mobile App\u00a0- Coming Soon'}
        lead={
          <>
            Point your phone at any movie title and get the{' '}
            <span className="font-semibold text-community">{ratingNames.community}</span> and the{' '}
            <span className="font-semibold text-critics">{ratingNames.critics}</span> in under 2
            seconds. Join the early-access list to be among the first to try it.
          </>
        }
        aside={
          <PhoneScanMockup
            film={mockupFilms.paperComets}
            className="h-auto w-64 drop-shadow-2xl sm:w-72"
          />
        }
      >
        <Island of={signupFormIsland} props={{ signupType: 'get-app-top', variant: 'hero' }} />
      </PageHero>

      <FeatureRow
        id="scan-any-title"
        eyebrow="Point and scan"
        title="Scan any title"
        visual={<ScanSources />}
      >
        <p>
          A poster at the cinema, a trailer on the TV, a billboard on the way home or a review in a
          magazine: if you can see the title, {site.name} can read it.
        </p>
        <p>No typing, no searching, no guessing which version of the film you meant.</p>
      </FeatureRow>

      <FeatureRow
        id="both-ratings"
        eyebrow="Instant answers"
        title="Both ratings in under 2 seconds"
        visual={<RatingResultCard />}
        reverse
      >
        <p>
          The {ratingNames.community} tells you what viewers think; the {ratingNames.critics} tells
          you what reviewers think. {site.name} shows both, side by side, before you have time to
          wonder.
        </p>
      </FeatureRow>

      <AppFeatureGrid />
      <AppPlatforms signupId={SIGNUP_SECTION_ID} />
      <SignupBand
        id={SIGNUP_SECTION_ID}
        signupType="get-app-bottom"
        eyebrow="Early access"
        title="Get the app first"
        lead="Leave your email and we will send your invitation as soon as the app is ready for you."
        footnote="Free during closed alpha • No credit card required"
      />
    </>
  );
}
