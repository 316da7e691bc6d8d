import { dirname, relative, resolve } from 'node:path';

/**
 * The floor plans (README, Layout; decision 0038): in each zone, features sit side by side on a
 * floor and never import each other, and the floor imports no feature. Only the zone's
 * composition and tests import across.
 *
 * - The server (`src/server`): features are `features/<name>`; the floor is `platform/`, `db/`,
 *   `lib/`, `plugins/` and `config.ts`; the files at the top (app.ts, main.ts, mail-templates.ts,
 *   the seed) compose them.
 * - The web admin (`src/web/features/admin`), mirroring the server: features are `lists`,
 *   `access`, `privacy`, `integrations` and `mail`; the floor is `shared/`; `shell/` composes
 *   them into the dashboard.
 */
const ZONES = [
  {
    root: 'src/server',
    featureOf: (path) => /^features\/([^/]+)\//.exec(path)?.[1],
    floor: ['platform/', 'db/', 'lib/', 'plugins/', 'config.ts'],
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
    const zone = ZONES.find(({ root }) => file.startsWith(`${root}/`));
    if (!zone) return {};
    const from = file.slice(zone.root.length + 1);
    if (isTest(from)) return {};
    const fromFeature = zone.featureOf(from);
    const fromFloor = zone.floor.some((prefix) => from === prefix || from.startsWith(prefix));
    if (!fromFeature && !fromFloor) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = relative(context.cwd, resolve(dirname(context.filename), source)).replaceAll(
        '\\',
        '/',
      );
      if (!target.startsWith(`${zone.root}/`)) return;
      const toFeature = zone.featureOf(target.slice(zone.root.length + 1));
      if (!toFeature || toFeature === fromFeature) return;
      context.report({
        node,
        messageId: fromFloor ? 'floorIntoFeature' : 'betweenFeatures',
        data: { from: fromFloor ? from : zone.name(fromFeature), to: zone.name(toFeature) },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
