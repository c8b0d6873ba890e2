// The installed `outpost` command: bin/outpost.mjs runs the built out/main/cli.js, which
// `npm test` builds before any test runs (scripts/run-tests.mjs).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { root, type Run } from './run-cli';

const dataDir = mkdtempSync(join(tmpdir(), 'outpost-bin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function bin(args: string[], nodeOptions = ''): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: nodeOptions };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  delete env.OUTPOST_TOKEN;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'bin', 'outpost.mjs'), ...args], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end();
  });
}

it('runs the built CLI', { timeout: 60_000 }, async () => {
  if (!existsSync(join(root, 'out', 'main', 'cli.js'))) {
    throw new Error('out/main/cli.js is missing: run `npm run build` (npm test does it first).');
  }
  const help = await bin(['--help']);
  expect(help.code).toBe(0);
  expect(help.stdout).toContain('Usage: outpost');

  const draft = await bin(['--data-dir', dataDir, 'draft', '--title', 'From the bin']);
  expect(draft.stderr).toBe('');
  expect(draft.stdout.trim()).toMatch(/^[0-9a-f-]{36}$/);
  const posts = await bin(['--data-dir', dataDir, '--json', 'posts']);
  const doc = JSON.parse(posts.stdout) as { ok: boolean; value: Array<{ id: string; title: string }> };
  expect(doc.value).toEqual([expect.objectContaining({ id: draft.stdout.trim(), title: 'From the bin' })]);

  const usage = await bin(['nonsense']);
  expect(usage.code).toBe(2);
});

// Node 22 and later warn on every use of its own punycode module (DEP0040), which twitter-text
// asks for by that name: each command that loads the core would print the warning. Node 20
// prints it only when asked (--pending-deprecation), so this asks.
it(
  'loads none of Node’s deprecated modules, so no command prints a warning on newer Node',
  { timeout: 60_000 },
  async () => {
    const draft = await bin(['--data-dir', dataDir, 'draft', '--title', 'Quietly'], '--pending-deprecation');
    expect(draft.code).toBe(0);
    expect(draft.stderr).toBe('');
  },
);
