import { useEffect, type ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  type LinksFunction,
} from 'react-router';
import './app.css';
import bebasNeueUrl from './fonts/bebas-neue-latin-400.woff2?url';
import interUrl from './fonts/inter-latin-wght.woff2?url';
import { Footer } from './components/layout/footer.tsx';
import { NavBar } from './components/layout/nav-bar.tsx';
import { ScrollToTop } from './components/layout/scroll-to-top.tsx';
import { AnalyticsRoot } from './features/consent/analytics-root.tsx';
import { ConsentBannerView } from './features/consent/consent-banner.tsx';
import islandScriptUrl from './islands/island-script.tsx?worker&url';
import pageScriptUrl from './features/static-page/page-script.ts?worker&url';
import {
  routesHydrate,
  routesMeasured,
  routesUseIslands,
  useSpaFallback,
  useStaticPage,
} from './lib/hydration.ts';
import { pageMeta } from './lib/meta.ts';
import { analyticsSettings } from './site-config.ts';

export const links: LinksFunction = () => [
  { rel: 'preload', href: interUrl, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: bebasNeueUrl, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/site.webmanifest' },
];

/**
 * The script of a page without React Router in the browser (docs/decisions/0026): nav, mobile
 * menu and analytics consent, told the build's analytics settings; on a page with islands
 * (0028) the island script, which also hydrates those.
 */
function PageScript({ islands, measured }: { islands: boolean; measured: boolean }) {
  return (
    <script
      src={islands ? islandScriptUrl : pageScriptUrl}
      defer
      data-page-script=""
      data-analytics-id={analyticsSettings.measurementId}
      data-analytics-enabled={String(measured && analyticsSettings.enabled)}
    />
  );
}

export function Layout({ children }: { children: ReactNode }) {
  // Pages whose route says `hydrate: false` get no React Router scripts, only the page script.
  const matches = useMatches();
  const hydrate = useSpaFallback() || routesHydrate(matches);
  const staticPage = useStaticPage();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#07080c" />
        <Meta />
        <Links />
      </head>
      {/* A column as tall as the screen at least: on a short page the footer ends at its bottom. */}
      <body className="flex min-h-dvh flex-col bg-ink-950 text-ink-100">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-md focus:bg-gold-400 focus:px-4 focus:py-2 focus:font-semibold focus:text-ink-950"
        >
          Skip to content
        </a>
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
        {staticPage ? (
          <PageScript islands={routesUseIslands(matches)} measured={routesMeasured(matches)} />
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  // Marks the moment the page became interactive (tests and monitoring wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const staticPage = useStaticPage();
  const measured = routesMeasured(useMatches());
  return (
    <>
      <ScrollToTop />
      {staticPage ? measured ? <ConsentBannerView forPageScript /> : null : <AnalyticsRoot />}
      <NavBar />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
    </>
  );
}

export function HydrateFallback() {
  return null;
}

/**
 * The SPA fallback page, which the server answers for client-only pages (the admin dashboard),
 * renders this route alone: it takes the admin page's title from here. Every other page's own
 * meta replaces it.
 */
export const meta = () => pageMeta('admin');
