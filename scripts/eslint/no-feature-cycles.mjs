// @ts-check
// A lint rule of FitCoach's own: features must depend on each other in one direction. A module
// cycle (a → b → a) is caught by import-x/no-cycle; this catches the wider one, where feature
// A imports one file of feature B while another file of B imports A
// (workout-logs.service → guided.service → workout-logs/completed-exercises was one).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g;

/** @param {string} dir */
function sourceFiles(dir) {
  /** @type {string[]} */
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

/** The feature a path belongs to, when it lies under `featuresDir`. */
function featureOf(/** @type {string} */ featuresDir, /** @type {string} */ file) {
  const relative = path.relative(featuresDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0] ?? null;
}

/** @type {Map<string, Map<string, Set<string>>>} feature graphs by features folder, per lint run */
const graphs = new Map();

/** Feature → the features its files import (tests excluded). */
function graphOf(/** @type {string} */ featuresDir) {
  let graph = graphs.get(featuresDir);
  if (graph) return graph;
  graph = new Map();
  for (const file of sourceFiles(featuresDir)) {
    const from = featureOf(featuresDir, file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set();
    graph.set(from, edges);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = featureOf(featuresDir, path.resolve(path.dirname(file), match[1] ?? ''));
      if (to && to !== from) edges.add(to);
    }
  }
  graphs.set(featuresDir, graph);
  return graph;
}

/** A path of features from `start` back to `goal`, or null. */
function pathBetween(
  /** @type {Map<string, Set<string>>} */ graph,
  /** @type {string} */ start,
  /** @type {string} */ goal,
) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = /** @type {string} */ (queue.shift());
    if (at === goal) {
      const route = [];
      for (let step = /** @type {string | null} */ (at); step; step = cameFrom.get(step) ?? null) {
        route.unshift(step);
      }
      return route;
    }
    for (const next of graph.get(at) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noFeatureCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Features import each other in one direction only.' },
    schema: [],
    messages: {
      cycle:
        'Feature "{{from}}" imports "{{to}}", which leads back to it ({{route}}). Move what both need into one of them, or into a service the other calls.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const marker = `${path.sep}features${path.sep}`;
    const at = file.lastIndexOf(marker);
    if (at < 0 || /\.test\.tsx?$/.test(file)) return {};
    const featuresDir = file.slice(0, at + marker.length - 1);
    const from = featureOf(featuresDir, file);
    if (!from) return {};
    /** @param {import('estree').Node & { source?: unknown }} node */
    const check = (node) => {
      const source = /** @type {{ value?: unknown } | null | undefined} */ (node.source);
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = featureOf(featuresDir, path.resolve(path.dirname(file), source.value));
      if (!to || to === from) return;
      const back = pathBetween(graphOf(featuresDir), to, from);
      if (back) {
        context.report({
          node,
          messageId: 'cycle',
          data: { from, to, route: [from, ...back].join(' → ') },
        });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
