// The browser host as the bench starts it: a child process whose one line on standard output
// (`OUTPOST url=...`) is its address; if it exits first, its last words on standard error say why.
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

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
