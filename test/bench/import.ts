// The import's goal: 5,000 rows checked in under a second and made in under two, memory
// bounded. The core and the
// sandbox run in this process: a CSV of 5,000 rows (X and LinkedIn, explicit times and the
// queue, quoted cells) is read, checked and imported into the sandbox's workspace, then undone,
// a run at a time. Timed: reading the file into a table and posts.checkImport ("checked"), and
// posts.import ("made": every row checked again, one transaction, the outbox ops queued).
// Memory: the process's peak resident size over the runs, above its size before the first.
// Run: `npx tsx test/bench/import.ts` (prints JSON); or call `benchImport()`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CommandName, CommandPayload, CommandResult } from '@preload/bridge';
import { parsePostingTimes } from '@preload/posting-times';
import { matchColumns } from '@preload/spreadsheet/columns';
import { readTable } from '@preload/spreadsheet/table';
import type { AppCore } from '../../src-main/core/ports';
import { startSandbox } from '../server/index';
import type { ImportFigures } from './lib/import-row';
import { watchPeakRss } from './lib/memory';
import { openQuietCore } from './lib/outpost-core';
import { summarize, type Summary } from './lib/stats';

export interface ImportBenchOptions {
  rows?: number;
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

/** A month's plan as a spreadsheet saves it: two rows per post, every fourth post to the queue. */
export function planCsv(rows: number, startMs: number): string {
  const lines = ['Title;Platform;Account;Content;Date'];
  for (let i = 0; i < rows; i++) {
    const post = Math.floor(i / 2);
    const queued = post % 4 === 3;
    const at = new Date(startMs + post * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    const text = `Post ${post}: a sentence or two, with a comma; and a line break\nthat a spreadsheet keeps in one cell #${i}`;
    const when = queued ? 'queue' : at;
    lines.push(
      i % 2 === 0
        ? `Plan ${post};X;acme;"${text}";${when}`
        : `Plan ${post};LinkedIn;;"${text} (long form)";${when}`,
    );
  }
  return lines.join('\r\n');
}

type Timed = 'check' | 'make' | 'checkCpu' | 'makeCpu';

export async function benchImport(
  options: ImportBenchOptions = {},
): Promise<Omit<ImportFigures, Timed> & Record<Timed, Summary>> {
  const rows = options.rows ?? 5_000;
  const runs = options.runs ?? 3;
  const sandbox = await startSandbox({ seed: 'test' });
  const dataDir = await mkdtemp(join(tmpdir(), 'outpost-bench-import-'));
  const core = await openQuietCore(dataDir);
  try {
    await call(core, 'settings.connect', {
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      authHeader: 'bearer',
    });
    await core.syncNow('user');
    const workspace = sandbox.fixtures.workspace;
    const slots = parsePostingTimes('Mon-Fri 09:00 12:30 15:00');
    if (!slots.ok) throw new Error(slots.message);
    for (const profileId of [sandbox.fixtures.profiles.xDefault, sandbox.fixtures.profiles.linkedin])
      await call(core, 'planning.setSlots', {
        workspace,
        profileId,
        zone: 'Europe/Berlin',
        slots: slots.slots,
      });
    const csv = planCsv(rows, Date.now() + 7 * 86_400_000);
    const checkMs: number[] = [];
    const importMs: number[] = [];
    const checkCpuMs: number[] = [];
    const importCpuMs: number[] = [];
    const cpuMs = (since: NodeJS.CpuUsage): number => {
      const used = process.cpuUsage(since);
      return (used.user + used.system) / 1000;
    };
    const startRss = process.memoryUsage.rss();
    const peak = watchPeakRss();
    for (let run = 0; run < runs; run++) {
      let started = performance.now();
      let cpu = process.cpuUsage();
      const read = readTable(csv);
      if (!read.ok) throw new Error(read.message);
      const request = { workspace, table: read.table, columns: matchColumns(read.table.header) };
      const check = await call(core, 'posts.checkImport', request);
      checkMs.push(performance.now() - started);
      checkCpuMs.push(cpuMs(cpu));
      if (check.ready !== rows) throw new Error(`${check.ready} of ${rows} rows ready: ${check.summary}`);
      started = performance.now();
      cpu = process.cpuUsage();
      const report = await call(core, 'posts.import', request);
      importMs.push(performance.now() - started);
      importCpuMs.push(cpuMs(cpu));
      if (report.posts !== rows / 2) throw new Error(`made ${report.posts} posts: ${report.summary}`);
      const undone = await call(core, 'undo.run', {});
      if (undone.undone !== rows / 2) throw new Error(`undid ${undone.undone} of ${rows / 2} posts`);
    }
    const { peakBytes } = peak.stop();
    return {
      rows,
      check: summarize(checkMs),
      make: summarize(importMs),
      checkCpu: summarize(checkCpuMs),
      makeCpu: summarize(importCpuMs),
      peakAboveStartMB: Math.round((peakBytes - startRss) / 1_048_576),
    };
  } finally {
    await core.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await benchImport(), null, 2)}\n`);
}
