import { CheckIcon } from '../ui/icons.tsx';
import { ratingNames } from './rating-names.ts';

const benefits = [
  'The mobile app for iOS and Android',
  'The browser extension for Chrome and Firefox',
  `The ${ratingNames.community} and the ${ratingNames.critics} on every title`,
  'Free during the closed alpha, no credit card required',
];

/** What an early-access member gets. */
export function EarlyAccessBenefits() {
  return (
    <ul className="space-y-4">
      {benefits.map((benefit) => (
        <li key={benefit} className="flex items-start gap-3 text-ink-100">
          <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-gold-400/15 text-gold-400">
            <CheckIcon className="size-4" strokeWidth="2.5" />
          </span>
          {benefit}
        </li>
      ))}
    </ul>
  );
}
