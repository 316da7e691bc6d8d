import { LegalPage } from '../components/legal/legal-page.tsx';
import { privacyIntro, privacySections } from '../components/legal/privacy-policy.tsx';
import { routeMeta } from '../lib/route-meta.ts';

export const meta = routeMeta;

export default function PrivacyPage() {
  return <LegalPage title="Privacy Policy" intro={privacyIntro} sections={privacySections} />;
}
