// Issue 14, point 1: a service that echoes the token (status line, headers, body, a redirect's
// Location) must not get it into the data folder, the bridge's answers and events, or the CLI's
// output. Every file of the folder is read as raw bytes (the database, its WAL, the logs).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { buildCli, runCli } from '../cli/run-cli';
import { openCore } from '../core/helpers';
import { startEchoServer, type EchoServer } from './echo-server';

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

/** Where each secret occurs in `text`; empty when nowhere. */
function leaks(text: string | Buffer, secrets: string[], where: string): string[] {
  const buffer = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return secrets.filter((s) => buffer.includes(Buffer.from(s, 'utf8'))).map((s) => `${where}: ${s}`);
}

describe('a service that echoes the token', () => {
  it('never gets it into the data folder, the bridge or the CLI', async () => {
    const token = sandbox.token;
    const secrets = [token, token.slice(token.indexOf('_pat_') + 5)];
    expect(secrets[1]!.length).toBeGreaterThan(8);

    const t = await openCore({ requestTimeoutMs: 5_000 });
    const found: string[] = [];
    const answers: unknown[] = [];
    try {
      await t.call('settings.connect', { baseUrl: echo.baseUrl, token, authHeader: 'bearer' });
      await t.core.syncNow('test');
      const post = await t.call('posts.create', { workspace: sandbox.fixtures.workspace, title: 'Echoed' });
      await t.call('variants.create', {
        postId: post.id,
        platform: 'linkedin',
        content: 'Body',
        account: { kind: 'default' },
      });

      echo.hostile = true;
      await t.core.syncNow('test');
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

    // The CLI on the same folder, with the token from the environment as a script would.
    const env = { OUTPOST_TOKEN: token };
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
