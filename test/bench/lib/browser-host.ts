// The browser host as the bench starts it: the built host program (out/main/browser-host.js) as
// a child process whose one line on standard output (`OUTPOST url=...`) is its address (if it
// exits first, its last words on standard error say why). Chromium comes from
// test/support/chromium.ts, as the end-to-end tests' does.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The address the host prints once it listens. */
export function hostUrl(child: ChildProcess): Promise<string> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  return new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      const match = /^OUTPOST url=(\S+)$/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) =>
      reject(new Error(`browser host exited (code ${code}): ${stderr.slice(-500)}`)),
    );
  });
}

/** Stops the host (SIGTERM) and waits for it to exit. */
export function stopHost(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface StartedHost {
  url: string;
  child: ChildProcess;
  close: () => Promise<void>;
}

/**
 * The built host on `dataDir`, Node started with `nodeFlags`. No token in its environment: it
 * starts as for a person whose keychain holds none (no network until Settings connects it).
 */
export async function startHost(dataDir: string, nodeFlags: readonly string[] = []): Promise<StartedHost> {
  const env = { ...process.env };
  delete env.OUTPOST_TOKEN;
  const child = spawn(
    process.execPath,
    [...nodeFlags, 'out/main/browser-host.js', '--port', '0', '--data-dir', dataDir],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return { url: await hostUrl(child), child, close: () => stopHost(child) };
}
