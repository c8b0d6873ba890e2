// The browser host and the Chromium window as the bench starts them: the built host program
// (out/main/browser-host.js) as a child process whose one line on standard output
// (`OUTPOST url=...`) is its address (if it exits first, its last words on standard error say
// why), and Debian's Chromium, headless.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

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

/**
 * Chromium as a window runs: frames at the display's rate. `unthrottled` takes the frame-rate
 * limit and vsync off, so that a frame's time is the work it took rather than the display's
 * 16.7 ms: only frame times are measured so. Unthrottled, Chromium draws as many frames as it
 * can while a page loads, and on two cores that work took the core's share of the CPU:
 * start-up measured 0.3 s slower than with the limit (median first row 1.34 s against 1.04 s,
 * 12 start-ups each, taking turns).
 */
export function launchChromium(unthrottled = false): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...(unthrottled ? ['--disable-frame-rate-limit', '--disable-gpu-vsync'] : []),
    ],
  });
}
