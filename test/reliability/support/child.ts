// The crash worker as a child process: built once, started with the run's environment, and
// SIGKILLed at a chosen moment. Its whole stdout and stderr are kept for the leak scan.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './harness';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');
const WORKER = join(ROOT, 'test', 'reliability', 'crash-worker.ts');
/** The child of the typing crash run: types through the core as a person would. */
export const TYPING_WORKER = join(ROOT, 'test', 'reliability', 'typing-worker.ts');

export interface WorkerCommand {
  args: string[];
  env: NodeJS.ProcessEnv;
}

/**
 * The worker bundled once with esbuild (what tsx uses underneath) starts in under a second
 * instead of several, which is what makes 50 lives affordable on two cores. Native modules stay
 * outside the bundle and resolve from the project's node_modules. Without esbuild: tsx.
 */
export async function workerCommand(worker = WORKER): Promise<WorkerCommand> {
  try {
    const esbuild = await import('esbuild');
    const outfile = join(tempDir('worker'), 'worker.cjs');
    await esbuild.build({
      entryPoints: [worker],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      outfile,
      external: ['better-sqlite3', 'keytar'],
      logLevel: 'warning',
    });
    return { args: [outfile], env: { NODE_PATH: join(ROOT, 'node_modules') } };
  } catch {
    return { args: ['--import', 'tsx', worker], env: {} };
  }
}

export interface ChildLife {
  killed: boolean;
  /** When the kill was sent (Date.now()), if it was. */
  killedAt: number | null;
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: Buffer;
  lines: string[];
}

/** Starts the worker; kills it `delayMs` after `from` ('spawn' or its READY line). */
export function runChild(
  args: string[],
  env: NodeJS.ProcessEnv,
  from: 'spawn' | 'ready',
  delayMs: number,
  onLine: (line: string) => void,
): Promise<ChildLife> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const life: ChildLife = {
      killed: false,
      killedAt: null,
      code: null,
      signal: null,
      stdout: Buffer.alloc(0),
      stderr: Buffer.alloc(0),
      lines: [],
    };
    let pending = '';
    let timer: NodeJS.Timeout | null = null;
    const arm = () => {
      timer ??= setTimeout(() => {
        life.killedAt = Date.now();
        life.killed = child.kill('SIGKILL');
      }, delayMs);
    };
    if (from === 'spawn') arm();
    child.stdout.on('data', (chunk: Buffer) => {
      life.stdout = Buffer.concat([life.stdout, chunk]);
      pending += chunk.toString('utf8');
      let i: number;
      while ((i = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, i);
        pending = pending.slice(i + 1);
        life.lines.push(line);
        onLine(line);
        if (line === 'READY') arm();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      life.stderr = Buffer.concat([life.stderr, chunk]);
    });
    // A child that never gets READY (a broken build) must not hang the suite.
    const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      clearTimeout(guard);
      life.code = code;
      life.signal = signal;
      resolve(life);
    });
  });
}
