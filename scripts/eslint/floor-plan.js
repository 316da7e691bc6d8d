import { dirname, relative, resolve } from 'node:path';

/**
 * The floor plans (README, Layout; decision 0038): in each zone, features sit side by side on a
 * floor and never import each other, and the floor imports no feature. Only the zone's
 * composition and tests import across.
 *
 * - The server (`src/server`): features are `features/<name>`; the floor is `platform/`, `db/`,
 *   `lib/`, `plugins/` and `config.ts`; the files at the top (app.ts, main.ts, mail-templates.ts,
 *   the seed) compose them.
 * - The site (`src/web`): features are `features/<name>` (signup, consent, demo-video, health,
 *   static-page, and the dashboard as one); the floor is `lib/` (the API client, the analytics
 *   client and the consent choice's storage, the island mechanism, hydration, meta),
 *   `components/ui/`, `components/layout/`, `route-table.ts` and `site-config.ts`; `root.tsx`,
 *   `routes/`, the island script (`islands/`) and the page sections (`components/marketing/`,
 *   `components/legal/`) compose them.
 * - The web admin (`src/web/features/admin`), mirroring the server: features are `lists`,
 *   `access`, `privacy`, `integrations` and `mail`; the floor is `shared/`; `shell/` composes
 *   them into the dashboard. A file of the dashboard is held by both plans: the site's sees the
 *   dashboard as one feature, the dashboard's sees its parts.
 */
const ZONES = [
  {
    root: 'src/server',
    featureOf: (path) => /^features\/([^/]+)\//.exec(path)?.[1],
    floor: ['platform/', 'db/', 'lib/', 'plugins/', 'config.ts'],
    name: (feature) => `features/${feature}`,
  },
  {
    root: 'src/web',
    featureOf: (path) => /^features\/([^/]+)\//.exec(path)?.[1],
    floor: ['lib/', 'components/ui/', 'components/layout/', 'route-table.ts', 'site-config.ts'],
    name: (feature) => `features/${feature}`,
  },
  {
    root: 'src/web/features/admin',
    featureOf: (path) => /^(lists|access|privacy|integrations|mail)\//.exec(path)?.[1],
    floor: ['shared/'],
    name: (feature) => `admin/${feature}`,
  },
];

const isTest = (path) => /\.test\.tsx?$/.test(path) || path.startsWith('test/');

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Features never import each other; the floor imports no feature.' },
    schema: [],
    messages: {
      betweenFeatures:
        '{{from}} must not import {{to}}: move what both need to the floor, or compose them.',
      floorIntoFeature:
        '{{from}} is on the floor and must not import {{to}}: the floor knows no feature.',
    },
  },
  create(context) {
    const file = relative(context.cwd, context.filename).replaceAll('\\', '/');
    const places = ZONES.filter(({ root }) => file.startsWith(`${root}/`))
      .map((zone) => {
        const from = file.slice(zone.root.length + 1);
        const fromFeature = zone.featureOf(from);
        const fromFloor = zone.floor.some((prefix) => from === prefix || from.startsWith(prefix));
        return { zone, from, fromFeature, fromFloor, test: isTest(from) };
      })
      .filter(({ fromFeature, fromFloor, test }) => !test && (fromFeature || fromFloor));
    if (places.length === 0) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = relative(context.cwd, resolve(dirname(context.filename), source)).replaceAll(
        '\\',
        '/',
      );
      for (const { zone, from, fromFeature, fromFloor } of places) {
        if (!target.startsWith(`${zone.root}/`)) continue;
        const toFeature = zone.featureOf(target.slice(zone.root.length + 1));
        if (!toFeature || toFeature === fromFeature) continue;
        context.report({
          node,
          messageId: fromFloor ? 'floorIntoFeature' : 'betweenFeatures',
          data: { from: fromFloor ? from : zone.name(fromFeature), to: zone.name(toFeature) },
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
