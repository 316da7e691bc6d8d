import { ExtensionBlurbs } from '../components/marketing/extension-blurbs.tsx';
import { ExtensionPlatforms } from '../components/marketing/extension-platforms.tsx';
import { ExtensionPreview } from '../components/marketing/extension-preview.tsx';
import { PageHero } from '../components/marketing/page-hero.tsx';
import { SignupBand } from '../components/marketing/signup-band.tsx';
import { Island } from '../lib/island.tsx';
import { signupFormIsland } from '../features/signup/signup-form-island.tsx';
import { islandsPageHandle } from '../lib/hydration.ts';
import { routeMeta } from '../lib/route-meta.ts';
import { ratingNames } from '../components/marketing/rating-names.ts';

export const meta = routeMeta;

/** Only the signup form needs React in the browser (docs/decisions/0028). */
export const handle = islandsPageHandle;

/** The bottom form's anchor; 'Join Early Access' scrolls here. */
const SIGNUP_SECTION_ID = 'signup';

/** One page for /get-extension, /extension, /extension/chrome and /extension/firefox. */
export default function GetExtension() {
  return (
    <>
      <PageHero
        eyebrow="Chrome and Firefox"
        // A no-break space before the dash: no line starts with it on a phone.
        title={'Browser Extension\u00a0- Coming Soon'}
        lead={`See the ${ratingNames.community} and the ${ratingNames.critics} beside every title on your streaming sites, without opening another tab.`}
      >
        <Island
          of={signupFormIsland}
          props={{ signupType: 'get-extension-top', variant: 'hero' }}
        />
      </PageHero>
      <ExtensionPreview />
      <ExtensionPlatforms signupId={SIGNUP_SECTION_ID} />
      <ExtensionBlurbs />
      <SignupBand
        id={SIGNUP_SECTION_ID}
        signupType="get-extension-bottom"
        afterBand
        eyebrow="Early access"
        title="Be the first to install it"
        lead="Leave your email and we will send your invitation as soon as the extension is ready for you."
        footnote="Free during closed alpha • No credit card required"
      />
    </>
  );
}
