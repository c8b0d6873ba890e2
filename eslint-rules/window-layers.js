// @ts-check
// The window (src-renderer/src) is layered one way, as the core is: its composition at the top
// (App.svelte, the entry and the table of views) imports the features, each feature imports
// `lib` and other features, and `lib` (the bridge, the window's state, shared helpers) imports
// neither. The table is the one source of the rule: the ESLint rule below applies it to every
// import, and test/unit/foundation/window-layers.test.ts checks the window's whole import graph.
import { dirname, resolve, sep } from 'node:path';

/**
 * Lowest first. `folder` holds a layer's modules; `files` places the few at the window's root.
 * @type {ReadonlyArray<{ name: string; may: readonly string[]; folder?: string; files?: readonly string[]; what: string }>}
 */
export const WINDOW_LAYERS = [
  {
    name: 'lib',
    folder: 'lib',
    may: [],
    what: 'the bridge, the window’s state and what every feature shares',
  },
  { name: 'features', folder: 'features', may: ['lib'], what: 'one folder per view or panel' },
  {
    name: 'window',
    files: ['main.ts', 'App.svelte', 'views.ts', 'app.css'],
    may: ['lib', 'features'],
    what: 'the entry, the window’s composition and its table of views',
  },
];

const WINDOW = `src-renderer${sep}src${sep}`;

/**
 * The layer of a path relative to the repository (or absolute): null when it lies outside
 * src-renderer/src, `undefined` when it is in the window but in no layer.
 * @param {string} path
 * @returns {string | null | undefined}
 */
export function windowLayerOf(path) {
  const at = path.indexOf(WINDOW);
  if (at === -1) return null;
  const inWindow = path.slice(at + WINDOW.length).split(sep);
  const [first = ''] = inWindow;
  // A specifier names a TypeScript module without its extension.
  const named = (/** @type {string} */ file) => file === first || file === `${first}.ts`;
  if (inWindow.length === 1) return WINDOW_LAYERS.find((l) => l.files?.some(named))?.name;
  return WINDOW_LAYERS.find((l) => l.folder === first)?.name;
}

/**
 * Why `importer` may not import `source` (a relative specifier), or null when it may.
 * @param {string} importer an absolute path
 * @param {string} source
 * @returns {string | null}
 */
export function windowLayerViolation(importer, source) {
  const from = windowLayerOf(importer);
  if (from === null || !source.startsWith('.')) return null;
  if (from === undefined)
    return 'This module is in no layer of the window: place it in lib/, features/ or the root (eslint-rules/window-layers.js).';
  const to = windowLayerOf(resolve(dirname(importer), source));
  // Outside the window: the bridge contract and the rules it shares (other lint rules keep the
  // window off the main process).
  if (to === null || to === undefined || to === from) return null;
  const layer = WINDOW_LAYERS.find((l) => l.name === from);
  if (layer?.may.includes(to)) return null;
  const below = ['its own', ...(layer?.may ?? [])].join(' and ');
  return `The window's ${from} may not import from ${to}: it imports only ${below} (what both need goes into lib).`;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Each layer of src-renderer imports only the layers below it.' },
    messages: { upward: '{{why}}' },
    schema: [],
  },
  create(context) {
    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const why = windowLayerViolation(context.filename, source.value);
      if (why !== null) context.report({ node: source, messageId: 'upward', data: { why } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'window-layers': rule } };
