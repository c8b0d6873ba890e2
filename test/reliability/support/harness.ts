// Opening a real core (real SQLite file in a temp dir, real HTTP to the sandbox) and connecting
// it the way the window does, plus the summary line every suite ends with.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BridgeEvent } from '@preload/bridge';
import { validateBaseUrl } from '../../../src-main/core/api/client';
import { createAppCore, type AppCoreOptions } from '../../../src-main/core/app/create-app-core';
import type { AppCore } from '../../../src-main/core/ports';
import { MemorySecretStore } from '../../../src-main/core/secrets/memory-store';
import type { LeakProbe } from './leaks';

export function tempDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `outpost-rel-${name}-`));
}

export interface OpenedCore {
  core: AppCore;
  secrets: MemorySecretStore;
  events: number;
}

/**
 * A core whose every answer and event passes through the leak probe (what the renderer would
 * hold), as the window would receive them.
 */
export async function openCore(
  options: Omit<AppCoreOptions, 'secrets' | 'host' | 'version'> & { secrets?: MemorySecretStore },
  probe: LeakProbe,
): Promise<OpenedCore> {
  const secrets = options.secrets ?? new MemorySecretStore();
  const inner = await createAppCore({
    syncIntervalMs: false,
    syncAfterChangeMs: false,
    ...options,
    secrets,
    host: 'cli',
    version: 'reliability',
  });
  const opened: OpenedCore = { core: inner, secrets, events: 0 };
  inner.subscribe((event: BridgeEvent) => {
    opened.events += 1;
    probe.check(`event ${event.name}`, event);
  });
  opened.core = {
    invoke: async (command, payload) => {
      const result = await inner.invoke(command, payload);
      probe.check(`invoke ${command}`, result);
      return result;
    },
    subscribe: (listener) => inner.subscribe(listener),
    syncNow: async (reason) => {
      const status = await inner.syncNow(reason);
      probe.check('syncNow status', status);
      return status;
    },
    setOnline: (online) => inner.setOnline(online),
    status: () => inner.status(),
    close: (graceMs) => inner.close(graceMs),
  };
  return opened;
}

/** Connects and selects the workspace through the bridge commands, as Settings does. */
export async function connect(
  core: AppCore,
  baseUrl: string,
  token: string,
  workspace: string,
): Promise<void> {
  const connected = await core.invoke('settings.connect', { baseUrl, token, authHeader: 'bearer' });
  if (!connected.ok) throw new Error(`settings.connect failed: ${connected.error.message}`);
  const selected = await core.invoke('workspaces.select', { slug: workspace });
  if (!selected.ok) throw new Error(`workspaces.select failed: ${selected.error.message}`);
}

/** A core reopened on an existing data dir needs the token in its (memory) keychain again. */
export async function rememberToken(
  secrets: MemorySecretStore,
  baseUrl: string,
  token: string,
): Promise<void> {
  await secrets.set(validateBaseUrl(baseUrl), token);
}

export interface SummaryFigures {
  faultsInjected: number;
  crashes: number;
  duplicates: number;
  lost: number;
  doublePublishes: number;
  leaks: number;
  /** Local items linked to a service record other than the one made for them (suites that check links). */
  wrongLinks?: number;
}

/** The one line each suite ends with; the numbers are the run's real counts. */
export function summaryLine(suite: string, f: SummaryFigures): string {
  return (
    `${suite}: faults injected ${f.faultsInjected}, crashes ${f.crashes}, duplicates ${f.duplicates}, ` +
    `lost ${f.lost}, ${f.wrongLinks === undefined ? '' : `wrong links ${f.wrongLinks}, `}` +
    `double publishes ${f.doublePublishes}, leaks ${f.leaks}`
  );
}
