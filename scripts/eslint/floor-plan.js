import { dirname, relative, resolve } from 'node:path';

/**
 * The server's floor plan (README, Layout; decision 0038). Features (`src/server/features/<name>`)
 * sit side by side on the floor and never import each other; the floor (`platform/`, `db/`,
 * `lib/`, `plugins/`, `config.ts`) imports no feature. Only the composition (the files at the top
 * of `src/server`: app.ts, main.ts, mail-templates.ts, the seed) and tests import across.
 */
const SERVER = 'src/server';
const FLOOR = ['platform/', 'db/', 'lib/', 'plugins/', 'config.ts'];

function featureOf(path) {
  const match = /^features\/([^/]+)\//.exec(path);
  return match ? match[1] : undefined;
}

const isFloor = (path) => FLOOR.some((prefix) => path === prefix || path.startsWith(prefix));
const isTest = (path) => /\.test\.tsx?$/.test(path) || path.startsWith('test/');

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Features never import each other; the floor imports no feature.' },
    schema: [
      { type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } } } },
    ],
    messages: {
      betweenFeatures:
        'features/{{from}} must not import features/{{to}}: move what both need to the platform floor, or compose them in app.ts.',
      floorIntoFeature:
        '{{from}} is on the floor and must not import features/{{to}}: the floor knows no feature.',
    },
  },
  create(context) {
    const root = context.cwd;
    const file = relative(root, context.filename).replaceAll('\\', '/');
    if (!file.startsWith(`${SERVER}/`)) return {};
    const from = file.slice(SERVER.length + 1);
    if (isTest(from)) return {};
    const fromFeature = featureOf(from);
    const fromFloor = isFloor(from);
    if (!fromFeature && !fromFloor) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = relative(root, resolve(dirname(context.filename), source)).replaceAll(
        '\\',
        '/',
      );
      if (!target.startsWith(`${SERVER}/`)) return;
      const to = target.slice(SERVER.length + 1);
      const toFeature = featureOf(to);
      if (!toFeature || toFeature === fromFeature) return;
      context.report({
        node,
        messageId: fromFloor ? 'floorIntoFeature' : 'betweenFeatures',
        data: { from: fromFloor ? from : fromFeature, to: toFeature },
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
