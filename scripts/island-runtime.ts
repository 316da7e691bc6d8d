import type { Plugin } from 'vite';

/**
 * The island script (src/web/islands/island-script.tsx) hydrates the islands pages'
 * islands with Preact's React compatibility layer instead of react-dom: the same components,
 * and the script is 17.4 KB gzipped instead of 76.6 KB (docs/decisions/0030). Only the worker
 * builds (`?worker&url`) get this plugin; the server, the dashboard and React Router keep React.
 */
const PREACT_FOR: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

export function islandsOnPreact(): Plugin {
  return {
    name: 'reelscore-islands-on-preact',
    enforce: 'pre',
    async resolveId(source, importer) {
      const target = PREACT_FOR[source];
      if (!target) return null;
      return this.resolve(target, importer, { skipSelf: true });
    },
  };
}
