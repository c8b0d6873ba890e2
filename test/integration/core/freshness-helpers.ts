// What the freshness tests share: a core on virtual time with the production light-sync interval,
// connected to a sandbox and counting its requests; moving time to the interval's next tick and
// waiting for the sync it starts (an event, never a sleep); writing as the sandbox's colleague.
import { expect } from 'vitest';
import type { SyncStatus } from '@preload/bridge';
import type { AppCoreOptions } from '../../../src-main/core/app/create-app-core';
import { DEFAULT_SYNC_INTERVAL_MS } from '../../../src-main/core/app/create-app-core';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../server/index';
import { VirtualTime } from '../../support/virtual-time';
import { openCore, type TestCore } from './helpers';

export interface Fresh {
  s: SandboxHandle;
  c: TestCore;
  time: VirtualTime;
  /** Requests the core sent, as "METHOD path". */
  requests: string[];
}

/** What a test opened, closed after it by `closeFresh`. */
const opened: Array<{ s: SandboxHandle; c: TestCore | null }> = [];

export async function closeFresh(): Promise<void> {
  for (const { s, c } of opened.splice(0)) {
    await c?.close();
    await s.close();
  }
}

/**
 * A sandbox and a core connected to it after one full sync. `prepare` runs on the sandbox before
 * the core connects (a colleague's setup the first pull should see).
 */
export async function connected(
  options: SandboxOptions = {},
  more: { prepare?: (s: SandboxHandle) => Promise<void>; core?: Partial<AppCoreOptions> } = {},
): Promise<Fresh> {
  const s = await startSandbox(options);
  const entry: { s: SandboxHandle; c: TestCore | null } = { s, c: null };
  opened.push(entry);
  await more.prepare?.(s);
  const requests: string[] = [];
  const counting: typeof fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    requests.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    return fetch(input, init);
  };
  const time = new VirtualTime(new Date());
  const c = await openCore({
    clock: time,
    scheduler: time,
    syncIntervalMs: DEFAULT_SYNC_INTERVAL_MS,
    fetch: counting,
    ...more.core,
  });
  entry.c = c;
  await c.call('settings.connect', { baseUrl: s.baseUrl, token: s.token, authHeader: 'bearer' });
  await c.core.syncNow('user');
  return { s, c, time, requests };
}

/** Moves time by `ms` and answers the status the sync started on the way ends with, and its trigger. */
export async function syncAfter(
  { c, time }: Fresh,
  ms: number,
): Promise<{ status: SyncStatus; trigger?: string }> {
  c.events.length = 0;
  let started = false;
  const ended = c.waitFor((e) => {
    if (e.name !== 'syncStatus') return false;
    if (e.data.phase === 'syncing') started = true;
    return started && e.data.phase !== 'syncing';
  });
  time.advance(ms);
  const event = await ended;
  const log = await c.call('sync.log', { limit: 50 });
  return { status: event.data as SyncStatus, trigger: log.find((e) => e.action === 'sync_start')?.reason };
}

/** Moves time to the periodic timer's next tick and answers the status its sync ends with. */
export async function nextIntervalSync(f: Fresh): Promise<SyncStatus> {
  const { status, trigger } = await syncAfter(f, DEFAULT_SYNC_INTERVAL_MS);
  // The sync was the interval's own: nothing was pressed.
  expect(trigger).toBe('interval');
  return status;
}

/** A request as the sandbox's second member, with a token of their own. */
export async function asColleague(
  s: SandboxHandle,
  method: string,
  path: string,
  body: unknown,
): Promise<{ id: string }> {
  const answer = await fetch(`${s.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.otherToken}` },
    body: JSON.stringify(body),
  });
  expect(answer.ok).toBe(true);
  return (await answer.json()) as { id: string };
}
