// Bundles a bench entry (and the core it imports) into one plain JavaScript file, the way the
// app ships, so measured processes run without tsx's loader thread inflating their memory.
// esbuild comes with tsx (a dev dependency); packages stay external and resolve from the repo.
import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const BENCH_OUT = join(ROOT, 'out', 'bench');

/** `outName` tells apart bundles of one entry from different sources (trial.ts's `src=`). */
export async function bundleEntry(entry: string, outName?: string): Promise<string> {
  mkdirSync(BENCH_OUT, { recursive: true });
  const outfile = join(BENCH_OUT, outName ?? basename(entry).replace(/\.ts$/, '.mjs'));
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: false,
    logLevel: 'warning',
  });
  return outfile;
}
