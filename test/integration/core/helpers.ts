// Test helpers for the core suites: a temp data dir, a tiny in-memory SecretStore, an event
// recorder that lets a test wait for an event instead of sleeping, and a typed invoke.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { BridgeEvent, CommandName, CommandPayload, CommandResult } from '@preload/bridge';
import { createAppCore, type AppCoreOptions } from '../../../src-main/core/app/create-app-core';
import type { AppCore, Clock, SecretStore } from '../../../src-main/core/ports';
import { startSandbox, type SandboxHandle } from '../../server/index';

export class MemorySecrets implements SecretStore {
  readonly kind = 'memory' as const;
  readonly values = new Map<string, string>();
  get(account: string) {
    return Promise.resolve(this.values.get(account) ?? null);
  }
  set(account: string, secret: string) {
    this.values.set(account, secret);
    return Promise.resolve();
  }
  delete(account: string) {
    this.values.delete(account);
    return Promise.resolve();
  }
}

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  constructor(private time = new Date('2030-01-01T09:00:00.000Z')) {}
  now() {
    return new Date(this.time);
  }
  set(date: Date) {
    this.time = new Date(date);
  }
  advance(ms: number) {
    this.time = new Date(this.time.getTime() + ms);
  }
}

export function tempDir(prefix = 'outpost-core-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface TestCore {
  core: AppCore;
  dir: string;
  secrets: MemorySecrets;
  events: BridgeEvent[];
  call<C extends CommandName>(command: C, payload: CommandPayload<C>): Promise<CommandResult<C>>;
  /** Resolves with the first event (already seen or still to come) matching `match`. */
  waitFor(match: (e: BridgeEvent) => boolean): Promise<BridgeEvent>;
  close(): Promise<void>;
}

export async function openCore(options: Partial<AppCoreOptions> & { dir?: string } = {}): Promise<TestCore> {
  const temp = options.dir ? null : tempDir();
  const dir = options.dir ?? temp!.dir;
  const secrets = (options.secrets as MemorySecrets | undefined) ?? new MemorySecrets();
  const core = await createAppCore({
    host: 'cli',
    version: 'test',
    syncIntervalMs: false,
    syncAfterChangeMs: false,
    random: () => 0.5,
    ...options,
    dataDir: dir,
    secrets,
  });
  const events: BridgeEvent[] = [];
  const waiters: Array<{ match: (e: BridgeEvent) => boolean; resolve: (e: BridgeEvent) => void }> = [];
  core.subscribe((e) => {
    events.push(e);
    for (const w of [...waiters]) {
      if (w.match(e)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(e);
      }
    }
  });
  return {
    core,
    dir,
    secrets,
    events,
    async call(command, payload) {
      const result = await core.invoke(command, payload);
      if (!result.ok) throw new Error(`${command} failed: ${result.error.code}: ${result.error.message}`);
      return result.value;
    },
    waitFor(match) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    async close() {
      await core.close(1_000);
      temp?.remove();
    },
  };
}

/** A core connected to its own sandbox, both on a manual clock, and synced once. */
export interface ConnectedCore {
  c: TestCore;
  s: SandboxHandle;
  workspace: string;
}

/**
 * For a file whose tests each want a connected core on a clock from `start`: call it at the top
 * level; each test calls the answer for its own, and both are closed after the test.
 */
export function connectedCores(start: Date): () => Promise<ConnectedCore> {
  let sandbox: SandboxHandle | null = null;
  let core: TestCore | null = null;
  afterEach(async () => {
    await core?.close();
    await sandbox?.close();
    core = null;
    sandbox = null;
  });
  return async () => {
    sandbox = await startSandbox({ manualClock: true, startTime: start });
    core = await openCore({ clock: new ManualClock(start) });
    await core.call('settings.connect', {
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      authHeader: 'bearer',
    });
    await core.core.syncNow('user');
    return { c: core, s: sandbox, workspace: sandbox.fixtures.workspace };
  };
}
