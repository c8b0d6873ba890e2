// The window's units stay short enough to hold in one's head: ESLint fails a module or a
// component over 400 lines and a function over 80, in src-renderer.
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

// The first lint loads the project's config (TypeScript, Svelte): seconds on a busy machine.
describe('short units in the window', { timeout: 30_000 }, () => {
  it('fails a function over 80 lines, and lets one of 80 be', async () => {
    const long = `export function long(): number {\n  let total = 0;\n${statements(77)}\n  return total;\n}\n`;
    expect(await sizeErrors('src-renderer/src/lib/long.ts', long)).toEqual([
      "max-lines-per-function: Function 'long' has too many lines (81). Maximum allowed is 80.",
    ]);
    const fine = `export function fine(): number {\n  let total = 0;\n${statements(76)}\n  return total;\n}\n`;
    expect(await sizeErrors('src-renderer/src/lib/fine.ts', fine)).toEqual([]);
  });

  it('fails a module over 400 lines, a component too', async () => {
    const lines = Array.from({ length: 401 }, (_, i) => `export const line${i} = ${i};`).join('\n');
    expect(await sizeErrors('src-renderer/src/lib/big.ts', `${lines}\n`)).toEqual([
      'max-lines: File has too many lines (401). Maximum allowed is 400.',
    ]);
    const markup = Array.from({ length: 400 }, (_, i) => `<p>Line ${i}</p>`).join('\n');
    const component = `<script lang="ts">\n  let { name }: { name: string } = $props();\n</script>\n\n<h1>{name}</h1>\n${markup}\n`;
    const errors = await sizeErrors('src-renderer/src/features/posts/Big.svelte', component);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^max-lines: File has too many lines \(\d+\)/);
  });
});
