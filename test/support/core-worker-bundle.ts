// The core's worker script for tests that run from source: bundled once per process with esbuild
// (as the build does with rolldown), into out/ inside the checkout so its bare imports resolve
// to the project's node_modules. Native modules stay outside the bundle.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let bundled: Promise<string> | null = null;

export function coreWorkerBundle(): Promise<string> {
  bundled ??= (async () => {
    const dir = join(ROOT, 'out', 'test-core-thread');
    mkdirSync(dir, { recursive: true });
    const outfile = join(dir, `core-worker-${process.pid}.mjs`);
    await build({
      entryPoints: [join(ROOT, 'src-main', 'core-thread', 'worker.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outfile,
      logLevel: 'warning',
    });
    return outfile;
  })();
  return bundled;
}
