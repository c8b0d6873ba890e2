// @ts-check
// src-main/core is layered one way: each layer imports only the layers below it (and itself),
// so no arrow runs back up and no circle forms. The table is the one source of the rule: the
// ESLint rule below applies it to every import, and test/unit/foundation/core-layers.test.ts
// checks the whole import graph against it.
import { dirname, relative, resolve, sep } from 'node:path';

/**
 * Lowest first. `files` places the few modules at the core's root; every other module lives
 * in the folder named after its layer.
 * @type {ReadonlyArray<{ name: string; may: readonly string[]; files?: readonly string[]; what: string }>}
 */
export const CORE_LAYERS = [
  {
    name: 'base',
    files: ['ports.ts', 'system-time.ts', 'paths.ts', 'collections.ts', 'give-way.ts', 'error-message.ts'],
    may: [],
    what: 'the ports (with the real clock and timers), the data folder and small helpers',
  },
  { name: 'api', may: ['base'], what: 'the service client' },
  { name: 'secrets', may: ['base', 'api'], what: 'where the token lives' },
  { name: 'store', may: ['base', 'api'], what: 'tables, repositories, the unit of work' },
  { name: 'domain', may: ['base', 'api', 'store'], what: 'pure rules about items' },
  { name: 'history', may: ['base', 'api', 'store', 'domain'], what: 'the versions of every text' },
  {
    name: 'outbox',
    may: ['base', 'api', 'store', 'domain', 'history'],
    what: 'the op machine and the push',
  },
  {
    name: 'sync',
    may: ['base', 'api', 'store', 'domain', 'history', 'outbox'],
    what: 'the engine, the pull',
  },
  {
    name: 'app',
    may: ['base', 'api', 'secrets', 'store', 'domain', 'history', 'outbox', 'sync'],
    what: 'the facade both hosts call',
  },
];

const CORE = `src-main${sep}core${sep}`;

/**
 * The layer of a path relative to the repository (or absolute): null when it lies outside
 * src-main/core, `undefined` when it is in the core but in no layer.
 * @param {string} path
 * @returns {string | null | undefined}
 */
export function layerOf(path) {
  const at = path.indexOf(CORE);
  if (at === -1) return null;
  const inCore = path.slice(at + CORE.length).split(sep);
  const [first = ''] = inCore;
  if (inCore.length === 1) return CORE_LAYERS.find((l) => l.files?.includes(first))?.name;
  return CORE_LAYERS.find((l) => l.name === first && l.files === undefined)?.name;
}

/**
 * Why `importer` may not import `source` (a relative specifier), or null when it may.
 * @param {string} importer an absolute path
 * @param {string} source
 * @returns {string | null}
 */
export function layerViolation(importer, source) {
  const from = layerOf(importer);
  if (from === null || !source.startsWith('.')) return null;
  if (from === undefined)
    return 'This module is in no layer of src-main/core: place it in one (eslint-rules/core-layers.js).';
  const target = resolve(dirname(importer), source);
  const to = layerOf(target);
  if (to === null) {
    const inMain = relative(resolve(importer.slice(0, importer.indexOf(CORE)), 'src-main'), target);
    return inMain.startsWith('..')
      ? null
      : 'src-main/core never imports the shell, the hosts or the CLI around it.';
  }
  if (to === undefined || to === from) return null;
  const layer = CORE_LAYERS.find((l) => l.name === from);
  if (layer?.may.includes(to)) return null;
  const below = layer?.may.length ? layer.may.join(', ') : 'nothing else of the core';
  return `The ${from} layer may not import from ${to}: it imports only ${below} (the core's layers import downwards).`;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Each layer of src-main/core imports only the layers below it.' },
    messages: { upward: '{{why}}' },
    schema: [],
  },
  create(context) {
    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const why = layerViolation(context.filename, source.value);
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

export default { rules: { 'core-layers': rule } };
