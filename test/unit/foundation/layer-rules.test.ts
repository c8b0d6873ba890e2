// The layer rules (docs/architecture.md, "The parts") are ESLint errors: these tests lint small
// files placed in each layer and expect the violation to be reported.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The project's own config, minus type-aware parsing: these files exist only in memory.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: [tseslint.configs.disableTypeChecked] });

async function restrictedImportErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports' && message.severity === 2)
    .map((message) => message.message);
}

// The first lint loads the project's config (TypeScript, Svelte): seconds on a busy machine.
describe('layer rules: what each part of the house may import', { timeout: 30_000 }, () => {
  it('a file under src-main/core that imports electron is an error', async () => {
    const errors = await restrictedImportErrors(
      'src-main/core/store/violating.ts',
      "import { app } from 'electron';\nexport const name = app.getName();\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('src-main/core runs in plain Node');
  });

  it('the core may import Node modules and its own code', async () => {
    const errors = await restrictedImportErrors(
      'src-main/core/store/fine.ts',
      "import { join } from 'node:path';\nimport { defaultDataDir } from '../paths';\nexport const file = join(defaultDataDir(), 'x');\n",
    );
    expect(errors).toEqual([]);
  });

  it('the renderer may import neither node:*, electron nor src-main', async () => {
    const errors = await restrictedImportErrors(
      'src-renderer/src/lib/violating.ts',
      [
        "import { readFileSync } from 'node:fs';",
        "import { ipcRenderer } from 'electron';",
        "import { defaultDataDir } from '../../../src-main/core/paths';",
        'export const all = [readFileSync, ipcRenderer, defaultDataDir];',
        '',
      ].join('\n'),
    );
    expect(errors).toHaveLength(3);
  });

  it('the preload imports only electron and its own types', async () => {
    const errors = await restrictedImportErrors(
      'src-preload/violating.ts',
      "import { defaultDataDir } from '../src-main/core/paths';\nexport const dir = defaultDataDir;\n",
    );
    expect(errors).toHaveLength(1);
  });
});
