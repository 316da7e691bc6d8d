import { dirname, relative, resolve } from 'node:path';

/**
 * Dependencies flow one way: contract <- server, contract <- web. The server and the web app
 * never import each other, and the contract imports neither. Resolves each relative import
 * against the importing file, so the check is exact whatever the depth.
 */
const FORBIDDEN = {
  'src/server': ['src/web'],
  'src/web': ['src/server'],
  'src/contract': ['src/server', 'src/web'],
};

function areaOf(path) {
  return Object.keys(FORBIDDEN).find((area) => path === area || path.startsWith(`${area}/`));
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports between src/contract, src/server and src/web one-way.' },
    schema: [],
    messages: { forbidden: '{{from}} must not import from {{to}}.' },
  },
  create(context) {
    const root = context.cwd;
    const fileArea = areaOf(relative(root, context.filename).replaceAll('\\', '/'));
    if (!fileArea) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = relative(root, resolve(dirname(context.filename), source)).replaceAll(
        '\\',
        '/',
      );
      const targetArea = FORBIDDEN[fileArea].find(
        (area) => target === area || target.startsWith(`${area}/`),
      );
      if (targetArea)
        context.report({ node, messageId: 'forbidden', data: { from: fileArea, to: targetArea } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
