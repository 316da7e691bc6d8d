import type { Plugin } from 'vite';
import { inactiveReason } from '../src/web/lib/analytics/gtag-client.ts';

/**
 * What the server must know about the site build it serves, written beside its pages. The
 * server reads it (src/server/plugins/page-policies.ts) to allow Google's analytics hosts in
 * the pages' Content-Security-Policy only when this build can load them. It is served like
 * the rest of the build and says nothing the pages' own code does not.
 */
export const SITE_BUILD_FILE = '.site-build.json';

/** The site's own rule (src/web/site-config.ts `analyticsSettings`), on the build's env. */
export function analyticsInBuild(env: Record<string, string | undefined>): boolean {
  return (
    inactiveReason({
      enabled: env.VITE_ANALYTICS_ENABLED === 'true',
      measurementId: env.VITE_GA_MEASUREMENT_ID ?? '',
      debug: false,
    }) === null
  );
}

/** Vite plugin: writes SITE_BUILD_FILE into the client build. */
export function siteBuildSettings(): Plugin {
  return {
    name: 'reelscore-site-build-settings',
    apply: 'build',
    generateBundle() {
      if (this.environment.name !== 'client') return;
      const settings = { analytics: analyticsInBuild(this.environment.config.env) };
      this.emitFile({
        type: 'asset',
        fileName: SITE_BUILD_FILE,
        source: `${JSON.stringify(settings)}\n`,
      });
    },
  };
}
