/**
 * Google Analytics 4 through gtag.js, with Consent Mode v2 in its strict ("basic") form: the
 * gtag() queue lives in our bundle from the start with every consent type denied, and the
 * script from Google is only requested once the visitor accepts. Before that nothing leaves
 * the browser and no cookie is written.
 *
 * This file has no module state and no browser globals, so it runs under unit tests with a
 * fake environment; analytics.ts binds it to the window.
 */

export interface AnalyticsSettings {
  measurementId: string;
  enabled: boolean;
  debug: boolean;
}

export interface AnalyticsEvent {
  action: string;
  category?: string;
  label?: string;
  value?: number;
  custom_parameters?: Record<string, unknown>;
}

export interface PageInfo {
  /** Path and query, without the fragment: what "the same page" means for page views. */
  path: string;
  title: string;
  /** The full address without the fragment. */
  location: string;
}

export type Gtag = (...args: unknown[]) => void;

/** Where gtag.js keeps its queue and where its opt-out flag is read: the window. */
export interface GtagHost {
  dataLayer?: unknown[];
  gtag?: Gtag;
  [optOutFlag: `ga-disable-${string}`]: boolean | undefined;
}

export interface AnalyticsLog {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
}

export interface AnalyticsEnvironment {
  host: GtagHost;
  /** Adds a script element for `src`; resolves when it has loaded. */
  loadScript(src: string): Promise<void>;
  currentPage(): PageInfo;
  /** Deletes the cookies gtag.js may have written (when consent is withdrawn). */
  clearCookies(): void;
  log: AnalyticsLog;
}

export interface AnalyticsClient {
  /** Sets up once; later calls change nothing. True when analytics is active. */
  init(): boolean;
  isActive(): boolean;
  hasConsent(): boolean;
  grantConsent(): void;
  denyConsent(): void;
  trackPageView(page?: PageInfo): void;
  trackEvent(event: AnalyticsEvent): void;
  setUserProperty(name: string, value: string | number | boolean | null): void;
}

export const GTAG_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';

export function gtagScriptUrl(measurementId: string): string {
  return `${GTAG_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;
}

/** Consent Mode v2: the four types Google reads, all refused until the visitor says yes. */
export const DEFAULT_CONSENT = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
} as const;

/** Why analytics is off, or null when the settings allow it. */
export function inactiveReason(settings: AnalyticsSettings): string | null {
  if (!settings.enabled) return 'analytics is disabled (VITE_ANALYTICS_ENABLED is not "true")';
  if (!settings.measurementId.trim()) return 'no measurement id (VITE_GA_MEASUREMENT_ID is empty)';
  return null;
}

/**
 * The gtag parameters of an event. Keys whose value is undefined are left out, so an event
 * without a value carries no `value` key at all.
 */
export function eventParameters(event: AnalyticsEvent): Record<string, unknown> {
  const parameters: Record<string, unknown> = {
    event_category: event.category,
    event_label: event.label,
    value: event.value,
    ...event.custom_parameters,
  };
  return Object.fromEntries(Object.entries(parameters).filter(([, value]) => value !== undefined));
}

/** The gtag() of Google's snippet: it queues its `arguments` object, which gtag.js expects. */
export function defineGtag(host: GtagHost): Gtag {
  const dataLayer = (host.dataLayer ??= []);
  const gtag: Gtag = function gtag() {
    // gtag.js only understands Arguments objects in the queue, not arrays.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  host.gtag = gtag;
  return gtag;
}

type Consent = 'pending' | 'granted' | 'denied';

export function createAnalyticsClient(
  settings: AnalyticsSettings,
  env: AnalyticsEnvironment,
): AnalyticsClient {
  const measurementId = settings.measurementId.trim();
  const optOutFlag = `ga-disable-${measurementId}` as const;
  let state: 'uninitialised' | 'inactive' | 'active' = 'uninitialised';
  let consent: Consent = 'pending';
  let configured = false;
  let scriptRequested = false;
  let lastTrackedPath: string | undefined;
  const userProperties: Record<string, unknown> = {};
  let gtag: Gtag = () => {};

  const canSend = () => state === 'active' && consent === 'granted';
  const debug = (...args: unknown[]) => {
    if (settings.debug) env.log.info('[analytics]', ...args);
  };

  function configure() {
    if (configured) return;
    configured = true;
    gtag('js', new Date());
    gtag('config', measurementId, {
      // Page views are sent by hand on each client-side navigation.
      send_page_view: false,
      allow_google_signals: false,
      allow_ad_personalization_signals: false,
      // debug_mode: false still marks hits as debug in GA4, so the key is only set to enable.
      ...(settings.debug ? { debug_mode: true } : {}),
    });
  }

  function loadScript() {
    if (scriptRequested) return;
    scriptRequested = true;
    env.loadScript(gtagScriptUrl(measurementId)).catch((error: unknown) => {
      scriptRequested = false;
      env.log.warn('Analytics: gtag.js could not be loaded; events stay queued.', error);
    });
  }

  const client: AnalyticsClient = {
    init() {
      if (state !== 'uninitialised') return state === 'active';
      const reason = inactiveReason(settings);
      if (reason) {
        state = 'inactive';
        env.log.info(`Analytics is off: ${reason}. Nothing is loaded or sent.`);
        return false;
      }
      gtag = defineGtag(env.host);
      gtag('consent', 'default', { ...DEFAULT_CONSENT });
      state = 'active';
      debug('initialised; waiting for consent');
      return true;
    },

    isActive: () => state === 'active',
    hasConsent: () => canSend(),

    grantConsent() {
      if (state !== 'active' || consent === 'granted') return;
      consent = 'granted';
      env.host[optOutFlag] = false;
      gtag('consent', 'update', { analytics_storage: 'granted' });
      configure();
      if (Object.keys(userProperties).length > 0) {
        gtag('set', 'user_properties', { ...userProperties });
      }
      loadScript();
      debug('consent granted');
      client.trackPageView();
    },

    denyConsent() {
      if (state !== 'active') return;
      const wasGranted = consent === 'granted';
      consent = 'denied';
      lastTrackedPath = undefined;
      if (wasGranted) {
        gtag('consent', 'update', { analytics_storage: 'denied' });
        // Google's documented opt-out: gtag.js sends nothing while this flag is set.
        env.host[optOutFlag] = true;
      }
      env.clearCookies();
      debug('consent denied');
    },

    trackPageView(page = env.currentPage()) {
      if (!canSend() || page.path === lastTrackedPath) return;
      lastTrackedPath = page.path;
      const parameters = {
        page_title: page.title,
        page_location: page.location,
        page_path: page.path,
      };
      gtag('event', 'page_view', parameters);
      debug('page_view', parameters);
    },

    trackEvent(event) {
      if (!canSend()) return;
      const parameters = eventParameters(event);
      gtag('event', event.action, parameters);
      debug(event.action, parameters);
    },

    setUserProperty(name, value) {
      userProperties[name] = value;
      if (canSend()) gtag('set', 'user_properties', { [name]: value });
    },
  };
  return client;
}
