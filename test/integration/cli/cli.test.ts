// The `outpost` command driven as a script would drive it: a child process per command, a
// temp data folder, OUTPOST_TOKEN, and a sandbox service started here. What the service ends
// up holding is checked through the sandbox's own view of its data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostDetail, SettingsView, SyncStatus, VariantView } from '@preload/bridge';
import { ServiceClient } from '../../../src-main/core/api/client';
import { createAppCore } from '../../../src-main/core/app/create-app-core';
import { MemorySecretStore } from '../../../src-main/core/secrets/memory-store';
import type { KeytarApi } from '../../../src-main/core/secrets';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { buildCli, jsonOf, runCli, type Run } from './run-cli';

let cli = '';
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outpost-cli-'));
  dirs.push(dir);
  return dir;
}

function outpost(args: string[], env: Record<string, string | undefined> = {}, input = ''): Promise<Run> {
  return runCli(cli, args, env, input);
}

/** A command that must succeed; prints what it said if not. */
async function ok(args: string[], env: Record<string, string | undefined>): Promise<string> {
  const run = await outpost(args, env);
  expect(run.stderr + (run.code === 0 ? '' : ` (exit ${run.code})`)).toBe('');
  return run.stdout.trim();
}

let sandbox: SandboxHandle;

beforeAll(async () => {
  cli = await buildCli('cli');
  sandbox = await startSandbox({
    statusStrings: { scheduled: 'queued', published: 'live' },
    errorShape: 'nested',
  });
});

afterAll(async () => {
  await sandbox.close();
  for (const dir of [...dirs, cli]) rmSync(dir, { recursive: true, force: true });
});

describe('outpost CLI', () => {
  it(
    'connects, drafts offline, then syncs, schedules, publishes and reports',
    { timeout: 240_000 },
    async () => {
      const f = sandbox.fixtures;
      const dataDir = tempDir();
      const env = { OUTPOST_TOKEN: sandbox.token };
      const g = ['--data-dir', dataDir];

      const connected = await outpost([...g, '--json', 'connect', '--base-url', `${sandbox.baseUrl}/`], env);
      expect(connected.code).toBe(0);
      const connectDoc = jsonOf<{ settings: SettingsView; workspaces: string[] }>(connected);
      expect(connectDoc.workspaces).toContain(f.workspace);
      expect(connectDoc.settings.baseUrl).toBe(sandbox.baseUrl);
      expect(connectDoc.settings.tokenStorage).toBe('environment');
      expect(connected.stdout).not.toContain(sandbox.token);

      // Drafting commands never touch the network.
      const requestsBefore = sandbox.stats.requests;
      const postId = await ok([...g, 'draft', '--title', 'CLI launch', '--workspace', f.workspace], env);
      expect(postId).toMatch(/^[0-9a-f-]{36}$/);
      const vDefault = await ok(
        [...g, 'variant', '--post', postId, '--platform', 'x', '--content', 'Launch day, default account'],
        env,
      );
      const vNone = await ok(
        [...g, 'variant', '--post', postId, '--platform', 'x', '--content', 'Assign later', '--no-profile'],
        env,
      );
      const vChosen = await ok(
        [
          ...g,
          'variant',
          '--post',
          postId,
          '--platform',
          'x',
          '--content',
          'From support',
          '--profile',
          f.profiles.xSecond,
        ],
        env,
      );
      const vLinkedin = await ok(
        [...g, 'variant', '--post', postId, '--platform', 'linkedin', '--content', 'First draft'],
        env,
      );
      const vBluesky = await ok(
        [...g, 'variant', '--post', postId, '--platform', 'bluesky', '--content', 'Needs sign-off'],
        env,
      );
      await ok([...g, 'edit', '--variant', vLinkedin, '--content', 'Final words for LinkedIn'], env);
      const at = '2031-06-01T09:30:00Z';
      await ok([...g, 'schedule', '--variant', vDefault, '--at', at], env);
      const pending = jsonOf<{ status: SyncStatus }>(await outpost([...g, '--json', 'status'], env));
      expect(pending.status.pending).toBeGreaterThan(0);
      expect(sandbox.stats.requests).toBe(requestsBefore);
      expect(sandbox.inspect.posts(f.workspace).some((p) => p.title === 'CLI launch')).toBe(false);

      // Publishing is the user's go: it may start sending at once; `sync` then finishes the rest.
      await ok([...g, 'publish', '--variant', vChosen], env);
      await ok([...g, 'publish', '--variant', vBluesky], env);

      const synced = await outpost([...g, 'sync'], env);
      expect(synced.stderr).toBe('');
      expect(synced.code).toBe(0);

      const onService = sandbox.inspect.posts(f.workspace).filter((p) => p.title === 'CLI launch');
      expect(onService).toHaveLength(1);
      const serverPostId = onService[0]?.id ?? '';
      const serverVariants = sandbox.inspect.variants(serverPostId);
      expect(serverVariants).toHaveLength(5);
      const byContent = new Map(serverVariants.map((v) => [v.content, v]));
      expect(byContent.get('Launch day, default account')?.social_profile_id).toBe(f.profiles.xDefault);
      expect(byContent.get('Launch day, default account')?.scheduled_at).toBe('2031-06-01T09:30:00.000Z');
      expect(byContent.get('Assign later')?.social_profile_id).toBeNull();
      expect(byContent.get('From support')?.social_profile_id).toBe(f.profiles.xSecond);
      expect(byContent.get('From support')?.platform_post_url).toMatch(/^https:\/\//);
      expect(byContent.get('Final words for LinkedIn')).toBeDefined();
      expect(byContent.get('Needs sign-off')?.status).toBe('needs_approval');
      for (const v of serverVariants) expect(sandbox.inspect.publishCount(v.id)).toBeLessThanOrEqual(1);

      // --json carries the service's ids next to the local ones.
      const variants = jsonOf<VariantView[]>(
        await outpost([...g, '--json', 'variants', '--post', postId], env),
      );
      const local = new Map(variants.map((v) => [v.id, v]));
      expect(new Set(variants.map((v) => v.serverId))).toEqual(new Set(serverVariants.map((v) => v.id)));
      expect(local.get(vChosen)?.state).toBe('published');
      expect(local.get(vDefault)?.state).toBe('scheduled');
      expect(local.get(vBluesky)?.state).toBe('needs_approval');
      expect(local.get(vNone)?.account).toEqual({ kind: 'none' });
      const post = jsonOf<PostDetail[]>(
        await outpost([...g, '--json', 'posts', '--workspace', f.workspace], env),
      ).find((p) => p.id === postId);
      expect(post?.serverId).toBe(serverPostId);

      // Sign-off released on the service: the next sync sees it published.
      sandbox.releaseApproval(byContent.get('Needs sign-off')?.id ?? '');
      await ok([...g, 'sync'], env);
      const afterRelease = jsonOf<VariantView[]>(
        await outpost([...g, '--json', 'variants', '--post', postId], env),
      );
      expect(afterRelease.find((v) => v.id === vBluesky)?.state).toBe('published');
      expect(afterRelease.find((v) => v.id === vBluesky)?.platformPostUrl).toMatch(/^https:\/\//);

      // Unschedule.
      await ok([...g, 'schedule', '--variant', vDefault, '--clear'], env);
      await ok([...g, 'sync'], env);
      expect(
        sandbox.inspect.variants(serverPostId).find((v) => v.content.startsWith('Launch day'))?.scheduled_at,
      ).toBeNull();

      const status = jsonOf<{ settings: SettingsView; status: SyncStatus }>(
        await outpost([...g, '--json', 'status'], env),
      );
      expect(status.settings.connected).toBe(true);
      expect(status.status).toMatchObject({ pending: 0, failed: 0, conflicts: 0 });
      expect(status.status.lastSyncAt).not.toBeNull();

      const log = await ok([...g, 'log', '--limit', '50'], env);
      expect(log.split('\n').length).toBeGreaterThan(3);
      expect(await ok([...g, 'conflicts'], env)).toBe('No conflicts.');
    },
  );

  it(
    'drafts with no connection and no token, and says clearly what cannot be done',
    { timeout: 120_000 },
    async () => {
      const dataDir = tempDir();
      const env = { OUTPOST_TOKEN: undefined };
      const g = ['--data-dir', dataDir];
      const postId = await ok([...g, 'draft', '--title', 'Written on a plane'], env);
      const variantId = await ok(
        [...g, 'variant', '--post', postId, '--platform', 'mastodon', '--content', 'Hi'],
        env,
      );
      const listed = await outpost([...g, 'posts'], env);
      expect(listed.stdout).toContain(postId);
      expect(listed.stdout).toContain('local');
      const variants = jsonOf<VariantView[]>(
        await outpost([...g, '--json', 'variants', '--post', postId], env),
      );
      expect(variants.map((v) => v.id)).toEqual([variantId]);

      const sync = await outpost([...g, 'sync'], env);
      expect(sync.code).toBe(1);
      expect(sync.stderr).toMatch(/^outpost: Not connected.*\n$/);

      const connect = await outpost([...g, 'connect', '--base-url', sandbox.baseUrl], env, '');
      expect(connect.code).toBe(2);
      expect(connect.stderr).toMatch(/standard input|OUTPOST_TOKEN/);

      // Later, online: connect, assign the local drafts to a workspace, sync.
      const online = { OUTPOST_TOKEN: sandbox.token };
      await ok([...g, 'connect', '--base-url', sandbox.baseUrl], online);
      expect(await ok([...g, 'move', '--workspace', sandbox.fixtures.workspace], online)).toBe(
        `Moved 1 draft(s) to ${sandbox.fixtures.workspace}.`,
      );
      await ok([...g, 'sync'], online);
      const held = sandbox.inspect
        .posts(sandbox.fixtures.workspace)
        .filter((p) => p.title === 'Written on a plane');
      expect(held).toHaveLength(1);
      expect(sandbox.inspect.variants(held[0]?.id).map((v) => [v.platform, v.content])).toEqual([
        ['mastodon', 'Hi'],
      ]);
    },
  );

  it(
    'reads the token from standard input, and refuses a bad one without echoing it',
    { timeout: 120_000 },
    async () => {
      const dataDir = tempDir();
      const noEnv = { OUTPOST_TOKEN: undefined };
      const bad = await outpost(
        ['--data-dir', dataDir, 'connect', '--base-url', sandbox.baseUrl],
        noEnv,
        'not-a-token-xyz\n',
      );
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/personal access token/);
      expect(bad.stderr).not.toContain('not-a-token-xyz');

      const revoked = sandbox.mintToken();
      sandbox.revokeToken(revoked);
      const refused = await outpost(
        ['--data-dir', dataDir, '--json', 'connect', '--base-url', sandbox.baseUrl],
        noEnv,
        `${revoked}\n`,
      );
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false, error: { code: 'auth' } });
      expect(refused.stdout + refused.stderr).not.toContain(revoked);

      const good = await outpost(
        ['--data-dir', dataDir, 'connect', '--base-url', sandbox.baseUrl],
        noEnv,
        `${sandbox.token}\n`,
      );
      expect(good.code).toBe(0);
      expect(good.stdout).toContain('Connected');
      expect(good.stdout + good.stderr).not.toContain(sandbox.token);

      // The other header style is kept with the connection and used by later commands.
      const apiKey = { OUTPOST_TOKEN: sandbox.token };
      await ok(
        ['--data-dir', dataDir, 'connect', '--base-url', sandbox.baseUrl, '--auth-header', 'x-api-key'],
        apiKey,
      );
      const settings = jsonOf<{ settings: SettingsView }>(
        await outpost(['--data-dir', dataDir, '--json', 'status'], apiKey),
      ).settings;
      expect(settings.authHeader).toBe('x-api-key');
      await ok(['--data-dir', dataDir, 'sync'], apiKey);
    },
  );

  it(
    'answers usage errors and unknown ids with one line and a non-zero exit',
    { timeout: 120_000 },
    async () => {
      const dataDir = tempDir();
      const env = { OUTPOST_TOKEN: undefined };
      const usage = await outpost(['--data-dir', dataDir, 'schedule', '--variant', 'x'], env);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toBe("outpost: 'schedule' needs --at or --clear.\n");

      const unknown = await outpost(
        ['--data-dir', dataDir, '--json', 'variants', '--post', 'no-such-post'],
        env,
      );
      expect(unknown.code).toBe(1);
      expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
      const doc = JSON.parse(unknown.stdout) as { ok: boolean; error: { code: string } };
      expect(doc.ok).toBe(false);
      expect(doc.error.code).toBe('not_found');

      const help = await outpost(['--help'], env);
      expect(help.code).toBe(0);
      for (const command of [
        'connect',
        'status',
        'sync',
        'draft',
        'variant',
        'schedule',
        'publish',
        'resolve',
        'log',
      ]) {
        expect(help.stdout).toContain(command);
      }
    },
  );

  it('shows conflicts and resolves them with --mine and --theirs', { timeout: 240_000 }, async () => {
    const f = sandbox.fixtures;
    const dataDir = tempDir();
    const env = { OUTPOST_TOKEN: sandbox.token };
    const g = ['--data-dir', dataDir];
    await ok([...g, 'connect', '--base-url', sandbox.baseUrl], env);
    const postId = await ok([...g, 'draft', '--title', 'Conflict ahead', '--workspace', f.workspace], env);
    const a = await ok(
      [...g, 'variant', '--post', postId, '--platform', 'x', '--content', 'A original'],
      env,
    );
    const b = await ok(
      [...g, 'variant', '--post', postId, '--platform', 'linkedin', '--content', 'B original'],
      env,
    );
    await ok([...g, 'sync'], env);
    const linked = jsonOf<VariantView[]>(await outpost([...g, '--json', 'variants', '--post', postId], env));
    const serverPostId =
      sandbox.inspect.posts(f.workspace).find((p) => p.title === 'Conflict ahead')?.id ?? '';
    const serverOf = (id: string): string => linked.find((v) => v.id === id)?.serverId ?? '';

    // Someone changes both on the service while they are edited here.
    const other = new ServiceClient({ baseUrl: sandbox.baseUrl, token: sandbox.token, authHeader: 'bearer' });
    await other.updateVariant(f.workspace, serverPostId, serverOf(a), { content: 'A theirs' });
    await other.updateVariant(f.workspace, serverPostId, serverOf(b), { content: 'B theirs' });
    await ok([...g, 'edit', '--variant', a, '--content', 'A mine'], env);
    await ok([...g, 'edit', '--variant', b, '--content', 'B mine'], env);

    const conflicted = await outpost([...g, 'sync'], env);
    expect(conflicted.code).toBe(1);
    expect(conflicted.stdout).toContain('outpost conflicts');
    // Nothing was overwritten on the service.
    const held = (): Map<string, string> =>
      new Map(sandbox.inspect.variants(serverPostId).map((v) => [v.id, v.content]));
    expect(held().get(serverOf(a))).toBe('A theirs');

    const listed = jsonOf<Array<{ postId: string; variants: Array<{ id: string; conflicts: unknown[] }> }>>(
      await outpost([...g, '--json', 'conflicts'], env),
    );
    const entry = listed.find((c) => c.postId === postId);
    expect(entry?.variants.map((v) => v.id).sort()).toEqual([a, b].sort());
    expect(entry?.variants.find((v) => v.id === a)?.conflicts).toEqual([
      { field: 'content', mine: 'A mine', theirs: 'A theirs' },
    ]);
    const text = await ok([...g, 'conflicts'], env);
    expect(text).toContain(`variant ${a}\tcontent\tmine: A mine\ttheirs: A theirs`);

    await ok([...g, 'resolve', '--variant', a, '--mine'], env);
    await ok([...g, 'resolve', '--variant', b, '--theirs'], env);
    await ok([...g, 'sync'], env);
    expect(held().get(serverOf(a))).toBe('A mine');
    expect(held().get(serverOf(b))).toBe('B theirs');
    expect(await ok([...g, 'conflicts'], env)).toBe('No conflicts.');
    const after = jsonOf<VariantView[]>(await outpost([...g, '--json', 'variants', '--post', postId], env));
    expect(after.find((v) => v.id === b)?.content).toBe('B theirs');
  });

  it('retries and discards a failed operation from the outbox', { timeout: 240_000 }, async () => {
    const f = sandbox.fixtures;
    const dataDir = tempDir();
    const env = { OUTPOST_TOKEN: sandbox.token };
    const g = ['--data-dir', dataDir];
    await ok([...g, 'connect', '--base-url', sandbox.baseUrl], env);
    const postId = await ok([...g, 'draft', '--title', 'Refused twice', '--workspace', f.workspace], env);
    const v = await ok([...g, 'variant', '--post', postId, '--platform', 'x', '--content', 'Going out'], env);
    await ok([...g, 'schedule', '--variant', v, '--at', '2031-01-01T09:00:00Z'], env);
    await ok([...g, 'sync'], env);
    const failedOp = async (): Promise<{ id: string; kind: string; state: string; error: string | null }> => {
      const ops = jsonOf<Array<{ id: string; kind: string; state: string; error: string | null }>>(
        await outpost([...g, '--json', 'outbox'], env),
      );
      const op = ops.find((o) => o.state === 'failed');
      expect(op).toBeDefined();
      return op!;
    };

    // A scheduled variant must stay sendable: the service refuses empty content.
    await ok([...g, 'edit', '--variant', v, '--content', ''], env);
    expect((await outpost([...g, 'sync'], env)).code).toBe(1);
    const refused = await failedOp();
    expect(refused.kind).toBe('update_variant');
    // The list says what each op takes now, as the core's op machine answers it: its last
    // column, as the commands a person types.
    const row = (await ok([...g, 'outbox'], env)).split('\n').find((line) => line.startsWith(refused.id));
    expect(row?.split('\t').at(-1)).toBe(
      `outpost outbox retry ${refused.id} or outpost outbox discard ${refused.id}`,
    );
    await ok([...g, 'outbox', 'discard', refused.id], env);
    expect(jsonOf<unknown[]>(await outpost([...g, '--json', 'outbox'], env))).toEqual([]);
    const kept = jsonOf<VariantView[]>(await outpost([...g, '--json', 'variants', '--post', postId], env));
    expect(kept[0]?.content).toBe('Going out');

    // Refused again; then the schedule is cleared on the service, and a retry goes through.
    await ok([...g, 'edit', '--variant', v, '--content', ''], env);
    expect((await outpost([...g, 'sync'], env)).code).toBe(1);
    const again = await failedOp();
    const serverPost = sandbox.inspect.posts(f.workspace).find((p) => p.title === 'Refused twice')!;
    const serverVariant = sandbox.inspect.variants(serverPost.id)[0]!;
    const other = new ServiceClient({ baseUrl: sandbox.baseUrl, token: sandbox.token, authHeader: 'bearer' });
    await other.updateVariant(f.workspace, serverPost.id, serverVariant.id, { scheduled_at: null });
    const retried = jsonOf<{ state: string }>(
      await outpost([...g, '--json', 'outbox', 'retry', again.id], env),
    );
    expect(['pending', 'done']).toContain(retried.state);
    await ok([...g, 'sync'], env);
    expect(sandbox.inspect.variants(serverPost.id)[0]!.content).toBe('');

    const wrong = await outpost([...g, 'outbox', 'retry'], env);
    expect([wrong.code, wrong.stderr]).toEqual([2, "outpost: 'outbox retry' needs an operation id.\n"]);
  });

  it('resolves a title conflict with resolve --post', { timeout: 240_000 }, async () => {
    const f = sandbox.fixtures;
    const dataDir = tempDir();
    const env = { OUTPOST_TOKEN: sandbox.token };
    const g = ['--data-dir', dataDir];
    await ok([...g, 'connect', '--base-url', sandbox.baseUrl], env);
    const postId = await ok([...g, 'draft', '--title', 'Named once', '--workspace', f.workspace], env);
    await ok([...g, 'sync'], env);
    const serverPostId = sandbox.inspect.posts(f.workspace).find((p) => p.title === 'Named once')!.id;
    sandbox.renamePost(serverPostId, 'Named in the app');
    // The desktop app renames it here meanwhile (the CLI has no title command): same data folder.
    const desktop = await createAppCore({
      dataDir,
      secrets: new MemorySecretStore(),
      host: 'electron',
      version: 'test',
      syncIntervalMs: false,
      syncAfterChangeMs: false,
    });
    const renamed = await desktop.invoke('posts.update', { id: postId, title: 'Named here' });
    await desktop.close(0);
    expect(renamed.ok).toBe(true);

    expect((await outpost([...g, 'sync'], env)).code).toBe(1);
    expect(await ok([...g, 'conflicts'], env)).toContain(
      `post ${postId}\ttitle\tmine: Named here\ttheirs: Named in the app`,
    );
    const resolved = jsonOf<PostDetail>(
      await outpost([...g, '--json', 'resolve', '--post', postId, '--theirs'], env),
    );
    expect([resolved.title, resolved.conflicts]).toEqual(['Named in the app', []]);
    await ok([...g, 'sync'], env);
    expect(await ok([...g, 'conflicts'], env)).toBe('No conflicts.');
  });

  it('keeps the token in the OS keychain for later commands', { timeout: 120_000 }, async () => {
    if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
      throw new Error(
        'No D-Bus session: run this through `npm test` (it starts gnome-keyring) or dbus-run-session.',
      );
    }
    const dataDir = tempDir();
    const noEnv = { OUTPOST_TOKEN: undefined };
    const g = ['--data-dir', dataDir];
    // Its own token, so removing it afterwards touches nothing else.
    const token = sandbox.mintToken();
    const keytar = ((await import('keytar')) as { default: KeytarApi }).default;
    try {
      const connected = await runCli(
        cli,
        [...g, 'connect', '--base-url', sandbox.baseUrl],
        noEnv,
        `${token}\n`,
        true,
      );
      expect(connected.stderr).toBe('');
      expect(connected.code).toBe(0);
      expect(await keytar.getPassword('Outpost', sandbox.baseUrl)).toBe(token);
      const status = jsonOf<{ settings: SettingsView }>(
        await runCli(cli, [...g, '--json', 'status'], noEnv, '', true),
      );
      expect(status.settings.tokenStorage).toBe('keychain');
      expect(status.settings.keychainMessage).toBeNull();
      const synced = await runCli(cli, [...g, 'sync'], noEnv, '', true);
      expect(synced.stderr).toBe('');
      expect(synced.code).toBe(0);
    } finally {
      await keytar.deletePassword('Outpost', sandbox.baseUrl);
    }
  });

  it(
    'stops on a refused token, keeps everything, and carries on with a new one',
    { timeout: 180_000 },
    async () => {
      const f = sandbox.fixtures;
      const dataDir = tempDir();
      const g = ['--data-dir', dataDir];
      const first = { OUTPOST_TOKEN: sandbox.mintToken() };
      await ok([...g, 'connect', '--base-url', sandbox.baseUrl], first);
      const postId = await ok([...g, 'draft', '--title', 'Token rotates', '--workspace', f.workspace], first);
      await ok(
        [...g, 'variant', '--post', postId, '--platform', 'linkedin', '--content', 'Still here'],
        first,
      );
      sandbox.revokeToken(first.OUTPOST_TOKEN);

      const refused = await outpost([...g, 'sync'], first);
      expect(refused.code).toBe(1);
      // The status line in words, as the window says it (--json keeps the phase's code).
      expect(refused.stdout).toContain('Sync: Needs a new access token');
      expect(refused.stdout).toContain("'outpost connect'");
      expect(refused.stdout + refused.stderr).not.toContain(first.OUTPOST_TOKEN);
      expect(sandbox.inspect.posts(f.workspace).some((p) => p.title === 'Token rotates')).toBe(false);
      // No token at all: none in the environment, and no keychain to read a kept one from (the
      // child has no D-Bus session). It says the keychain could not be reached and what works
      // meanwhile: not that none was ever given, nor that the service refused one.
      const noToken = { OUTPOST_TOKEN: undefined };
      const outOfReach = `The OS keychain could not be reached, so Outpost cannot read the access token kept there; nothing was lost. Meanwhile, give each command the token in OUTPOST_TOKEN, with OUTPOST_BASE_URL=${sandbox.baseUrl}.`;
      const none = await outpost([...g, 'sync'], noToken);
      expect(none.code).toBe(1);
      expect(none.stderr.split('\n')).toContain(`outpost: ${outOfReach}`);
      expect(none.stdout).toContain(`Last error: ${outOfReach}`);
      expect(none.stdout + none.stderr).not.toMatch(
        /No access token is stored|did not accept|'outpost connect'/,
      );
      const noneJson = await outpost([...g, '--json', 'sync'], noToken);
      expect(noneJson.code).toBe(1);
      const document = JSON.parse(noneJson.stdout) as { ok: boolean; value: { problems: unknown[] } };
      expect(document.ok).toBe(false);
      expect(document.value.problems).toContainEqual({ part: 'token', message: outOfReach });

      const second = { OUTPOST_TOKEN: sandbox.mintToken() };
      await ok([...g, 'connect', '--base-url', sandbox.baseUrl], second);
      await ok([...g, 'sync'], second);
      const held = sandbox.inspect.posts(f.workspace).filter((p) => p.title === 'Token rotates');
      expect(held).toHaveLength(1);
      expect(sandbox.inspect.variants(held[0]?.id).map((v) => v.content)).toEqual(['Still here']);
    },
  );

  it('says why a publish waits when the keychain cannot be reached', { timeout: 120_000 }, async () => {
    const f = sandbox.fixtures;
    const g = ['--data-dir', tempDir()];
    const env = { OUTPOST_TOKEN: sandbox.token };
    await ok([...g, 'connect', '--base-url', sandbox.baseUrl], env);
    await ok([...g, 'sync'], env);
    const postId = await ok([...g, 'draft', '--title', 'Out of reach', '--workspace', f.workspace], env);
    const v = await ok([...g, 'variant', '--post', postId, '--platform', 'x', '--content', 'Not yet'], env);
    // No OUTPOST_TOKEN, no D-Bus session: the publish waits, and says why in the CLI's words.
    const published = await outpost([...g, 'publish', '--variant', v], { OUTPOST_TOKEN: undefined });
    expect([published.code, published.stderr]).toEqual([0, '']);
    expect(published.stdout.split('\n')[1]).toBe(
      `The OS keychain could not be reached, so Outpost cannot read the access token kept there; nothing was lost. Meanwhile, give each command the token in OUTPOST_TOKEN, with OUTPOST_BASE_URL=${sandbox.baseUrl}.`,
    );
    expect(sandbox.inspect.posts(f.workspace).some((p) => p.title === 'Out of reach')).toBe(false);
  });
});
