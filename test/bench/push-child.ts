// Push: drafts made locally (1,000 posts with 2 variants each) go out from the outbox in one
// sync, timed over its push phase (see below). Mode `bare` sends the same requests with the
// same concurrency.
import { barePush, bareClient, draftsFor } from './lib/bare-client';
import { answerParent } from './lib/fork';
import { connect, draftLocally, openBenchCore } from './lib/outpost-core';
import { applyV8MemorySettings } from '../../src-main/shared/v8-memory';

export interface PushChildInput {
  /** Start with the app's V8 memory settings (src-main/shared/v8-memory.ts), as its hosts do; default true. */
  appV8?: boolean;
  mode: 'outpost' | 'bare';
  baseUrl: string;
  token: string;
  dataDir: string;
  posts: number;
  concurrency: number;
}

export interface PushChildResult {
  mode: 'outpost' | 'bare';
  wallMs: number;
  /** CPU time of the process over the sync (outpost: its few reads too) or the bare push. */
  cpuMs: number;
  requests: number;
  /** Outpost: time to create the drafts locally (not part of the push). */
  draftMs?: number;
}

async function runOutpost(input: PushChildInput): Promise<PushChildResult> {
  if (input.appV8 !== false) applyV8MemorySettings();
  const bench = await openBenchCore({ dataDir: input.dataDir, concurrency: input.concurrency });
  await connect(bench, input.baseUrl, input.token);
  const d0 = performance.now();
  await draftLocally(bench, 'acme', draftsFor(input.posts));
  const draftMs = performance.now() - d0;
  const before = bench.requests.length;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const status = await bench.core.syncNow('user');
  const cpu = process.cpuUsage(cpu0);
  const sync = bench.requests.slice(before);
  // A full sync pulls first (a handful of reads here), then pushes: the push phase runs from
  // the end of the last read before the first write (or the sync's start when it read nothing)
  // to the end of the last write.
  const firstWrite = sync.findIndex((r) => r.method !== 'GET');
  const writes = sync.filter((r) => r.method !== 'GET');
  const lastWrite = writes[writes.length - 1];
  if (firstWrite < 0 || !lastWrite)
    throw new Error(`the sync sent no writes (phase ${status.phase}, ${status.lastError})`);
  const pushStart = firstWrite > 0 ? (sync[firstWrite - 1]?.endedAt ?? t0) : t0;
  if (status.pending !== 0 || status.failed !== 0)
    throw new Error(`push left ${status.pending} pending and ${status.failed} failed ops`);
  const wallMs = lastWrite.endedAt - pushStart;
  await bench.core.close();
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return { mode: 'outpost', wallMs, cpuMs, requests: writes.length, draftMs };
}

async function runBare(input: PushChildInput): Promise<PushChildResult> {
  const client = bareClient(input.baseUrl, input.token);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await barePush(client, 'acme', draftsFor(input.posts), input.concurrency);
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { mode: 'bare', wallMs, cpuMs: (cpu.user + cpu.system) / 1000, requests: client.requests };
}

const input = JSON.parse(process.env.BENCH_PUSH_INPUT ?? '{}') as PushChildInput;
await answerParent(() => (input.mode === 'bare' ? runBare(input) : runOutpost(input)));
