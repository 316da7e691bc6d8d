import type { Plugin } from 'vite';

/**
 * The island script (src/web/features/islands/island-script.tsx) hydrates the home and health
 * pages' islands with Preact's React compatibility layer instead of react-dom: the same
 * components, 10 KB of runtime instead of 65 KB (docs/decisions/0030). Only the worker build of
 * that script gets this plugin; the server, React Router's pages and the dashboard keep React.
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
