// The window is layered one way (eslint-rules/window-layers.js): ESLint fails an import that
// runs back up, and the whole import graph of src-renderer/src, Svelte components included, is
// checked here against the same table.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { windowLayerOf, windowLayerViolation } from '../../../eslint-rules/window-layers.js';

const ROOT = join(import.meta.dirname, '../../..');
const WINDOW = join(ROOT, 'src-renderer/src');

// The project's own config, minus type-aware parsing: the fixtures exist only in memory.
const eslint = new ESLint({ cwd: ROOT, overrideConfig: [tseslint.configs.disableTypeChecked] });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'outpost/window-layers' && m.severity === 2)
    .map((m) => m.message);
}

function windowFiles(dir = WINDOW): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? windowFiles(join(dir, entry.name))
      : /\.(ts|svelte)$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Every module specifier a file names: imports, re-exports and dynamic imports (a component's from its scripts). */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const code = file.endsWith('.svelte')
    ? [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')
    : text;
  return ts.preProcessFile(code, true, true).importedFiles.map((f) => f.fileName);
}

// The first lint loads the project's config (TypeScript, Svelte): seconds on a busy machine.
describe('the window’s layer rule (ESLint)', { timeout: 30_000 }, () => {
  it('fails lib importing a feature, statically, dynamically and as a re-export', async () => {
    const errors = await layerErrors(
      'src-renderer/src/lib/state/violating.ts',
      [
        "import { sortName } from '../../features/posts/find-words';",
        "export { splitAtUrl } from '../../features/sync/Toast.svelte';",
        "export const load = () => import('../../features/queue/Queue.svelte');",
        'export const s = sortName;',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain("The window's lib may not import from features");
  });

  it('fails a component in lib importing a feature, and a feature importing the window’s composition', async () => {
    expect(
      await layerErrors(
        'src-renderer/src/lib/Violating.svelte',
        '<script lang="ts">\n  import StateBadge from \'../features/posts/StateBadge.svelte\';\n</script>\n\n<StateBadge state="draft" text="Draft" />\n',
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'src-renderer/src/features/queue/violating.ts',
        "export { views } from '../../views';\n",
      ),
    ).toEqual([
      "The window's features may not import from window: it imports only its own and lib (what both need goes into lib).",
    ]);
  });

  it('fails a module placed in no layer', async () => {
    const errors = await layerErrors(
      'src-renderer/src/stray.ts',
      "export { lazy } from './lib/lazy-views';\n",
    );
    expect(errors[0]).toContain('in no layer');
  });

  it('lets a feature import lib, another feature and the bridge contract, and the window import all', async () => {
    expect(
      await layerErrors(
        'src-renderer/src/features/editor/fine.ts',
        [
          "import { invoke } from '../../lib/bridge';",
          "import { historyPart } from '../history/history-part';",
          "import type { VariantView } from '@preload/bridge';",
          'export const all = [invoke, historyPart];',
          'export type V = VariantView;',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        'src-renderer/src/views.ts',
        "export { historyPart } from './features/history/history-part';\nexport { lazy } from './lib/lazy-views';\n",
      ),
    ).toEqual([]);
  });
});

describe('the import graph of src-renderer/src', () => {
  const files = windowFiles();

  it('places every module in a layer', () => {
    const unplaced = files.filter((f) => windowLayerOf(f) === undefined).map((f) => relative(ROOT, f));
    expect(unplaced).toEqual([]);
    expect(files.filter((f) => f.endsWith('.svelte')).length).toBeGreaterThan(40);
  });

  it('has no import that runs back up: lib imports no feature, no feature the window', () => {
    const upward = files.flatMap((f) =>
      specifiers(f).flatMap((s) => {
        const why = windowLayerViolation(f, s);
        return why === null ? [] : [`${relative(ROOT, f)} -> ${s}: ${why}`];
      }),
    );
    expect(upward).toEqual([]);
  });

  it('reads the imports of components too', () => {
    // The editor's frame loads the History panel's part: a feature importing a feature.
    const editor = files.find((f) => f.endsWith('features/editor/Editor.svelte'))!;
    expect(specifiers(editor)).toContain('../history/history-part');
  });
});
