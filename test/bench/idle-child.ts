// Idle cost: requests per minute while nothing changes, over simulated time, with the core's
// production defaults (its periodic sync interval and reconcile schedule). The core's clock and
// timers are virtual (test/support/virtual-time.ts): the bench jumps from one of its timers to
// the next and lets the requests it starts finish in real time. Nothing in the core is mocked.
import { setTimeout as sleep } from 'node:timers/promises';
import { VirtualTime } from '../support/virtual-time';
import { openBenchCore } from './lib/outpost-core';
import { answerParent } from './lib/fork';
import { applyV8MemorySettings } from '../../src-main/shared/v8-memory';

export interface IdleChildInput {
  /** Start with the app's V8 memory settings (src-main/shared/v8-memory.ts), as its hosts do; default true. */
  appV8?: boolean;
  baseUrl: string;
  token: string;
  dataDir: string;
  minutes: number;
  /**
   * What a window shows meanwhile: the first `rows` posts of the list and the next `rangeDays`
   * days of the calendar (sync.onScreen), so the sync re-reads them within its budget.
   */
  screen?: { workspace: string; rows: number; rangeDays: number };
}

export interface IdleChildResult {
  simulatedMinutes: number;
  requests: number;
  perMinute: number;
  /** Sync runs in the window (from the core's own sync log). */
  syncs: number;
  /** Of those, full pulls (each starts with the workspace list). */
  fullPulls: number;
  byRoute: Record<string, number>;
  /** Requests of the first sync after connecting (the whole pull), for scale. */
  firstSyncRequests: number;
}

// Flowing: between jumps real time passes as in the app, so a sync starts a moment after the
// timer that asked for it and the full-pull spacing falls as it does there.
const time = new VirtualTime(new Date(), { flowing: true });

async function untilQuiet(bench: Awaited<ReturnType<typeof openBenchCore>>): Promise<void> {
  let quietChecks = 0;
  while (quietChecks < 3) {
    await sleep(30);
    const busy = bench.inFlight() > 0 || bench.core.status().phase === 'syncing';
    quietChecks = busy ? 0 : quietChecks + 1;
  }
}

function routeOf(path: string): string {
  return path
    .replace(/\?.*$/, '')
    .replace(/\/workspaces\/[^/]+\//, '/workspaces/:slug/')
    .replace(/\/posts\/[^/]+\//, '/posts/:id/')
    .replace(/\/variants\/[^/]+\//, '/variants/:id/');
}

async function run(input: IdleChildInput): Promise<IdleChildResult> {
  if (input.appV8 !== false) applyV8MemorySettings();
  const bench = await openBenchCore({
    dataDir: input.dataDir,
    syncIntervalMs: 'default',
    clock: time,
    scheduler: time,
  });
  // The production default, not the bench's usual `false`: the periodic sync is what idles.
  await bench.call('settings.connect', { baseUrl: input.baseUrl, token: input.token, authHeader: 'bearer' });
  await bench.core.syncNow('user');
  await untilQuiet(bench);
  const firstSyncRequests = bench.requests.length;
  if (input.screen) {
    const posts = await bench.call<Array<{ id: string }>>('posts.list', {
      workspace: input.screen.workspace,
    });
    const from = time.now().getTime();
    await bench.call('sync.onScreen', {
      postIds: posts.slice(0, input.screen.rows).map((p) => p.id),
      ranges: [
        {
          from: new Date(from).toISOString(),
          to: new Date(from + input.screen.rangeDays * 86_400_000).toISOString(),
        },
      ],
    });
  }

  const start = time.now().getTime();
  const end = start + input.minutes * 60_000;
  const before = bench.requests.length;
  while (time.advanceToNext(end)) await untilQuiet(bench);
  time.advance(end - time.now().getTime());
  const window = bench.requests.slice(before);
  const byRoute: Record<string, number> = {};
  for (const r of window) {
    const key = `${r.method} ${routeOf(r.path)}`;
    byRoute[key] = (byRoute[key] ?? 0) + 1;
  }
  const fullPulls = window.filter((r) => r.method === 'GET' && r.path === '/api/workspaces/').length;
  const startIso = new Date(start).toISOString();
  const log = await bench.call<Array<{ at: string; action: string }>>('sync.log', { limit: 5000 });
  const syncs = log.filter((e) => e.action === 'sync_start' && e.at >= startIso).length;
  await bench.core.close(0);
  return {
    simulatedMinutes: input.minutes,
    requests: window.length,
    perMinute: window.length / input.minutes,
    syncs,
    fullPulls,
    byRoute,
    firstSyncRequests,
  };
}

const input = JSON.parse(process.env.BENCH_IDLE_INPUT ?? '{}') as IdleChildInput;
await answerParent(() => run(input));
