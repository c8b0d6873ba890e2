// "A bulk reschedule of 1,000 variants < 1 s locally and pushed as exactly 1,000 PATCH
// requests". The core and the sandbox run in this process: 500 posts with an X and
// a LinkedIn variant are drafted, scheduled and synced through the core, then rescheduled all at
// once by a day, a run at a time. Timed: the command (the local part); counted: the PATCH
// requests the sandbox receives for those variants when the next sync pushes them.
// Run: `npx tsx test/bench/bulk.ts` (prints JSON); or call `benchBulkReschedule()`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CommandName, CommandPayload, CommandResult } from '@preload/bridge';
import type { AppCore } from '../../src-main/core/ports';
import { startSandbox } from '../server/index';
import type { BulkFigures } from './lib/bulk-row';
import { summarize, type Summary } from './lib/stats';
import { openQuietCore } from './lib/outpost-core';

const DAY = 86_400_000;

export interface BulkBenchOptions {
  variants?: number;
  runs?: number;
}

async function call<C extends CommandName>(
  core: AppCore,
  command: C,
  payload: CommandPayload<C>,
): Promise<CommandResult<C>> {
  const result = await core.invoke(command, payload);
  if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
  return result.value;
}

export async function benchBulkReschedule(
  options: BulkBenchOptions = {},
): Promise<BulkFigures & { summary: Summary; runsMs: number[] }> {
  const variants = options.variants ?? 1_000;
  const runs = options.runs ?? 5;
  const sandbox = await startSandbox({ seed: 'test' });
  const dataDir = await mkdtemp(join(tmpdir(), 'outpost-bench-bulk-'));
  const core = await openQuietCore(dataDir);
  try {
    await call(core, 'settings.connect', {
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      authHeader: 'bearer',
    });
    await core.syncNow('user');
    const workspace = sandbox.fixtures.workspace;
    const at = new Date(Date.now() + 30 * DAY).toISOString();
    const ids: string[] = [];
    for (let p = 0; p < variants / 2; p++) {
      const post = await call(core, 'posts.create', { workspace, title: `Bulk ${p}` });
      for (const platform of ['x', 'linkedin']) {
        const v = await call(core, 'variants.create', {
          postId: post.id,
          platform,
          content: `Bulk ${p} on ${platform}.`,
          account: { kind: 'default' },
        });
        await call(core, 'variants.schedule', { id: v.id, at });
        ids.push(v.id);
      }
    }
    await core.syncNow('user');
    const serverIds: string[] = [];
    for (const post of await call(core, 'posts.list', { workspace }))
      if (post.title.startsWith('Bulk '))
        for (const v of (await call(core, 'posts.get', { id: post.id })).variants)
          if (v.serverId !== null) serverIds.push(v.serverId);
    if (serverIds.length !== variants) throw new Error(`${serverIds.length} of ${variants} variants synced`);
    const patches = (): number => serverIds.reduce((n, id) => n + sandbox.inspect.patchCount(id), 0);

    const runsMs: number[] = [];
    const patchesPerRun: number[] = [];
    for (let run = 0; run < runs; run++) {
      const days = run % 2 === 0 ? 1 : -1;
      const before = patches();
      const started = performance.now();
      const report = await call(core, 'variants.reschedule', {
        ids,
        shift: { by: { days, minutes: 0 } },
        zone: 'Europe/Paris',
      });
      runsMs.push(performance.now() - started);
      if (report.done !== variants) throw new Error(`rescheduled ${report.done} of ${variants}`);
      await core.syncNow('user');
      patchesPerRun.push(patches() - before);
    }
    const summary = summarize(runsMs);
    return { variants, summary, patchesPerRun, runsMs };
  } finally {
    await core.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await benchBulkReschedule(), null, 2)}\n`);
}
