import { PERSON_PAGE_PATH, PERSON_PAGE_SLOTS } from '../contract/person-page.ts';

/**
 * Every page of the site in one typed table. The router (routes.ts), the nav, the footer, the
 * sitemap, robots.txt and the prerender list all read it.
 */
export interface PageRoute {
  /** Stable id; aliases get `${id}:${alias}`. Page logic keys on it, never on the pathname. */
  id: string;
  path: string;
  /** Route module, relative to src/web. */
  file: string;
  title: string;
  description: string;
  /** Other paths that show the same page. */
  aliases?: string[];
  /** Listed in sitemap.xml. */
  indexable: boolean;
  /**
   * Rendered in the browser only: never prerendered, so the server answers it with the SPA
   * fallback page (src/server/plugins/web.ts) and public pages never load its code.
   */
  clientOnly?: boolean;
}

export const SITE_NAME = 'ReelScore';

export const pages = {
  home: {
    id: 'home',
    path: '/',
    file: 'routes/home.tsx',
    title: 'ReelScore - Movie ratings in under 2 seconds',
    description:
      'Point your phone at any movie title and see the community rating and the critics’ score in under 2 seconds. Join the closed alpha for free.',
    indexable: true,
  },
  pricing: {
    id: 'pricing',
    path: '/pricing',
    file: 'routes/pricing.tsx',
    title: 'Pricing - ReelScore',
    description:
      'Free during the closed alpha. Compare the Free, Pro and Premium plans of ReelScore.',
    indexable: true,
  },
  about: {
    id: 'about',
    path: '/about',
    file: 'routes/about.tsx',
    title: 'About - ReelScore',
    description: 'The team and the story behind ReelScore, and where the journey goes next.',
    indexable: true,
  },
  signup: {
    id: 'signup',
    path: '/signup',
    file: 'routes/signup.tsx',
    title: 'Join the closed alpha - ReelScore',
    description:
      'Sign up for early access to the ReelScore app and browser extension. Free during the closed alpha.',
    indexable: true,
  },
  signupThanks: {
    id: 'signup-thanks',
    path: '/signup/thanks',
    file: 'routes/signup-thanks.tsx',
    title: 'Thanks for signing up - ReelScore',
    description: 'You are on the ReelScore closed-alpha list.',
    indexable: false,
  },
  signupProblem: {
    id: 'signup-problem',
    path: '/signup/problem',
    file: 'routes/signup-problem.tsx',
    title: 'Join the closed alpha - ReelScore',
    description:
      'Sign up for early access to the ReelScore app and browser extension. Free during the closed alpha.',
    indexable: false,
  },
  getExtension: {
    id: 'get-extension',
    path: '/get-extension',
    file: 'routes/get-extension.tsx',
    title: 'Browser Extension - ReelScore',
    description:
      'Ratings inline on your streaming sites, in Chrome and Firefox. Join the early-access list for the ReelScore extension.',
    aliases: ['/extension', '/extension/chrome', '/extension/firefox'],
    indexable: true,
  },
  getApp: {
    id: 'get-app',
    path: '/get-app',
    file: 'routes/get-app.tsx',
    title: 'Mobile App - ReelScore',
    description:
      'Scan any movie title with your phone and get its ratings in under 2 seconds. The ReelScore app for iOS and Android is coming soon.',
    aliases: ['/android', '/ios'],
    indexable: true,
  },
  health: {
    id: 'health',
    path: '/health',
    file: 'routes/health.tsx',
    title: 'Service status - ReelScore',
    description: 'Live status of the ReelScore API.',
    indexable: true,
  },
  privacy: {
    id: 'privacy',
    path: '/privacy',
    file: 'routes/privacy.tsx',
    title: 'Privacy Policy - ReelScore',
    description: 'How ReelScore collects, uses and protects your personal data.',
    indexable: true,
  },
  terms: {
    id: 'terms',
    path: '/terms',
    file: 'routes/terms.tsx',
    title: 'Terms of Service - ReelScore',
    description: 'The terms that apply when you use ReelScore’s apps, extension and website.',
    indexable: true,
  },
  admin: {
    id: 'admin',
    path: '/admin',
    file: 'routes/admin.tsx',
    title: 'Admin Dashboard - ReelScore',
    description: 'Early-access whitelist and email administration.',
    indexable: false,
    clientOnly: true,
  },
  personPage: {
    id: 'person-page',
    path: PERSON_PAGE_PATH,
    file: 'routes/person-page.tsx',
    // The server puts the page's own title here.
    title: PERSON_PAGE_SLOTS.documentTitle,
    description: 'ReelScore',
    indexable: false,
  },
  notFound: {
    id: 'not-found',
    path: '*',
    file: 'routes/not-found.tsx',
    title: 'Page not found - ReelScore',
    description: 'This page does not exist.',
    indexable: false,
  },
} as const satisfies Record<string, PageRoute>;

export type PageKey = keyof typeof pages;
export const pageList: readonly PageRoute[] = Object.values(pages);

/** The id of an alias route: one module, several routes, each with its own id. */
export function aliasRouteId(page: PageRoute, alias: string): string {
  return `${page.id}:${alias}`;
}

/** Finds the page behind a route id (an alias id resolves to its page). */
export function pageForRouteId(routeId: string): PageRoute | undefined {
  const id = routeId.split(':', 1)[0];
  return pageList.find((page) => page.id === id);
}

/** Files generated from this table at build time: resource routes, not pages. */
export const seoFiles = [
  { id: 'sitemap', path: '/sitemap.xml', file: 'routes/sitemap.ts' },
  { id: 'robots', path: '/robots.txt', file: 'routes/robots.ts' },
] as const;

/**
 * Every concrete path to prerender: pages and their aliases (client-only pages excepted), the
 * 404 page as /404, SEO files.
 */
export function prerenderPaths(): string[] {
  return [
    ...pageList
      .filter((page) => !page.clientOnly)
      .flatMap((page) => (page.path === '*' ? ['/404'] : [page.path, ...(page.aliases ?? [])])),
    ...seoFiles.map((file) => file.path),
  ];
}
