import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Removes the `<link rel="modulepreload">` tags from the prerendered pages that React Router
 * hydrates (today none: every public page loads the page or island script). Those pages paint
 * from their HTML and CSS alone; preloading every module in the head made the browser fetch
 * the whole bundle before the first paint, competing with the stylesheet and fonts on slow
 * connections (docs/decisions/0014). The module script at the end of the body still loads the
 * same modules right after. The client-only fallback page keeps its preloads: it shows nothing
 * until its script runs.
 * Usage: node scripts/strip-module-preloads.ts [build/client]
 */
const root = process.argv[2] ?? join(process.env.WEB_BUILD_DIR ?? 'build', 'client');
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/>/g;
const CLIENT_ONLY_PAGE = '__spa-fallback.html';

const REACT_ROUTER_RUNTIME = 'window.__reactRouterContext';

let pages = 0;
let removed = 0;
for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
  if (!name.endsWith('.html') || name.endsWith(CLIENT_ONLY_PAGE)) continue;
  const path = join(root, name);
  const html = readFileSync(path, 'utf8');
  // Pages without React Router in the browser (0026, 0028) have no module script to preload.
  if (!html.includes(REACT_ROUTER_RUNTIME)) continue;
  const found = html.match(MODULE_PRELOAD)?.length ?? 0;
  // React Router preloads every module of a page it hydrates; none means its markup changed.
  if (found === 0) throw new Error(`No module preloads found in ${path}: check the build output`);
  writeFileSync(path, html.replace(MODULE_PRELOAD, ''));
  pages += 1;
  removed += found;
}
console.log(`Removed ${removed} module preloads from ${pages} prerendered pages`);
