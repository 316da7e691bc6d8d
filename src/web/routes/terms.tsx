import { LegalPage } from '../components/legal/legal-page.tsx';
import { termsIntro, termsSections } from '../components/legal/terms-of-service.tsx';
import { routeMeta } from '../lib/route-meta.ts';

export const meta = routeMeta;

export default function TermsPage() {
  return <LegalPage title="Terms of Service" intro={termsIntro} sections={termsSections} />;
}
