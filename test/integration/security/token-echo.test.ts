// A service that echoes the token (status line, headers, body, a redirect's
// Location) must not get it into the data folder, the bridge's answers and events, or the CLI's
// output. Every file of the folder is read as raw bytes (the database, its WAL, the logs).
// Nor in any encoding (JSON `\u` escapes of some or all of its characters,
// percent-encoding in either hex case), ten levels deep in an answer or an error, whatever
// command shows it; each encoding of the token and of its secret part is searched for.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { buildCli, runCli } from '../cli/run-cli';
import { openCore } from '../core/helpers';
import { startEchoServer, type EchoServer } from './echo-server';
import { encodedLeaks, secretsOf } from './token-encodings';

let sandbox: SandboxHandle;
let echo: EchoServer;
let cli: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  echo = await startEchoServer(sandbox.baseUrl);
  cli = await buildCli('token-echo');
});
afterAll(async () => {
  await echo.close();
  await sandbox.close();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const leaks = encodedLeaks;

describe('a service that echoes the token', () => {
  it('never gets it into the data folder, the bridge or the CLI', async () => {
    const token = sandbox.token;
    const secrets = secretsOf(token);
    expect(secrets[1]!.length).toBeGreaterThan(8);

    const t = await openCore({ requestTimeoutMs: 5_000 });
    const found: string[] = [];
    const answers: unknown[] = [];
    try {
      await t.call('settings.connect', { baseUrl: echo.baseUrl, token, authHeader: 'bearer' });
      await t.core.syncNow('user');
      const post = await t.call('posts.create', { workspace: sandbox.fixtures.workspace, title: 'Echoed' });
      await t.call('variants.create', {
        postId: post.id,
        platform: 'linkedin',
        content: 'Body',
        account: { kind: 'default' },
      });

      echo.hostile = true;
      await t.core.syncNow('user');
      answers.push(await t.core.invoke('sync.now', undefined));
      answers.push(
        await t.core.invoke('settings.testConnection', {
          baseUrl: echo.baseUrl,
          token,
          authHeader: 'bearer',
        }),
      );
      for (const command of ['sync.status', 'outbox.list', 'settings.get'] as const) {
        answers.push(await t.core.invoke(command, undefined));
      }
      answers.push(await t.core.invoke('sync.log', { limit: 100 }));
      const log = JSON.stringify(answers.at(-1));
      // The test reached the paths it means to: the echoing answers were recorded.
      expect(log).toMatch(/418|302|500/);
    } finally {
      await t.core.close(1_000);
    }
    found.push(...leaks(JSON.stringify(answers), secrets, 'invoke answers'));
    found.push(...leaks(JSON.stringify(t.events), secrets, 'events'));

    // The CLI on the same folder, with the token from the environment as a script would (named
    // for the address: the folder was connected with a typed token, which it would not replace).
    const env = { OUTPOST_TOKEN: token, OUTPOST_BASE_URL: echo.baseUrl };
    const runs = [
      await runCli(cli, ['--data-dir', t.dir, 'sync', '--wait', '0'], env),
      await runCli(cli, ['--data-dir', t.dir, 'status'], env),
      await runCli(cli, ['--data-dir', t.dir, 'log'], env),
      await runCli(cli, ['--data-dir', t.dir, '--json', 'outbox'], env),
      await runCli(cli, ['--data-dir', t.dir, '--json', 'status'], env),
    ];
    expect(runs.map((r) => r.stdout).join('')).toMatch(/418|302|500/);
    for (const [i, run] of runs.entries())
      found.push(...leaks(run.stdout + run.stderr, secrets, `cli run ${i}`));

    const files = filesUnder(t.dir);
    expect(files.some((f) => f.endsWith('outpost.db'))).toBe(true);
    expect(files.some((f) => f.endsWith('outpost.log'))).toBe(true);
    for (const file of files) found.push(...leaks(readFileSync(file), secrets, file));
    await t.close();
    expect(found).toEqual([]);
  });
});

describe('a service that echoes the token in every encoding, ten levels deep', () => {
  // Three syncs against an answer ten levels deep, and the CLI: a loaded machine takes more than 30 s.
  it('never gets any of them into the data folder, the bridge or the CLI', { timeout: 90_000 }, async () => {
    // A token of its own, so the first test's folder and this one's cannot mix.
    echo.hostile = false;
    const token = sandbox.mintToken();
    const secrets = secretsOf(token);
    const t = await openCore({ requestTimeoutMs: 5_000 });
    const answers: unknown[] = [];
    const found: string[] = [];
    let postId: string | undefined;
    const reached: boolean[] = [];
    try {
      await t.call('settings.connect', { baseUrl: echo.baseUrl, token, authHeader: 'bearer' });
      await t.core.syncNow('user');
      const post = await t.call('posts.create', { workspace: sandbox.fixtures.workspace, title: 'Encoded' });
      postId = post.id;
      const variants = [];
      for (const platform of ['linkedin', 'x'])
        variants.push(
          await t.call('variants.create', {
            postId: post.id,
            platform,
            content: `Body for ${platform}`,
            account: { kind: 'default' },
          }),
        );

      // Created first, with answers about what was sent: an answer whose title is not the one
      // sent is not recorded (it is read back), and this test is about refusals that quote it.
      await t.core.syncNow('user');
      // From here on every answer carries the token, and every change is refused quoting it.
      echo.encoded = true;
      await t.core.syncNow('user');
      await t.call('variants.schedule', { id: variants[0]!.id, at: '2031-01-01T10:00:00.000Z' });
      await t.call('variants.publish', { id: variants[1]!.id });
      await t.core.syncNow('user');
      await t.core.syncNow('user');

      for (const command of ['sync.status', 'outbox.list', 'settings.get', 'workspaces.list'] as const)
        answers.push(await t.core.invoke(command, undefined));
      const ws = { workspace: sandbox.fixtures.workspace };
      answers.push(await t.core.invoke('posts.list', ws));
      answers.push(await t.core.invoke('posts.get', { id: post.id }));
      answers.push(await t.core.invoke('activity.list', { postId: post.id }));
      answers.push(await t.core.invoke('skills.list', ws));
      answers.push(await t.core.invoke('profiles.list', ws));
      answers.push(await t.core.invoke('sync.log', { limit: 500 }));
      answers.push(
        await t.core.invoke('settings.testConnection', {
          baseUrl: echo.baseUrl,
          token,
          authHeader: 'bearer',
        }),
      );
      // The echoes were kept, scrubbed: titles, keys and refusals say [redacted] where they were.
      const shown = JSON.stringify(answers);
      const ops = answers[1] as { ok: true; value: Array<{ error: string | null }> };
      reached.push(
        /"title":"[^"]+ sent \[redacted\]"/.test(shown),
        ops.value.some((op) => op.error?.includes('sent [redacted]')),
        shown.includes('"[redacted]":"a key"'),
      );
    } finally {
      await t.core.close(1_000);
    }
    found.push(...leaks(JSON.stringify(answers), secrets, 'invoke answers'));
    found.push(...leaks(JSON.stringify(t.events), secrets, 'events'));
    expect(t.events.length).toBeGreaterThan(0);

    const env = { OUTPOST_TOKEN: token, OUTPOST_BASE_URL: echo.baseUrl };
    const runs = [];
    for (const json of [[], ['--json']])
      for (const command of [
        ['sync', '--wait', '0'],
        ['status'],
        ['log'],
        ['outbox'],
        ['posts'],
        ['variants', '--post', String(postId)],
        ['conflicts'],
      ])
        runs.push(await runCli(cli, ['--data-dir', t.dir, ...json, ...command], env));
    reached.push(
      runs
        .map((r) => r.stdout)
        .join('')
        .includes('sent [redacted]'),
    );
    for (const [i, run] of runs.entries())
      found.push(...leaks(run.stdout + run.stderr, secrets, `cli run ${i}`));

    const files = filesUnder(t.dir);
    expect(files.some((f) => f.endsWith('outpost.db'))).toBe(true);
    expect(files.some((f) => f.endsWith('outpost.log'))).toBe(true);
    reached.push(Buffer.concat(files.map((f) => readFileSync(f))).includes('sent [redacted]'));
    for (const file of files) found.push(...leaks(readFileSync(file), secrets, file));
    await t.close();
    expect(found).toEqual([]);
    // It went through the paths it means to: answers carrying the token, and refusals quoting it.
    expect(reached).toEqual([true, true, true, true, true]);
    expect(echo.served.answers).toBeGreaterThan(5);
    expect(echo.served.errors).toBeGreaterThan(1);
  });
});
