// The core's worker script for tests that run from source: bundled once per process with esbuild
// (as the build does with rolldown), into out/ inside the checkout so its bare imports resolve
// to the project's node_modules. Native modules stay outside the bundle.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let bundled: Promise<string> | null = null;

export function coreWorkerBundle(): Promise<string> {
  bundled ??= (async () => {
    // A folder per process: the core's worker finds the wire's beside it (worker.ts).
    const dir = join(ROOT, 'out', 'test-core-thread', String(process.pid));
    mkdirSync(dir, { recursive: true });
    const thread = (name: string): string => join(ROOT, 'src-main', 'core-thread', `${name}.ts`);
    await build({
      entryPoints: {
        'core-worker': thread('worker'),
        'wire-worker': thread('wire-worker'),
        'check-worker': thread('check-worker'),
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      logLevel: 'warning',
    });
    return join(dir, 'core-worker.mjs');
  })();
  return bundled;
}

/** The wire's worker, bundled beside the core's (the core's thread starts it from there). */
export async function wireWorkerBundle(): Promise<string> {
  return join(dirname(await coreWorkerBundle()), 'wire-worker.mjs');
}

/** The early check's worker, bundled beside the core's (the core's thread starts it from there). */
export async function checkWorkerBundle(): Promise<string> {
  return join(dirname(await coreWorkerBundle()), 'check-worker.mjs');
}
