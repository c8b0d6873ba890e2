// Runs a file of the bench in a fresh Node process (TypeScript through tsx) and returns the
// one message it sends back. `nodeFlags` go to that process's Node and V8 (the flags the
// app's own processes start with, or trials of others).
import { fork } from 'node:child_process';

export async function runChild<T>(
  file: string,
  env: Record<string, string>,
  nodeFlags: readonly string[] = [],
): Promise<T> {
  const child = fork(file, [], {
    execArgv: [...(file.endsWith('.ts') ? ['--import', 'tsx'] : []), ...nodeFlags],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<T>((resolve, reject) => {
    let answered = false;
    child.once('message', (message: { ok: boolean; result?: T; error?: string }) => {
      answered = true;
      if (message.ok) resolve(message.result as T);
      else reject(new Error(`${file}: ${message.error}`));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`${file} exited with code ${code} before answering`));
    });
  });
}

/** The message a child sends when its run failed (read by runChild above). */
export function failureMessage(error: unknown): { ok: false; error: string } {
  return { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

/**
 * The child's side of runChild: runs `work`, sends its result or its failure, and lets the
 * process end. The core's own timers are unref'd; an interval keeps the process up until the
 * answer is sent.
 */
export async function answerParent(work: () => Promise<unknown>): Promise<void> {
  const keepAlive = setInterval(() => undefined, 1_000);
  try {
    process.send?.({ ok: true, result: await work() });
  } catch (error) {
    process.send?.(failureMessage(error));
  }
  clearInterval(keepAlive);
  process.disconnect?.();
}
