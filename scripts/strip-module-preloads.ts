import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Removes the `<link rel="modulepreload">` tags from the prerendered pages. Those pages paint
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

let pages = 0;
let removed = 0;
for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
  if (!name.endsWith('.html') || name.endsWith(CLIENT_ONLY_PAGE)) continue;
  const path = join(root, name);
  const html = readFileSync(path, 'utf8');
  const found = html.match(MODULE_PRELOAD)?.length ?? 0;
  if (found === 0) continue;
  writeFileSync(path, html.replace(MODULE_PRELOAD, ''));
  pages += 1;
  removed += found;
}
// Every prerendered page has preloads; none found means React Router changed its markup.
if (pages === 0) throw new Error(`No module preloads found in ${root}: check the build output`);
console.log(`Removed ${removed} module preloads from ${pages} prerendered pages`);
