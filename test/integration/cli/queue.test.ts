// `outpost slots`, `outpost queue` and `outpost queue add` as a script runs
// them: a child process per command against the sandbox, a temp data folder, OUTPOST_TOKEN.
// Slot times are worked out here from the clock, independently of the code under test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostingSchedule } from '@preload/bridge';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { buildCli, jsonOf, runCli, type Run } from './run-cli';

const DAY = 86_400_000;
let cli = '';
let sandbox: SandboxHandle;
let dataDir = '';

beforeAll(async () => {
  cli = await buildCli('queue');
  sandbox = await startSandbox();
  dataDir = mkdtempSync(join(tmpdir(), 'outpost-cli-queue-'));
});

afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(cli, { force: true });
});

function outpost(args: string[]): Promise<Run> {
  return runCli(cli, ['--data-dir', dataDir, ...args], { OUTPOST_TOKEN: sandbox.token });
}

async function ok(args: string[]): Promise<string> {
  const run = await outpost(args);
  expect(run.stderr + (run.code === 0 ? '' : ` (exit ${run.code})`)).toBe('');
  return run.stdout.trim();
}

/** --json prints exactly one JSON document. */
function oneDocument(run: Run): unknown {
  return JSON.parse(run.stdout) as unknown;
}

/** The next instants, after `from`, whose UTC clock reads `hhmm` (Kolkata has no summer time). */
function nextUtcAt(hhmm: string, from: number, count: number): string[] {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const day = new Date(from);
  let at = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h, m);
  if (at <= from) at += DAY;
  return Array.from({ length: count }, (_, i) => new Date(at + i * DAY).toISOString());
}

describe('outpost slots and queue', () => {
  it(
    "sets an account's posting times, queues variants at its free slots, shows the queue, and the time reaches the service",
    { timeout: 240_000 },
    async () => {
      const f = sandbox.fixtures;
      await ok(['connect', '--base-url', sandbox.baseUrl]);
      await ok(['sync']);

      const none = await outpost(['--json', 'slots', '--account', f.profiles.xDefault]);
      expect(none.code).toBe(0);
      expect(jsonOf<PostingSchedule>(none)).toEqual({
        workspace: f.workspace,
        profileId: f.profiles.xDefault,
        zone: null,
        slots: [],
      });
      expect(await ok(['slots', '--account', f.profiles.xDefault])).toMatch(
        new RegExp(`^${f.workspace} · account ${f.profiles.xDefault}: no posting times$`),
      );

      // Every day at 09:00 in Kolkata (UTC+05:30 all year): 03:30 UTC.
      const set = await outpost([
        '--json',
        'slots',
        '--account',
        f.profiles.xDefault,
        '--set',
        'Mon-Fri 09:00; Sat,Sun 09:00',
        '--zone',
        'Asia/Kolkata',
      ]);
      expect(set.code).toBe(0);
      const schedule = oneDocument(set) as { ok: boolean; value: PostingSchedule };
      expect(schedule.value.zone).toBe('Asia/Kolkata');
      expect(schedule.value.slots).toHaveLength(7);
      expect(await ok(['slots', '--account', f.profiles.xDefault, '--workspace', f.workspace])).toBe(
        `${f.workspace} · account ${f.profiles.xDefault}: Mon-Sun 09:00 (Asia/Kolkata)`,
      );

      // The words are checked before anything opens: a usage error, exit 2, one JSON document.
      const typo = await outpost([
        '--json',
        'slots',
        '--account',
        f.profiles.xDefault,
        '--set',
        'Mon-Fry 09:00',
      ]);
      expect(typo.code).toBe(2);
      expect(typo.stderr).toMatch(/--set: "Fry" is not a day: use Mon, Tue, Wed, Thu, Fri, Sat or Sun/);
      expect(oneDocument(typo)).toMatchObject({ ok: false, error: { code: 'usage' } });
      const noTimes = await outpost(['slots', '--account', f.profiles.xDefault, '--set', 'Sat,Sun']);
      expect([noTimes.code, noTimes.stderr]).toEqual([2, expect.stringMatching(/"Sat,Sun" has no times/)]);
      const zone = await outpost(['slots', '--account', f.profiles.xDefault, '--zone', 'Mars/Olympus']);
      expect([zone.code, zone.stderr]).toEqual([
        2,
        expect.stringMatching(/--zone must be an IANA time zone/),
      ]);
      const stranger = await outpost(['slots', '--account', 'no-such-account']);
      expect([stranger.code, stranger.stderr]).toEqual([1, expect.stringMatching(/No workspace lists/)]);
      expect((await ok(['--json', 'slots', '--account', f.profiles.xDefault])).includes('Asia/Kolkata')).toBe(
        true,
      );

      // Queued with no request sent: the slots are worked out here.
      const requestsBefore = sandbox.stats.requests;
      const post = await ok(['draft', '--title', 'Chai week', '--workspace', f.workspace]);
      const variant = (content: string) =>
        ok([
          'variant',
          '--post',
          post,
          '--platform',
          'x',
          '--content',
          content,
          '--profile',
          f.profiles.xDefault,
        ]);
      const first = await variant('Masala chai, day one.');
      const second = await variant('Masala chai, day two.');
      const expected = nextUtcAt('03:30', Date.now(), 3);
      const added = await outpost(['--json', 'queue', 'add', '--variant', first]);
      expect(added.code).toBe(0);
      const placed = oneDocument(added) as { ok: boolean; value: { scheduledAt: string } };
      // Run just before 03:30 UTC, the first slot can pass between the clock read here and the CLI's.
      const slotIndex = placed.value.scheduledAt === expected[0] ? 0 : 1;
      expect(placed).toEqual({
        ok: true,
        value: { variantId: first, scheduledAt: expected[slotIndex], signOffExpected: false },
      });
      expect(await ok(['queue', 'add', '--variant', second])).toBe(expected[slotIndex + 1]);
      expect(sandbox.stats.requests).toBe(requestsBefore);

      const queueRun = await outpost(['--json', 'queue', '--workspace', f.workspace, '--days', '3']);
      const queue = oneDocument(queueRun) as {
        value: Array<{ workspace: string; accounts: Array<{ profileId: string; coming: unknown[] }> }>;
      };
      const x = queue.value[0]!.accounts.find((a) => a.profileId === f.profiles.xDefault)!;
      expect(x.coming.length).toBeGreaterThanOrEqual(3);
      const text = await ok(['queue', '--workspace', f.workspace, '--days', '3']);
      expect(text).toContain(`account ${f.profiles.xDefault} · Mon-Sun 09:00 (Asia/Kolkata)`);
      expect(text).toMatch(new RegExp(`\\d{4}-\\d\\d-\\d\\d 09:00  ${first}  Chai week`));
      expect(text).toMatch(/09:00 {2}empty/);
      expect(text).toContain(`account ${f.profiles.linkedin} · no posting times`);

      // An account without posting times: refused with the reason, exit 1.
      const li = await ok([
        'variant',
        '--post',
        post,
        '--platform',
        'linkedin',
        '--content',
        'Chai at work.',
      ]);
      const refused = await outpost(['queue', 'add', '--variant', li]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^outpost: Give this account posting times first/);

      // Online: the time reaches the service once.
      await ok(['sync']);
      const onService = sandbox.inspect
        .variants()
        .find((v) => v.content === 'Masala chai, day one.' && v.platform === 'x')!;
      expect(onService.scheduled_at).toBe(expected[slotIndex]);
      expect(sandbox.inspect.patchCount(onService.id)).toBe(1);
    },
  );

  it(
    'says "This goes to sign-off first" for an account that answered a publish with sign-off',
    { timeout: 240_000 },
    async () => {
      const f = sandbox.fixtures;
      await ok(['slots', '--account', f.profiles.blueskySignOff, '--set', 'Mon-Sun 12:00', '--zone', 'UTC']);
      const post = await ok(['draft', '--title', 'Brand review', '--workspace', f.workspace]);
      const bluesky = (content: string) =>
        ok(['variant', '--post', post, '--platform', 'bluesky', '--content', content]);
      const published = await bluesky('Reviewed first.');
      const queued = await bluesky('Reviewed second.');
      await ok(['sync']);
      await ok(['publish', '--variant', published]);
      await ok(['sync']);
      const expected = nextUtcAt('12:00', Date.now(), 2);
      const [time, note] = (await ok(['queue', 'add', '--variant', queued])).split('\n');
      expect(expected).toContain(time);
      expect(note).toBe("This goes to sign-off first: the channel's approvers release it.");

      // A variant that is not there is said as every command says it.
      const missing = await outpost(['--json', 'queue', 'add', '--variant', 'nope']);
      expect(missing.code).toBe(1);
      expect(JSON.parse(missing.stdout)).toEqual({
        ok: false,
        error: { code: 'not_found', message: 'No variant with id nope.' },
      });
    },
  );
});
