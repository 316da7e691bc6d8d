/**
 * The analytics layer (spec sections 4, 5, 7): GA4 page views and events, sent only after the
 * visitor consents (DESIGN.md). Every function here is safe to call at any time: before
 * initialisation, without consent, while prerendering, or with analytics switched off, a call
 * does nothing. Failures go to the console, never to the visitor.
 */
import { analyticsSettings } from '../../site-config.ts';
import { clearAnalyticsCookies } from './analytics-cookies.ts';
import {
  createAnalyticsClient,
  inactiveReason,
  type AnalyticsClient,
  type AnalyticsEnvironment,
  type AnalyticsEvent,
  type GtagHost,
  type PageInfo,
} from './gtag-client.ts';

export type { AnalyticsEvent, PageInfo } from './gtag-client.ts';

/** Whether this build has analytics at all (enabled flag and a measurement id). */
export const analyticsConfigured = inactiveReason(analyticsSettings) === null;

export function currentPage(): PageInfo {
  const { origin, pathname, search } = window.location;
  return {
    path: `${pathname}${search}`,
    title: document.title,
    location: `${origin}${pathname}${search}`,
  };
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`Failed to load ${src}`)));
    document.head.append(script);
  });
}

function browserEnvironment(): AnalyticsEnvironment {
  return {
    host: window as unknown as GtagHost,
    loadScript,
    currentPage,
    clearCookies: () => clearAnalyticsCookies(document, window.location.hostname),
    log: console,
  };
}

let client: AnalyticsClient | undefined;

/**
 * The client, in the browser only; undefined while prerendering. The home page's island script
 * hands it to the consent banner, so the islands' events and the banner share one client.
 */
export function analytics(): AnalyticsClient | undefined {
  if (typeof window === 'undefined') return undefined;
  client ??= createAnalyticsClient(analyticsSettings, browserEnvironment());
  return client;
}

/** Sets analytics up once (AnalyticsRoot calls it). True when analytics is active. */
export function initAnalytics(): boolean {
  return analytics()?.init() ?? false;
}

export function isAnalyticsActive(): boolean {
  return analytics()?.isActive() ?? false;
}

/** Applies the visitor's yes: Consent Mode update, gtag.js load, the current page view. */
export function grantAnalyticsConsent(): void {
  analytics()?.grantConsent();
}

/** Applies the visitor's no: nothing more is sent and Google Analytics cookies are removed. */
export function denyAnalyticsConsent(): void {
  analytics()?.denyConsent();
}

/** Records a page view, unless the path is the one recorded last. */
export function trackPageView(page?: PageInfo): void {
  analytics()?.trackPageView(page);
}

export function trackEvent(event: AnalyticsEvent): void {
  analytics()?.trackEvent(event);
}

/** A GA4 user property; kept until consent is given and sent with later events. */
export function setUserProperty(name: string, value: string | number | boolean | null): void {
  analytics()?.setUserProperty(name, value);
}

export function trackClick(label: string, destination: string): void {
  trackEvent({
    action: 'click',
    category: 'engagement',
    label,
    custom_parameters: { destination },
  });
}

export function trackFormSubmit(label: string, success: boolean): void {
  trackEvent({
    action: 'form_submit',
    category: 'engagement',
    label,
    custom_parameters: { success },
  });
}

export function trackApiCall(label: string, value: number, status: number): void {
  trackEvent({
    action: 'api_call',
    category: 'technical',
    label,
    value,
    custom_parameters: { status },
  });
}

export function trackException(label: string, errorType = 'javascript_error'): void {
  trackEvent({
    action: 'exception',
    category: 'error',
    label,
    custom_parameters: { error_type: errorType, fatal: false },
  });
}
