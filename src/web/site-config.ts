/**
 * The product's facts in one place: names, contact, plans, questions, history, the demo, and
 * analytics settings. Pages read from here; nothing here is repeated in a page.
 */

/** The streaming sites the extension adds ratings to, by name. */
const streamingPlatforms = [
  'Netflix',
  'Prime Video',
  'Disney+',
  'Max',
  'Apple TV+',
  'Hulu',
  'Paramount+',
  'YouTube',
] as const;

export const site = {
  name: 'ReelScore',
  tagline: 'Movie ratings in under 2 seconds',
  url: __SITE_URL__,
  contactEmail: 'hello@reelscore.app',
  /** The company behind the product; its law governs the terms. */
  company: { name: 'ReelScore AB', country: 'Sweden', city: 'Stockholm' },
  /** The two rating sources the product shows, in the words the site uses for them. */
  ratingSources: {
    community: 'Community rating',
    critics: 'Critics’ score',
  },
  /**
   * The one name of the waitlist action on every button that leads to it, where the spec does
   * not fix another ('Try for Free' in the nav, 'Start Free Trial' on the Pro plan).
   */
  waitlistAction: 'Join Early Access',
  streamingPlatforms,
  streamingPlatformCount: streamingPlatforms.length,
  legalLastUpdated: 'August 6, 2025',
  minimumAge: 13,
} as const;

export interface Plan {
  name: string;
  price: string;
  period: string;
  description: string;
  features: string[];
  limitations: string[];
  cta: string;
  href: string;
  popular: boolean;
}

export const plans: Plan[] = [
  {
    name: 'Free',
    price: '$0',
    period: 'forever',
    description: 'Everything you need to check a rating before you press play.',
    features: [
      '10 mobile scans per day',
      'Basic ratings from the community database in the extension',
      'Chrome and Firefox extension',
      '7-day history',
      'iOS and Android apps',
      'Basic support',
    ],
    limitations: ['No critics’ score', 'No unlimited scanning'],
    cta: site.waitlistAction,
    href: '/signup',
    popular: false,
  },
  {
    name: 'Pro',
    price: '$4.99',
    period: 'per month',
    description: 'For film lovers who want every rating, everywhere, every time.',
    features: [
      'Unlimited scanning',
      'Both rating sources: community rating and critics’ score',
      'Full history and analytics',
      'Priority support',
      'Advanced filtering',
      'Export watchlists',
    ],
    limitations: [],
    cta: 'Start Free Trial',
    href: '/signup?plan=pro',
    popular: true,
  },
  {
    name: 'Premium',
    price: '$9.99',
    period: 'per month',
    description: 'For clubs, critics and teams who build on ratings.',
    features: [
      'Personal recommendations',
      'Custom rating sources',
      'API access',
      'Team features',
      'Advanced analytics',
      'White-label option',
      'Dedicated account manager',
    ],
    limitations: [],
    cta: 'Contact Sales',
    href: `mailto:hello@reelscore.app?subject=${encodeURIComponent('ReelScore Premium')}`,
    popular: false,
  },
];

export interface Faq {
  question: string;
  answer: string;
}

export const pricingFaqs: Faq[] = [
  {
    question: 'Can I change plans at any time?',
    answer:
      'Yes. You can upgrade or downgrade whenever you like, and the change takes effect immediately.',
  },
  {
    question: 'Is there a money-back guarantee?',
    answer: 'Every paid plan comes with a 30-day money-back guarantee, no questions asked.',
  },
  {
    question: 'Do you offer annual billing?',
    answer: 'Yes. Pay yearly and get a 20% discount on Pro and Premium.',
  },
  {
    question: 'What happens when I reach the free scan limit?',
    answer: 'Your 10 free scans reset the next day. Upgrade to Pro for unlimited scanning.',
  },
  {
    question: 'Is ReelScore free during the closed alpha?',
    answer:
      'Yes. Everyone in the closed alpha uses ReelScore for free, and no credit card is required.',
  },
];

export const signupFaqs: Faq[] = [
  {
    question: 'When will I get access?',
    answer: 'We invite people in waves. Expect an email invitation within 1-2 weeks of signing up.',
  },
  {
    question: 'Is the closed alpha free?',
    answer: 'Yes, completely free during the closed alpha. No credit card required.',
  },
  {
    question: 'What do I get access to?',
    answer:
      'The ReelScore mobile app for iOS and Android and the browser extension for Chrome and Firefox.',
  },
  {
    question: 'What will you do with my email address?',
    answer:
      'We use it only to send your invitation and product news. You can unsubscribe at any time; see our privacy policy.',
  },
];

export interface TimelineEntry {
  year: string;
  title: string;
  text: string;
}

export const timeline: TimelineEntry[] = [
  {
    year: '2023',
    title: 'The Idea',
    text: 'Tired of juggling five tabs to decide what to watch, we sketched an app that reads a title and shows its ratings at once.',
  },
  {
    year: '2024',
    title: 'Mobile App Prototype',
    text: 'Our first prototype recognised movie posters on a phone camera and showed two ratings in under 2 seconds.',
  },
  {
    year: '2024',
    title: 'Browser Extension',
    text: 'We brought the same ratings to the streaming sites people already use, right beside every title.',
  },
  {
    year: '2025',
    title: 'Closed Alpha Launch',
    text: 'The first viewers joined the closed alpha. Their feedback shapes every release.',
  },
];

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
}

export const team: TeamMember[] = [
  {
    name: 'Elin Lindqvist',
    role: 'Co-founder & CEO',
    bio: 'Film-club organiser turned product lead. Has opinions about every Best Picture since 1990.',
  },
  {
    name: 'Marcus Ahlberg',
    role: 'Co-founder & CTO',
    bio: 'Builds the recognition engine that turns a blurry poster into a title in milliseconds.',
  },
];

export interface DemoVideo {
  id: string;
  videoUrl: string;
  previewUrl: string;
  title: string;
  description: string;
  tiktokUrl: string;
}

export const demoVideos: DemoVideo[] = [
  {
    id: 'scan-a-poster',
    videoUrl: '/media/demo-scan.webm',
    previewUrl: '/media/demo-scan-poster.svg',
    title: 'Scan a poster, get the ratings',
    description: 'Point the camera at a movie poster and both ratings appear in under 2 seconds.',
    tiktokUrl: 'https://www.tiktok.com/@reelscore.app',
  },
];

export interface AnalyticsSettings {
  measurementId: string;
  enabled: boolean;
  debug: boolean;
}

/** Google Analytics 4. Nothing is loaded or sent before the visitor consents. */
export const analyticsSettings: AnalyticsSettings = {
  measurementId: import.meta.env.VITE_GA_MEASUREMENT_ID ?? '',
  enabled: import.meta.env.VITE_ANALYTICS_ENABLED === 'true',
  debug: false,
};
