// What keeping the data safe costs, at 50,000 posts: the quick check every start runs
// before anything else, and the longest an edit waits while a copy of the database is made (a
// copy goes in short steps between other work, store/copies.ts). The client's database is filled
// directly, as the calendar bench fills it (calendar.ts), so no sync is involved.
// Run: `npx tsx test/bench/safekeeping.ts` (prints JSON); or call `benchSafekeeping()`.
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { quickCheck } from '../../src-main/core/store/recovery/damage';
import { seedDataDir } from './calendar';
import { openQuietCore } from './lib/outpost-core';
import { summarize } from './lib/stats';

export interface SafekeepingBenchOptions {
  posts?: number;
  /** Quick checks timed. */
  checks?: number;
  /** Copies made while edits are timed. */
  copies?: number;
}

export interface SafekeepingBenchResult {
  posts: number;
  databaseBytes: number;
  quickCheckMs: number[];
  quickCheck: ReturnType<typeof summarize>;
  /** How long each copy took from asking to its file being whole. */
  copyMs: number[];
  /** Every edit's time, from the call to its answer, while a copy was being made. */
  editDuringCopy: ReturnType<typeof summarize>;
  /** The same edits with no copy running, for comparison. */
  editAlone: ReturnType<typeof summarize>;
  longestEditDuringCopyMs: number;
  editsDuringCopy: number;
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function benchSafekeeping(
  options: SafekeepingBenchOptions = {},
): Promise<SafekeepingBenchResult> {
  const posts = options.posts ?? 50_000;
  const dataDir = await mkdtemp(join(tmpdir(), 'outpost-bench-safekeeping-'));
  try {
    await seedDataDir(dataDir, posts, new Date());
    const file = join(dataDir, 'outpost.db');

    // The check as a start runs it: on its own connection, before anything else reads the file.
    const quickCheckMs: number[] = [];
    for (let i = 0; i < (options.checks ?? 5); i++) {
      const db = new Database(file, { readonly: true });
      const t0 = performance.now();
      quickCheck(db);
      quickCheckMs.push(performance.now() - t0);
      db.close();
    }

    const core = await openQuietCore(dataDir);
    try {
      // A scheduled (not published) variant of the seeded library: its text can change.
      const variant = 'post-1-x';
      let typed = 0;
      const edit = async (): Promise<number> => {
        const t0 = performance.now();
        const content = `Typed ${++typed}: what we ship this week.`;
        const result = await core.invoke('variants.update', { id: variant, content });
        if (!result.ok) throw new Error(`variants.update: ${result.error.message}`);
        return performance.now() - t0;
      };
      const backup = async (): Promise<void> => {
        const result = await core.invoke('data.backup', undefined);
        if (!result.ok) throw new Error(`data.backup: ${result.error.message}`);
      };

      const alone: number[] = [];
      for (let i = 0; i < 300; i++) {
        alone.push(await edit());
        await turn();
      }
      // Edits one after another, a turn of the event loop between them (as keystrokes' saves
      // come), for as long as each copy takes: any step of the copy an edit meets, it waits for.
      const during: number[] = [];
      const copyMs: number[] = [];
      for (let c = 0; c < (options.copies ?? 3); c++) {
        let done = false;
        const t0 = performance.now();
        const copy = backup().finally(() => (done = true));
        while (!done) {
          during.push(await edit());
          await turn();
        }
        await copy;
        copyMs.push(performance.now() - t0);
      }
      return {
        posts,
        databaseBytes: statSync(file).size,
        quickCheckMs,
        quickCheck: summarize(quickCheckMs),
        copyMs,
        editDuringCopy: summarize(during),
        editAlone: summarize(alone),
        longestEditDuringCopyMs: Math.max(...during),
        editsDuringCopy: during.length,
      };
    } finally {
      await core.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const posts = Number(process.env.BENCH_SAFEKEEPING_POSTS ?? 50_000);
  process.stdout.write(`${JSON.stringify(await benchSafekeeping({ posts }), null, 2)}\n`);
}
