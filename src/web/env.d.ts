/// <reference types="vite/client" />

/** The site's public origin, set at build time from PUBLIC_URL (vite.config.ts). */
declare const __SITE_URL__: string;

interface ImportMetaEnv {
  readonly VITE_GA_MEASUREMENT_ID?: string;
  readonly VITE_ANALYTICS_ENABLED?: string;
}

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
}
