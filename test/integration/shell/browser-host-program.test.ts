// The browser host as a program (`npm run start:browser`), run from source as a child process:
// its one line, a page's way in through the printed code, SIGTERM, a core that cannot open, and
// a wrong argument.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultRendererDir } from '../../../src-main/browser-host/lifecycle';

const root = join(import.meta.dirname, '..', '..', '..');
const LINE = /^OUTPOST url=(http:\/\/127\.0\.0\.1:\d+)\/\?code=([A-Za-z0-9_-]+)$/;
const dir = mkdtempSync(join(tmpdir(), 'outpost-host-program-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function host(args: string[]): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // No keychain for this child: the token store falls back to memory.
  delete env.DBUS_SESSION_BUS_ADDRESS;
  return spawn(join(root, 'node_modules', '.bin', 'tsx'), ['src-main/browser-host.ts', ...args], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('the browser host program', () => {
  it('finds the built renderer at the repository root when run from source', () => {
    expect(defaultRendererDir()).toBe(join(root, 'out', 'renderer'));
  });

  it(
    'prints one line whose code opens a session on the real core, and stops on SIGTERM',
    { timeout: 60_000 },
    async () => {
      const child = host(['--port', '0', '--data-dir', join(dir, 'data')]);
      const lines: string[] = [];
      const reader = createInterface({ input: child.stdout! });
      reader.on('line', (line) => lines.push(line));
      const [first] = (await once(reader, 'line')) as [string];
      const match = LINE.exec(first);
      if (!match) child.kill('SIGTERM');
      expect(match, first).not.toBeNull();
      const [, base, code] = match!;

      const traded = await fetch(`${base}/bridge/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: base! },
        body: JSON.stringify({ code }),
      });
      expect(traded.status).toBe(200);
      const { session } = (await traded.json()) as { session: string };
      const info = await fetch(`${base}/bridge/invoke/app.info`, {
        method: 'POST',
        headers: { 'X-Outpost-Token': session, Origin: base! },
      });
      expect(await info.json()).toMatchObject({ ok: true, value: { host: 'browser' } });

      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [exitCode] = (await exited) as [number | null];
      expect(exitCode).toBe(0);
      expect(lines).toEqual([first]);
    },
  );

  it(
    'prints its line before the core has opened; a core that cannot open ends it with the reason, and a command asked meanwhile is answered in words',
    { timeout: 60_000 },
    async () => {
      // A database a newer Outpost wrote: this build's core refuses to open it.
      const data = join(dir, 'newer');
      mkdirSync(data, { recursive: true });
      const db = new Database(join(data, 'outpost.db'));
      db.exec(
        'create table kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)',
      );
      db.prepare('insert into kysely_migration values (?, ?)').run('9999-from-the-future', '2030-01-01');
      db.close();

      const child = host(['--port', '0', '--data-dir', data]);
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const exited = once(child, 'exit');
      const reader = createInterface({ input: child.stdout! });
      const [first] = (await once(reader, 'line')) as [string];
      const [, base, code] = LINE.exec(first) ?? [];
      expect(base, first).toBeDefined();
      const asked = (async () => {
        const traded = await fetch(`${base}/bridge/session`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: base! },
          body: JSON.stringify({ code }),
        });
        const { session } = (await traded.json()) as { session: string };
        const info = await fetch(`${base}/bridge/invoke/app.info`, {
          method: 'POST',
          headers: { 'X-Outpost-Token': session, Origin: base! },
        });
        return (await info.json()) as { ok: boolean; error?: { message: string } };
      })().catch((error: unknown) => ({ ok: false, error: { message: String(error) } }));

      const [exitCode] = (await exited) as [number | null];
      expect(exitCode).toBe(1);
      expect(stderr).toContain('outpost browser host could not start:');
      expect(stderr).toMatch(/newer/i);
      // Answered (in words, or the connection closed as the program ended), never left hanging.
      expect((await asked).ok).toBe(false);
    },
  );

  it(
    'refuses an unknown argument with exit code 2 and says how to call it',
    { timeout: 60_000 },
    async () => {
      const child = host(['--verbose']);
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const [exitCode] = (await once(child, 'exit')) as [number | null];
      expect(exitCode).toBe(2);
      expect(stderr).toContain('outpost browser host: Unknown argument "--verbose".');
      expect(stderr).toContain('Usage: browser-host [--port N] [--data-dir DIR]');
    },
  );
});
