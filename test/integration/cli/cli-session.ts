// One built CLI, one sandbox and one data folder for a test file, and the CLI run against them
// as a script would run it, with the sandbox's token in OUTPOST_TOKEN.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { buildCli, runCli, type Run } from './run-cli';

export interface CliSession {
  /** The file's sandbox (started in beforeAll). */
  readonly sandbox: SandboxHandle;
  outpost: (...args: string[]) => Promise<Run>;
  /** Runs a command that must succeed with nothing on standard error; answers its output, trimmed. */
  ok: (...args: string[]) => Promise<string>;
}

export function useCliSession(name: string): CliSession {
  let cli = '';
  let dataDir = '';
  let sandbox: SandboxHandle | undefined;

  beforeAll(async () => {
    cli = await buildCli(name);
    sandbox = await startSandbox();
    dataDir = mkdtempSync(join(tmpdir(), `outpost-cli-${name}-`));
  });

  afterAll(async () => {
    await sandbox?.close();
    for (const path of [dataDir, cli]) if (path) rmSync(path, { recursive: true, force: true });
  });

  const session: CliSession = {
    get sandbox(): SandboxHandle {
      if (!sandbox) throw new Error('The sandbox starts in beforeAll.');
      return sandbox;
    },
    outpost: (...args) =>
      runCli(cli, ['--data-dir', dataDir, ...args], { OUTPOST_TOKEN: session.sandbox.token }),
    ok: async (...args) => {
      const run = await session.outpost(...args);
      expect(run.stderr + (run.code === 0 ? '' : ` (exit ${run.code})`)).toBe('');
      return run.stdout.trim();
    },
  };
  return session;
}
