// "Add to queue for 500 variants at once < 1 s locally": planning.addToQueue through
// the core's own command path, on a data folder seeded directly (seedDataDir: a library of posts
// whose X and LinkedIn variants already hold times over the next twelve months, so many slots
// are taken) plus 500 X drafts of the same account, whose posting times are Mon-Fri 09:00, 12:30
// and 15:00 in Berlin. Nothing is connected, so nothing is sent: local time only. Each run is
// undone before the next (its undo is timed too), so every run places the same 500.
// Run: `npx tsx test/bench/add-to-queue.ts` (prints JSON); or call `benchAddToQueue()`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { CommandName, CommandPayload, CommandResult } from '@preload/bridge';
import { parsePostingTimes } from '@preload/posting-times';
import type { AppCore } from '../../src-main/core/ports';
import { seedDataDir } from './calendar';
import { summarize } from './lib/stats';
import { openQuietCore } from './lib/outpost-core';

export const ADD_TO_QUEUE_GOAL_MS = 1_000;

export interface AddToQueueBenchOptions {
  /** Posts of the library already planned. */
  library?: number;
  drafts?: number;
  runs?: number;
}

export interface AddToQueueBenchResult {
  library: number;
  drafts: number;
  addMs: number[];
  undoMs: number[];
  add: ReturnType<typeof summarize>;
  undo: ReturnType<typeof summarize>;
  goalMs: number;
  met: boolean;
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

/** `drafts` unscheduled X drafts of the library's X account, one post each; their variant ids. */
function seedDrafts(dataDir: string, drafts: number, now: Date): string[] {
  const db = new Database(join(dataDir, 'outpost.db'));
  const iso = now.toISOString();
  const post = db.prepare(
    `insert into post (id, server_id, workspace, title, base, remote_state, conflict, error, created_at, updated_at)
     values (?, null, 'bench', ?, null, 'active', null, null, ?, ?)`,
  );
  const variant = db.prepare(
    `insert into variant (id, post_id, server_id, platform, content, account_mode, social_profile_id, scheduled_at,
       status, platform_post_url, base, remote_state, conflict, error, created_at, updated_at,
       reconcile_at, reconcile_attempts)
     values (?, ?, null, 'x', ?, 'profile', 'p-x', null, null, null, null, 'active', null, null, ?, ?, null, 0)`,
  );
  const ids: string[] = [];
  db.transaction(() => {
    for (let i = 0; i < drafts; i++) {
      post.run(`queue-post-${i}`, `Queued ${i}`, iso, iso);
      variant.run(`queue-variant-${i}`, `queue-post-${i}`, `Draft ${i} for the queue.`, iso, iso);
      ids.push(`queue-variant-${i}`);
    }
  })();
  db.close();
  return ids;
}

export async function benchAddToQueue(options: AddToQueueBenchOptions = {}): Promise<AddToQueueBenchResult> {
  const library = options.library ?? 10_000;
  const drafts = options.drafts ?? 500;
  const runs = options.runs ?? 7;
  const dataDir = await mkdtemp(join(tmpdir(), 'outpost-bench-queue-'));
  try {
    const now = new Date();
    await seedDataDir(dataDir, library, now);
    const ids = seedDrafts(dataDir, drafts, now);
    const core = await openQuietCore(dataDir);
    const addMs: number[] = [];
    const undoMs: number[] = [];
    try {
      const parsed = parsePostingTimes('Mon-Fri 09:00 12:30 15:00');
      if (!parsed.ok) throw new Error(parsed.message);
      await call(core, 'planning.setSlots', {
        workspace: 'bench',
        profileId: 'p-x',
        zone: 'Europe/Berlin',
        slots: parsed.slots,
      });
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        const result = await call(core, 'planning.addToQueue', { variantIds: ids });
        addMs.push(performance.now() - started);
        const times = new Set(result.scheduled.map((s) => s.scheduledAt));
        if (result.done !== drafts || times.size !== drafts)
          throw new Error(
            `Add to queue placed ${result.done} in ${times.size} slots, refused ${result.refused.length}`,
          );
        const undoStarted = performance.now();
        const undone = await call(core, 'undo.run', {});
        undoMs.push(performance.now() - undoStarted);
        if (undone.undone !== drafts) throw new Error(`Undo put back ${undone.undone} of ${drafts}`);
      }
    } finally {
      await core.close(1_000);
    }
    const add = summarize(addMs);
    return {
      library,
      drafts,
      addMs,
      undoMs,
      add,
      undo: summarize(undoMs),
      goalMs: ADD_TO_QUEUE_GOAL_MS,
      met: add.p95 < ADD_TO_QUEUE_GOAL_MS,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const library = Number(process.env.BENCH_QUEUE_LIBRARY ?? 10_000);
  benchAddToQueue({ library })
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
