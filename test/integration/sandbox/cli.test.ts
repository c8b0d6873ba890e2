import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const LINE = /^SANDBOX base_url=(http:\/\/127\.0\.0\.1:\d+) token=(cps_pat_\S+)$/;

interface Running {
  child: ChildProcess;
  first: string;
  lines: string[];
  baseUrl: string;
  token: string;
}

/** `npm run sandbox -- <args>` without npm's own banner: the script itself. */
async function startCli(args: string[]): Promise<Running> {
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['test/server/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const reader = createInterface({ input: child.stdout });
  reader.on('line', (line) => lines.push(line));
  const [first] = (await once(reader, 'line')) as [string];
  const match = LINE.exec(first);
  if (!match) child.kill('SIGTERM');
  expect(match, first).not.toBeNull();
  return { child, first, lines, baseUrl: match![1]!, token: match![2]! };
}

async function stop(running: Running): Promise<number | null> {
  const exited = once(running.child, 'exit');
  running.child.kill('SIGTERM');
  const [code] = (await exited) as [number | null];
  return code;
}

describe('npm run sandbox', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints one SANDBOX line with base_url and token, serves demo data, and stops on SIGTERM', async () => {
    const running = await startCli(['--port', '0', '--control']);
    const { baseUrl, token } = running;

    const response = await fetch(`${baseUrl}/api/workspaces/`, { headers: { 'X-API-Key': token } });
    const workspaces = (await response.json()) as Array<{ slug: string }>;
    expect(workspaces.length).toBeGreaterThan(0);
    const posts = await fetch(`${baseUrl}/api/workspaces/${workspaces[1]!.slug}/posts/`, {
      headers: { 'X-API-Key': token },
    });
    expect(((await posts.json()) as unknown[]).length).toBeGreaterThan(0);

    expect(await stop(running)).toBe(0);
    expect(running.lines).toEqual([running.first]);
  });

  it('--data keeps data and token across restarts; --control is off unless given, and takes --control-key', async () => {
    const file = join(dir, 'cli.db');
    const first = await startCli(['--port', '0', '--data', file]);
    const headers = { 'X-API-Key': first.token, 'Content-Type': 'application/json' };
    const [workspace] = (await (
      await fetch(`${first.baseUrl}/api/workspaces/`, { headers })
    ).json()) as Array<{ slug: string }>;
    const created = await fetch(`${first.baseUrl}/api/workspaces/${workspace!.slug}/posts/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Kept in the data file' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const disabled = await fetch(`${first.baseUrl}/_control/clock/`, { headers: { 'X-Control-Key': 'k' } });
    expect(disabled.status).toBe(404);
    expect(await stop(first)).toBe(0);
    expect(first.lines).toEqual([first.first]);

    const second = await startCli(['--port', '0', '--data', file, '--control', '--control-key', 'cli-key']);
    try {
      expect(second.token).toBe(first.token);
      const read = await fetch(`${second.baseUrl}/api/workspaces/${workspace!.slug}/posts/${id}/`, {
        headers: { 'X-API-Key': second.token },
      });
      expect(read.status).toBe(200);
      expect(((await read.json()) as { title: string }).title).toBe('Kept in the data file');
      const clock = await fetch(`${second.baseUrl}/_control/clock/`, {
        headers: { 'X-Control-Key': 'cli-key' },
      });
      expect(clock.status).toBe(200);
      expect(((await clock.json()) as { now: string }).now).toMatch(/Z$/);
    } finally {
      expect(await stop(second)).toBe(0);
    }
    expect(second.lines).toEqual([second.first]);
  });
});
