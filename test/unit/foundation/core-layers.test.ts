// The core is layered one way (eslint-rules/core-layers.js): ESLint fails an import that runs
// back up, and the whole import graph of src-main/core is checked here against the same table,
// with no circle among its layers.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { CORE_LAYERS, layerOf, layerViolation } from '../../../eslint-rules/core-layers.js';

const ROOT = join(import.meta.dirname, '../../..');
const CORE = join(ROOT, 'src-main/core');

// The project's own config, minus type-aware parsing: the fixtures exist only in memory.
const eslint = new ESLint({ cwd: ROOT, overrideConfig: [tseslint.configs.disableTypeChecked] });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'outpost/core-layers' && m.severity === 2)
    .map((m) => m.message);
}

function coreFiles(dir = CORE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? coreFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Every module specifier a file names: imports, re-exports and dynamic imports. */
function specifiers(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
}

describe('the layer rule (ESLint)', () => {
  // The first to run pays for ESLint's start, which a loaded machine makes slow.
  it(
    'fails an import that runs back up: the store reaching into the outbox',
    { timeout: 30_000 },
    async () => {
      const errors = await layerErrors(
        'src-main/core/store/violating.ts',
        "import { transition } from '../outbox/op-machine';\nexport const t = transition;\n",
      );
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('The store layer may not import from outbox');
    },
  );

  it('fails the outbox reaching into the sync engine, from a subfolder and as a re-export too', async () => {
    const errors = await layerErrors(
      'src-main/core/outbox/runners/violating.ts',
      "import { SyncEngine } from '../../sync/engine';\nexport { planSync } from '../../sync/plan';\nexport const e = SyncEngine;\n",
    );
    expect(errors).toHaveLength(2);
  });

  it('fails the domain importing the outbox, and the core importing the shell around it', async () => {
    expect(
      await layerErrors(
        'src-main/core/domain/violating.ts',
        "export { enqueue } from '../outbox/op-store';\n",
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors('src-main/core/app/violating.ts', "export { runCli } from '../../cli';\n"),
    ).toEqual(['src-main/core never imports the shell, the hosts or the CLI around it.']);
  });

  it('fails a module placed in no layer', async () => {
    const errors = await layerErrors('src-main/core/stray.ts', "export { groupBy } from './collections';\n");
    expect(errors[0]).toContain('in no layer');
  });

  it('lets a layer import its own and the layers below it', async () => {
    const errors = await layerErrors(
      'src-main/core/outbox/fine.ts',
      [
        "import { inTransaction } from '../store/unit-of-work';",
        "import { isPublished } from '../domain/service-state';",
        "import { isServiceError } from '../api/errors';",
        "import { groupBy } from '../collections';",
        "import { transition } from './op-machine';",
        "import type { BridgeEvent } from '@preload/bridge';",
        'export const all = [inTransaction, isPublished, isServiceError, groupBy, transition];',
        'export type E = BridgeEvent;',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });
});

describe('the import graph of src-main/core', () => {
  const files = coreFiles();

  it('places every module in a layer', () => {
    const unplaced = files.filter((f) => layerOf(f) === undefined).map((f) => relative(ROOT, f));
    expect(unplaced).toEqual([]);
    expect(files.length).toBeGreaterThan(50);
  });

  it('has no import that runs back up', () => {
    const upward = files.flatMap((f) =>
      specifiers(f).flatMap((s) => {
        const why = layerViolation(f, s);
        return why === null ? [] : [`${relative(ROOT, f)} -> ${s}: ${why}`];
      }),
    );
    expect(upward).toEqual([]);
  });

  it('has no circle among its layers', () => {
    const edges = new Map<string, Set<string>>(CORE_LAYERS.map((l) => [l.name, new Set<string>()]));
    for (const f of files)
      for (const s of specifiers(f)) {
        if (!s.startsWith('.')) continue;
        const from = layerOf(f);
        const to = layerOf(join(f, '..', s));
        if (from && to && from !== to) edges.get(from)?.add(to);
      }
    // Depth-first search for a back edge: a layer met again while its own imports are being walked.
    const state = new Map<string, 'walking' | 'done'>();
    const circles: string[] = [];
    const walk = (layer: string, path: string[]): void => {
      if (state.get(layer) === 'done') return;
      if (state.get(layer) === 'walking') {
        circles.push([...path.slice(path.indexOf(layer)), layer].join(' -> '));
        return;
      }
      state.set(layer, 'walking');
      for (const next of edges.get(layer) ?? []) walk(next, [...path, layer]);
      state.set(layer, 'done');
    };
    for (const layer of edges.keys()) walk(layer, []);
    expect(circles).toEqual([]);
    // The arrows that ran back up before: the outbox and the store no longer reach the sync.
    expect([...(edges.get('outbox') ?? [])]).not.toContain('sync');
    expect([...(edges.get('store') ?? [])]).not.toContain('outbox');
    expect([...(edges.get('sync') ?? [])]).toContain('outbox');
  });
});
