// Opens Outpost's real core for a benchmark: a temp data folder, an in-memory secret store
// (the keychain is not what is measured), no periodic timer unless asked, and a wrapper around
// the wire (the app's own: requests sent from a thread of their own) that counts and timestamps
// every request the core sends.
import type { CommandName, PostDetail } from '@preload/bridge';
import type { DraftSpec } from './bare-client';
import { fetchWire, type Wire } from '../../../src-main/core/api/wire';
import { defaultWireWorkerFile } from '../../../src-main/core-thread/thread-life';
import { ThreadWire } from '../../../src-main/core-thread/thread-wire';
import { createAppCore } from '../../../src-main/core/app/create-app-core';
import { MemorySecretStore } from '../../../src-main/core/secrets/memory-store';
import type { AppCore, Clock, Logger, Scheduler } from '../../../src-main/core/ports';

export interface RequestRecord {
  method: string;
  path: string;
  startedAt: number;
  endedAt: number;
}

export interface BenchCore {
  core: AppCore;
  /** Every request sent, in order (empty when opened with `recordRequests: false`). */
  requests: RequestRecord[];
  /** How many requests were sent, recorded or not. */
  sent(): number;
  /** The path of the request sent last ('' before the first). */
  lastPath(): string;
  inFlight(): number;
  /** Calls the command and throws when the envelope says it failed. */
  call<T = unknown>(command: string, payload?: unknown): Promise<T>;
}

const quiet: Logger = { info() {}, warn() {}, error() {} };

/**
 * The app's core on a data folder with no timers of its own and an in-memory secret store: the
 * benchmark says when anything syncs. Opened and closed at once, it makes a folder's schema
 * (the migrations, run exactly as the app runs them) for a bench that seeds the file directly.
 */
export function openQuietCore(dataDir: string): Promise<AppCore> {
  return createAppCore({
    dataDir,
    secrets: new MemorySecretStore(),
    host: 'cli',
    version: 'bench',
    syncIntervalMs: false,
    syncAfterChangeMs: false,
  });
}

export async function openBenchCore(options: {
  dataDir: string;
  /** `'default'`: the core's own production interval. Default: false (no timer). */
  syncIntervalMs?: number | false | 'default';
  concurrency?: number;
  clock?: Clock;
  scheduler?: Scheduler;
  /**
   * Default true. False counts the requests without keeping a record of each: a first pull of
   * 50,000 posts would otherwise keep 50,000 records alive in the process whose memory is
   * measured, which the app itself never does.
   */
  recordRequests?: boolean;
  /**
   * `'thread'` (default): requests go out on the wire's own thread, as in the app; `'here'`: on
   * this one (BENCH_WIRE=here sets it for a whole run, to measure what the wire's thread saves).
   */
  wire?: 'thread' | 'here';
}): Promise<BenchCore> {
  const requests: RequestRecord[] = [];
  const recordRequests = options.recordRequests ?? true;
  let sent = 0;
  let lastPath = '';
  let inFlight = 0;
  const send: Wire =
    (options.wire ?? process.env.BENCH_WIRE ?? 'thread') === 'thread'
      ? new ThreadWire(defaultWireWorkerFile()).send
      : fetchWire();
  const counting: Wire = async (request) => {
    const href = request.url;
    // Not `new URL()`: parsing 10,000 URLs is bench overhead the bare client does not pay.
    lastPath = href.slice(href.indexOf('/', href.indexOf('//') + 2));
    const record: RequestRecord = {
      method: request.method,
      path: lastPath,
      startedAt: performance.now(),
      endedAt: Number.NaN,
    };
    sent++;
    if (recordRequests) requests.push(record);
    inFlight++;
    try {
      return await send(request);
    } finally {
      inFlight--;
      record.endedAt = performance.now();
    }
  };
  const core = await createAppCore({
    dataDir: options.dataDir,
    secrets: new MemorySecretStore(),
    host: 'cli',
    version: 'bench',
    logger: quiet,
    wire: counting,
    ...(options.syncIntervalMs === 'default' ? {} : { syncIntervalMs: options.syncIntervalMs ?? false }),
    // Syncs run when the bench says so, not after each local change it makes.
    syncAfterChangeMs: false,
    concurrency: options.concurrency ?? 4,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.scheduler ? { scheduler: options.scheduler } : {}),
  });
  return {
    core,
    requests,
    sent: () => sent,
    lastPath: () => lastPath,
    inFlight: () => inFlight,
    call: async <T>(command: string, payload?: unknown): Promise<T> => {
      const result = await core.invoke(command as CommandName, payload);
      if (!result.ok) throw new Error(`${command}: ${result.error.code}: ${result.error.message}`);
      return result.value as T;
    },
  };
}

/** Connects to the sandbox and waits for the sync that connecting starts. */
export async function connect(bench: BenchCore, baseUrl: string, token: string): Promise<void> {
  await bench.call('settings.connect', { baseUrl, token, authHeader: 'bearer' });
  await bench.core.syncNow('user');
}

/** Drafts posts and their variants through the app's own commands: each queues its outbox ops. */
export async function draftLocally(bench: BenchCore, workspace: string, drafts: readonly DraftSpec[]) {
  for (const draft of drafts) {
    const post = await bench.call<PostDetail>('posts.create', { workspace, title: draft.title });
    for (const v of draft.variants) {
      await bench.call('variants.create', {
        postId: post.id,
        platform: v.platform,
        content: v.content,
        account: { kind: 'default' },
      });
    }
  }
}
