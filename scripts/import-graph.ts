/**
 * The shape of the code from its own imports (node scripts/import-graph.ts [src/server]): import
 * edges between areas (a feature, or a top-level folder such as db or lib), the edges that run
 * back up (those inside a cycle of areas), file cycles, the nesting depth of the areas (the
 * longest chain of areas importing areas), pairs of areas importing each other both ways, and
 * lines of source. Tests are left out: they may reach anywhere. With --check, a file cycle fails.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'src/server';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * The area of a file: `features/<name>`, `platform/<name>` or `components/<name>`, or its top
 * folder.
 */
function areaOf(file: string): string {
  const parts = relative(root, file).split('/');
  // Files at the top (the composition in app.ts and main.ts, config.ts) are each their own area.
  if (parts.length === 1) return parts[0]!.replace(/\.tsx?$/, '');
  if (['features', 'platform', 'components'].includes(parts[0]!) && parts.length > 2)
    return `${parts[0]}/${parts[1]}`;
  return parts[0]!;
}

const files = sourceFiles(root);
const known = new Set(files);
const fileEdges = new Map<string, Set<string>>();
let lines = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  lines += text.split('\n').length;
  const targets = new Set<string>();
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2]!;
    if (!spec.startsWith('.')) continue;
    const target = resolve(dirname(file), spec);
    const relativeTarget = relative(process.cwd(), target);
    if (known.has(relativeTarget)) targets.add(relativeTarget);
  }
  fileEdges.set(file, targets);
}

/** Strongly connected components (Tarjan), as lists of nodes. */
function components(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const result: string[][] = [];
  function visit(node: string) {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, order.get(next)!));
    }
    if (low.get(node) === order.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      result.push(component);
    }
  }
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return result;
}

const areaEdges = new Map<string, Set<string>>();
for (const [file, targets] of fileEdges) {
  const from = areaOf(file);
  if (!areaEdges.has(from)) areaEdges.set(from, new Set());
  for (const target of targets) {
    const to = areaOf(target);
    if (to !== from) areaEdges.get(from)!.add(to);
  }
}
const edgeCount = [...areaEdges.values()].reduce((sum, targets) => sum + targets.size, 0);

const fileCycles = components(fileEdges).filter((component) => component.length > 1);
const areaComponents = components(areaEdges);
const componentOf = new Map<string, number>();
areaComponents.forEach((component, at) => component.forEach((area) => componentOf.set(area, at)));
const backEdges: string[] = [];
for (const [from, targets] of areaEdges) {
  for (const to of targets) {
    if (componentOf.get(from) === componentOf.get(to)) backEdges.push(`${from} -> ${to}`);
  }
}
const bothWays = new Set<string>();
for (const [from, targets] of areaEdges) {
  for (const to of targets) {
    if (areaEdges.get(to)?.has(from)) bothWays.add([from, to].sort().join(' <-> '));
  }
}

// Depth: the longest chain in the graph of components (a cycle counts as one level).
const depthMemo = new Map<number, number>();
function depth(component: number): number {
  const known = depthMemo.get(component);
  if (known !== undefined) return known;
  depthMemo.set(component, 1);
  let deepest = 0;
  for (const area of areaComponents[component]!) {
    for (const to of areaEdges.get(area) ?? []) {
      const next = componentOf.get(to)!;
      if (next !== component) deepest = Math.max(deepest, depth(next));
    }
  }
  depthMemo.set(component, deepest + 1);
  return deepest + 1;
}
const levels = Math.max(...areaComponents.map((_, at) => depth(at)));

const featureToFeature: string[] = [];
for (const [from, targets] of areaEdges) {
  for (const to of targets) {
    if (from.startsWith('features/') && to.startsWith('features/'))
      featureToFeature.push(`${from} -> ${to}`);
  }
}

// The floors of scripts/eslint/floor-plan.js: the server's, and the site's (its shared widgets
// and layout, the route table and the site's settings).
const FLOOR =
  /^(platform\/|db$|lib$|plugins$|config$|components\/(ui|layout)$|route-table$|site-config$)/;
const floorIntoFeatures: string[] = [];
for (const [from, targets] of areaEdges) {
  for (const to of targets) {
    if (FLOOR.test(from) && to.startsWith('features/')) floorIntoFeatures.push(`${from} -> ${to}`);
  }
}

if (process.argv.includes('--check')) {
  // For lint: one line, and the cycles when there are any.
  console.log(`${root}: ${fileCycles.length} import cycles`);
  for (const cycle of fileCycles)
    console.error(`  ${cycle.map((file) => relative(root, file)).join(' -> ')}`);
} else {
  console.log(`${root}: ${files.length} source files, ${lines} lines`);
  console.log(`areas: ${areaEdges.size}; import edges between areas: ${edgeCount}`);
  console.log(`edges running back up (inside a cycle of areas): ${backEdges.length}`);
  console.log(`file import cycles: ${fileCycles.length}`);
  for (const cycle of fileCycles)
    console.log(`  ${cycle.map((file) => relative(root, file)).join(' -> ')}`);
  console.log(`nesting depth (longest chain of areas): ${levels}`);
  console.log(`area pairs importing each other: ${bothWays.size}`);
  for (const pair of bothWays) console.log(`  ${pair}`);
  console.log(`imports between features: ${featureToFeature.length}`);
  for (const edge of featureToFeature) console.log(`  ${edge}`);
  console.log(`imports from the floor into features: ${floorIntoFeatures.length}`);
  for (const edge of floorIntoFeatures) console.log(`  ${edge}`);
}
// --check: a cycle of file imports fails (npm run lint runs it).
if (process.argv.includes('--check') && fileCycles.length > 0) {
  console.error('import cycles are not allowed: break each one (decision 0038)');
  process.exitCode = 1;
}
if (process.argv.includes('--edges'))
  for (const [from, targets] of [...areaEdges].sort())
    console.log(`  ${from} -> ${[...targets].sort().join(', ')}`);
