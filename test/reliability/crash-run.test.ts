// Crash run: the sync runs in a child process that is SIGKILLed at random points and
// restarted on the same database, again and again. After every kill the SQLite file must pass
// `PRAGMA integrity_check`; at the end one clean sync, then the same invariants as the fault run.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { OutboxOpView } from '@preload/bridge';
import { DATABASE_FILE } from '../../src-main/core/paths';
import { startSandbox, SEED as SANDBOX_SEED, type SandboxHandle } from '../server/index';
import { ManualClock } from './support/clock';
import { FIGURES, SEED } from './support/config';
import { checkInvariants } from './support/invariants';
import { LeakProbe } from './support/leaks';
import { Expectations } from './support/model';
import { createRng } from './support/random';
import { runChild, workerCommand } from './support/child';
import { startPublishWitness, type PublishWitness } from './support/publish-witness';
import { openCore, rememberToken, summaryLine, tempDir, type OpenedCore } from './support/harness';

const WORKSPACE = SANDBOX_SEED.workspace;

function integrityCheck(file: string): string {
  const db = new BetterSqlite3(file);
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

describe('crash run', () => {
  let sandbox: SandboxHandle | null = null;
  let opened: OpenedCore | null = null;
  let witness: PublishWitness | null = null;
  afterAll(async () => {
    await opened?.core.close(0);
    await witness?.close();
    await sandbox?.close();
  });

  it('survives SIGKILL at random points: integrity ok after every kill, then nothing lost or doubled', async () => {
    sandbox = await startSandbox();
    // Latency keeps requests in flight when the kill lands; dropped connections make unknown outcomes.
    sandbox.faults.setSeed(SEED);
    sandbox.faults.add({ kind: 'latency', latencyMs: 25, probability: 0.5 });
    sandbox.faults.add({ kind: 'drop_after_write', method: 'POST', probability: 0.05 });
    witness = await startPublishWitness(sandbox);
    const dataDir = tempDir('crash');
    const dbFile = join(dataDir, DATABASE_FILE);
    const probe = new LeakProbe(sandbox.token);
    const expected = new Expectations();
    const rng = createRng(SEED + 7);
    const worker = await workerCommand();

    let crashes = 0;
    const integrity: string[] = [];
    const unexpectedExits: string[] = [];
    for (let run = 1; crashes < FIGURES.crashKills && run <= FIGURES.crashKills * 2; run++) {
      const publishTried = [...expected.variants.entries()]
        .filter(([, v]) => v.publishTried)
        .map(([tag]) => tag);
      const from = rng.chance(0.2) ? 'spawn' : 'ready';
      const delayMs = from === 'spawn' ? rng.int(200, 1500) : rng.int(100, 2500);
      const life = await runChild(
        worker.args,
        {
          ...process.env,
          ...worker.env,
          OUTPOST_TOKEN: sandbox.token,
          REL_DATA_DIR: dataDir,
          REL_BASE_URL: witness.baseUrl,
          REL_WORKSPACE: WORKSPACE,
          REL_RUN: String(run),
          REL_SEED: String(SEED),
          REL_DRAFTS: String(FIGURES.crashDraftsPerRun),
          REL_PUBLISH_TRIED: publishTried.join(','),
        },
        from,
        delayMs,
        (line) => expected.recordLine(line),
      );
      probe.check(`child ${run} stdout`, life.stdout);
      probe.check(`child ${run} stderr`, life.stderr);
      if (life.signal === 'SIGKILL' && life.killed) crashes += 1;
      else
        unexpectedExits.push(
          `run ${run}: exit ${life.code} ${life.signal}: ${life.stderr.toString('utf8').slice(-2000)}`,
        );
      integrity.push(integrityCheck(dbFile));
    }

    // The last life: a clean sync in this process, retries made due by moving the core's clock.
    sandbox.faults.clear();
    const clock = new ManualClock(new Date());
    opened = await openCore({ dataDir, clock, random: createRng(SEED + 2).next }, probe);
    await rememberToken(opened.secrets, witness.baseUrl, sandbox.token);
    const { core } = opened;
    let outbox: OutboxOpView[] = [];
    let rounds = 0;
    for (; rounds < FIGURES.settleRounds; rounds++) {
      await core.syncNow('user');
      clock.advance(6 * 60_000);
      const ops = await core.invoke('outbox.list', undefined);
      if (ops.ok) outbox = ops.value;
      if (
        !outbox.some(
          (o) =>
            o.state === 'pending' || o.state === 'sending' || (o.state === 'unknown' && o.kind !== 'publish'),
        )
      )
        break;
    }
    await core.syncNow('user');
    const report = await checkInvariants(core, sandbox, expected, WORKSPACE);
    await core.close();
    opened = null;
    integrity.push(integrityCheck(dbFile));
    probe.checkTree(dataDir);

    console.log(
      `crash run: ${crashes} SIGKILLs, ${unexpectedExits.length} unexpected exits, ` +
        `${integrity.filter((r) => r === 'ok').length}/${integrity.length} integrity checks ok, ` +
        `${expected.posts.size} drafts, ${expected.variants.size} variants, ${expected.operations} commands, ` +
        `${rounds + 1} settle rounds, ${witness.requests} publish requests, ${report.published} published, ${report.waiting} waiting for the user, ` +
        `${report.unaskedPublishes} unasked publishes, ${report.stuck} stuck, ` +
        `${probe.scanned} sources (${probe.bytes} bytes) scanned for the token`,
    );
    if (report.details.length > 0) console.log(report.details.join('\n'));
    if (witness.repeats.length > 0) console.log(`publish sent again for: ${witness.repeats.join(', ')}`);
    const doublePublishes = report.doublePublishes + witness.repeats.length;
    if (unexpectedExits.length > 0) console.log(unexpectedExits.join('\n'));
    console.log(
      summaryLine('crash run', {
        faultsInjected: sandbox.faults.injected,
        crashes,
        duplicates: report.duplicates,
        lost: report.lost,
        wrongLinks: report.wrongLinks,
        doublePublishes,
        leaks: probe.leaks,
      }),
    );

    expect(unexpectedExits).toEqual([]);
    expect(crashes).toBeGreaterThanOrEqual(FIGURES.crashKills);
    expect(integrity.every((r) => r === 'ok')).toBe(true);
    expect(expected.posts.size).toBeGreaterThan(0);
    expect(report.duplicates).toBe(0);
    expect(report.lost).toBe(0);
    expect(report.wrongLinks).toBe(0);
    expect(doublePublishes).toBe(0);
    expect(report.unaskedPublishes).toBe(0);
    expect(report.stuck).toBe(0);
    expect(probe.found).toEqual([]);
  });
});
