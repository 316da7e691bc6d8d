import { LegalPage } from '../components/legal/legal-page.tsx';
import { termsIntro, termsSections } from '../components/legal/terms-of-service.tsx';
import { staticPageHandle } from '../lib/hydration.ts';
import { routeMeta } from '../lib/route-meta.ts';

export const meta = routeMeta;

// No React in the browser: the prerendered page and the page script do everything.
export const handle = staticPageHandle;

export default function TermsPage() {
  return <LegalPage title="Terms of Service" intro={termsIntro} sections={termsSections} />;
}
