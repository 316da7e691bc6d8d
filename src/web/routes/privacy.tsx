import { LegalPage } from '../components/legal/legal-page.tsx';
import { privacyIntro, privacySections } from '../components/legal/privacy-policy.tsx';
import { staticPageHandle } from '../lib/hydration.ts';
import { routeMeta } from '../lib/route-meta.ts';

export const meta = routeMeta;

// No React in the browser: the prerendered page and the page script do everything.
export const handle = staticPageHandle;

export default function PrivacyPage() {
  return <LegalPage title="Privacy Policy" intro={privacyIntro} sections={privacySections} />;
}
