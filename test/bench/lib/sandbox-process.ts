// Starts test/bench/lib/sandbox-child.ts as a child process and talks to it over IPC.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface SandboxProcess {
  baseUrl: string;
  token: string;
  pid: number;
  /** Requests served since the last reset; CPU time of the service process since it started. */
  stats(): Promise<{ requests: number; byRoute: Record<string, number>; cpuMs: number }>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./sandbox-child.ts', import.meta.url));

export async function startSandboxProcess(dataFile: string): Promise<SandboxProcess> {
  const child: ChildProcess = fork(CHILD, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_SANDBOX_DATA: dataFile },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const waiting = new Map<number, (body: Record<string, unknown>) => void>();
  const ready = new Promise<{ baseUrl: string; token: string }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`sandbox process exited early (code ${code})`)));
    child.on('message', (message: { id: number } & Record<string, unknown>) => {
      if (message.id === 0) resolve({ baseUrl: String(message.baseUrl), token: String(message.token) });
      else waiting.get(message.id)?.(message);
    });
  });
  const { baseUrl, token } = await ready;
  child.removeAllListeners('exit');

  const ask = (type: 'stats' | 'reset' | 'close'): Promise<Record<string, unknown>> =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, (body) => {
        waiting.delete(id);
        resolve(body);
      });
      child.send({ id, type });
    });

  return {
    baseUrl,
    token,
    pid: child.pid ?? -1,
    stats: async () => {
      const body = await ask('stats');
      return {
        requests: Number(body.requests),
        byRoute: body.byRoute as Record<string, number>,
        cpuMs: Number(body.cpuMs),
      };
    },
    reset: async () => {
      await ask('reset');
    },
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      await ask('close');
      await exited;
    },
  };
}
