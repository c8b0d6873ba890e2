// Runs the `outpost` CLI as a child process, as a script would. The CLI is bundled once from
// the current source, as the build bundles it (electron.vite.config.ts): pure-JavaScript
// packages inside, so a command does not resolve and load their hundreds of modules (half of
// its start-up), the native ones (better-sqlite3, keytar) loaded as installed. A fresh tsx
// transform per command would cost seconds on a busy machine.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Packages with a compiled part, loaded from node_modules as installed; `electron` is never reached by the CLI. */
const NATIVE_PACKAGES = ['better-sqlite3', 'keytar', 'electron'];

export async function buildCli(name: string): Promise<string> {
  // Inside the checkout, so the bundle's bare imports resolve to its node_modules.
  const dir = join(root, 'node_modules', '.cache', 'outpost-cli-test');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, `${name}-${process.pid}.mjs`);
  await build({
    entryPoints: [join(root, 'src-main', 'cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: NATIVE_PACKAGES,
    // A bundled CommonJS package (papaparse) may call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as outpostRequire } from 'node:module'; const require = outpostRequire(import.meta.url);",
    },
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

/**
 * Runs one command. Unless `keychain` is set, the child never sees a D-Bus session, so no real
 * keychain is touched.
 */
export function runCli(
  cli: string,
  args: string[],
  env: Record<string, string | undefined> = {},
  input = '',
  keychain = false,
): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!keychain) delete childEnv.DBUS_SESSION_BUS_ADDRESS;
  delete childEnv.OUTPOST_DATA_DIR;
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: root, env: childEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input);
  });
}

export function jsonOf<T>(run: Run): T {
  const doc = JSON.parse(run.stdout) as { ok: boolean; value: T };
  return doc.value;
}
