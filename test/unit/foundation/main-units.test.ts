// The main process and the shared contract keep their units as short as the window's: ESLint
// fails a module over 400 lines and a function over 80 in src-main and src-preload. Frozen
// migrations are the one exception: a schema written once and never edited after it ships.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The project's own config, minus type-aware parsing: these files exist only in memory.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: [tseslint.configs.disableTypeChecked] });

async function sizeErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => (m.ruleId === 'max-lines' || m.ruleId === 'max-lines-per-function') && m.severity === 2)
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const statements = (n: number): string => Array.from({ length: n }, (_, i) => `  total += ${i};`).join('\n');
const longFunction = `export function long(): number {\n  let total = 0;\n${statements(77)}\n  return total;\n}\n`;
const longModule = `${Array.from({ length: 401 }, (_, i) => `export const line${i} = ${i};`).join('\n')}\n`;

// The first lint loads the project's config (TypeScript, Svelte): seconds on a busy machine.
describe('short units in the main process and the contract', { timeout: 30_000 }, () => {
  it('fails a function over 80 lines in the core, a host and the contract', async () => {
    const error = "max-lines-per-function: Function 'long' has too many lines (81). Maximum allowed is 80.";
    expect(await sizeErrors('src-main/core/app/posts/long.ts', longFunction)).toEqual([error]);
    expect(await sizeErrors('src-main/browser-host/long.ts', longFunction)).toEqual([error]);
    expect(await sizeErrors('src-preload/contract/long.ts', longFunction)).toEqual([error]);
  });

  it('fails a module over 400 lines', async () => {
    expect(await sizeErrors('src-main/cli/big.ts', longModule)).toEqual([
      'max-lines: File has too many lines (401). Maximum allowed is 400.',
    ]);
  });

  it('lets a frozen migration be as long as its schema is', async () => {
    expect(await sizeErrors('src-main/core/store/migrations/0099-long.ts', longFunction)).toEqual([]);
    expect(await sizeErrors('src-main/core/store/migrations/0099-big.ts', longModule)).toEqual([]);
  });
});
