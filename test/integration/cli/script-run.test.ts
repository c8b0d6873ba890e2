// The CLI, driven as a script would, syncs a realistic set of drafts to a
// service built from the same spec, without loss or duplicates, while that service drops
// connections before and after applying writes. The sandbox runs with status strings, error
// shape and id format other than its defaults, so nothing rests on those choices.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OutboxOpView, SyncStatus } from '@preload/bridge';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { buildCli, jsonOf, runCli } from './run-cli';

interface PlannedVariant {
  platform: string;
  content: string;
  account?: { profile: string } | 'none';
  then?: { schedule: string } | 'publish';
  /** The content is first drafted as this, then edited (several edits collapse). */
  draftedAs?: string[];
}

let sandbox: SandboxHandle;
let cli = '';
let dataDir = '';

beforeAll(async () => {
  cli = await buildCli('script-run');
  dataDir = mkdtempSync(join(tmpdir(), 'outpost-script-'));
  sandbox = await startSandbox({
    idFormat: 'uuid',
    errorShape: 'nested',
    statusStrings: { scheduled: 'pending_publication', published: 'done' },
  });
});

afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(cli, { force: true });
});

it(
  'syncs a realistic set of drafts through dropped connections, with nothing lost or doubled',
  { timeout: 600_000 },
  async () => {
    const f = sandbox.fixtures;
    const env = { OUTPOST_TOKEN: sandbox.token };
    const g = ['--data-dir', dataDir];
    const step = async (args: string[]): Promise<string> => {
      const run = await runCli(cli, [...g, ...args], env);
      if (run.code !== 0) throw new Error(`outpost ${args.join(' ')} -> exit ${run.code}: ${run.stderr}`);
      return run.stdout.trim();
    };

    const plan: Array<{ title: string; variants: PlannedVariant[] }> = [
      {
        title: 'Script run: product launch',
        variants: [
          {
            platform: 'x',
            content: 'It is here. 🚀 Try it today.',
            then: { schedule: '2031-03-02T15:00:00Z' },
          },
          {
            platform: 'linkedin',
            content: 'Today we launch, after a year of work with our customers.',
            then: 'publish',
          },
          { platform: 'bluesky', content: 'Launching today!', then: 'publish' },
        ],
      },
      {
        title: 'Script run: weekly tips #12',
        variants: [
          { platform: 'x', content: 'Tip: batch your drafts.\nThen schedule them.', account: 'none' },
          { platform: 'threads', content: 'Tip of the week: write offline.' },
        ],
      },
      {
        title: 'Script run: we are hiring',
        variants: [
          {
            platform: 'linkedin',
            content: 'We are hiring two engineers.',
            then: { schedule: '2031-03-05T08:00:00Z' },
          },
          { platform: 'x', content: 'Join us!', account: { profile: f.profiles.xSecond }, then: 'publish' },
        ],
      },
      {
        title: 'Script run: holiday hours',
        variants: [
          {
            platform: 'x',
            content: 'Closed on the 25th and 26th. Happy holidays!',
            draftedAs: ['Closed on the 25th.', 'Closed on the 25th and 26th.'],
            then: { schedule: '2031-12-20T10:00:00Z' },
          },
        ],
      },
      {
        title: 'Script run: event recap',
        variants: [{ platform: 'x', content: 'Thanks to all 300 of you 🙌' }],
      },
      {
        title: 'Script run: "quotes" & ampersands',
        variants: [{ platform: 'linkedin', content: 'A & B said "hi".' }],
      },
    ];

    await step(['connect', '--base-url', sandbox.baseUrl]);

    // The service drops connections: after applying some writes, and before others reach it.
    sandbox.faults.setSeed(20260501);
    sandbox.faults.add({ kind: 'drop_after_write', method: 'POST', probability: 0.5 });
    sandbox.faults.add({ kind: 'drop_after_write', method: 'PATCH', probability: 0.5 });
    sandbox.faults.add({
      kind: 'drop_before_write',
      method: 'POST',
      path: '/api/workspaces/:slug/posts/',
      probability: 0.3,
    });
    sandbox.faults.add({
      kind: 'drop_before_write',
      method: 'POST',
      path: '/api/workspaces/:slug/posts/:post_id/variants/',
      probability: 0.3,
    });

    const local = new Map<string, { postId: string; variantIds: string[] }>();
    let syncRuns = 0;
    for (const [index, post] of plan.entries()) {
      const postId = await step(['draft', '--title', post.title, '--workspace', f.workspace]);
      const variantIds: string[] = [];
      for (const v of post.variants) {
        const accountArgs =
          v.account === undefined
            ? []
            : v.account === 'none'
              ? ['--no-profile']
              : ['--profile', v.account.profile];
        const first = v.draftedAs?.[0] ?? v.content;
        const id = await step([
          'variant',
          '--post',
          postId,
          '--platform',
          v.platform,
          '--content',
          first,
          ...accountArgs,
        ]);
        for (const edit of [...(v.draftedAs ?? []).slice(1), ...(v.draftedAs ? [v.content] : [])]) {
          await step(['edit', '--variant', id, '--content', edit]);
        }
        if (v.then === 'publish') await step(['publish', '--variant', id]);
        else if (v.then) await step(['schedule', '--variant', id, '--at', v.then.schedule]);
        variantIds.push(id);
      }
      local.set(post.title, { postId, variantIds });
      // A script that syncs now and then while it drafts, ignoring the result as scripts do.
      if (index % 2 === 1) {
        await runCli(cli, [...g, 'sync', '--wait', '5'], env);
        syncRuns += 1;
      }
    }

    // Then it syncs until the CLI says everything went through, faults still active. A create
    // whose two tries were both dropped before they reached the service is not sent a third time
    // by itself (the order of the requests decides which ones the seeded faults drop): the CLI
    // says it waits for a decision, and the person running the script, who finds nothing of it
    // on the service, has it made anew. A question with look-alikes to choose from would mean
    // something was made twice.
    let last = { code: -1, stdout: '', stderr: '' };
    let madeAnew = 0;
    for (let attempt = 0; attempt < 8 && last.code !== 0; attempt++) {
      last = await runCli(cli, [...g, '--json', 'sync', '--wait', '60'], env);
      syncRuns += 1;
      if (last.code === 0) break;
      const ops = jsonOf<OutboxOpView[]>(await runCli(cli, [...g, '--json', 'outbox'], env));
      for (const op of ops.filter((o) => o.state === 'needs_user')) {
        expect(op.kind).toMatch(/^create_/);
        expect(op.candidates).toEqual([]);
        await step(['outbox', 'adopt', op.id, 'none']);
        madeAnew += 1;
        last.code = -1; // synced again below
      }
    }
    expect(last.stderr).toBe('');
    expect(last.code).toBe(0);
    expect(sandbox.faults.injected).toBeGreaterThan(0);

    // What the service holds: each post once, each variant once, as drafted.
    for (const post of plan) {
      const onService = sandbox.inspect.posts(f.workspace).filter((p) => p.title === post.title);
      expect(onService, post.title).toHaveLength(1);
      const variants = sandbox.inspect.variants(onService[0]?.id);
      expect(variants.map((v) => `${v.platform}|${v.content}`).sort(), post.title).toEqual(
        post.variants.map((v) => `${v.platform}|${v.content}`).sort(),
      );
      for (const planned of post.variants) {
        const held = variants.find((v) => v.platform === planned.platform && v.content === planned.content);
        const published = sandbox.inspect.publishCount(held?.id ?? '');
        expect(published, `${post.title} ${planned.platform}`).toBeLessThanOrEqual(1);
        if (planned.account === 'none') expect(held?.social_profile_id).toBeNull();
        if (typeof planned.account === 'object')
          expect(held?.social_profile_id).toBe(planned.account.profile);
        if (planned.then === 'publish' && planned.platform !== 'bluesky') {
          expect(published).toBe(1);
          expect(held?.platform_post_url).toMatch(/^https:\/\//);
        }
        if (planned.then === 'publish' && planned.platform === 'bluesky') {
          expect(held?.status).toBe('needs_approval');
          expect(published).toBe(0);
        }
        if (typeof planned.then === 'object') {
          expect(Date.parse(held?.scheduled_at ?? '')).toBe(Date.parse(planned.then.schedule));
          expect(published).toBe(0);
        }
        if (planned.then === undefined) expect(published).toBe(0);
      }
    }
    // Nothing else crept in: no stray post carrying a title from the plan under another name.
    const titles = sandbox.inspect.posts(f.workspace).map((p) => p.title);
    expect(titles.filter((t) => t.startsWith('Script run:'))).toHaveLength(plan.length);

    // And Outpost agrees: nothing pending, failed or waiting on the user; every item linked.
    sandbox.faults.clear();
    const status = jsonOf<{ status: SyncStatus }>(await runCli(cli, [...g, '--json', 'status'], env));
    expect(status.status).toMatchObject({ pending: 0, failed: 0, conflicts: 0, needsAttention: 0 });
    for (const { postId, variantIds } of local.values()) {
      const variants = jsonOf<Array<{ id: string; serverId: string | null }>>(
        await runCli(cli, [...g, '--json', 'variants', '--post', postId], env),
      );
      expect(variants.map((v) => v.id).sort()).toEqual([...variantIds].sort());
      expect(variants.every((v) => v.serverId !== null)).toBe(true);
    }
    console.log(
      `script run: ${plan.length} posts, ${plan.reduce((n, p) => n + p.variants.length, 0)} variants, ` +
        `${syncRuns} sync runs, ${sandbox.faults.injected} dropped connections, ${madeAnew} made anew ` +
        'after two tries dropped; nothing lost or doubled',
    );
  },
);
