// `outpost export --out FILE`, JSON and CSV: a link is followed to the file it names, a folder
// or a missing folder is refused in words, a device is written into and never replaced, `-`
// is standard output, nothing is left behind on failure, and an unknown workspace is refused.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCliSession } from './cli-session';

const s = useCliSession('export-out');
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'outpost-export-out-'));
  await s.ok('connect', '--base-url', s.sandbox.baseUrl);
  await s.ok('sync');
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('outpost export --out', () => {
  it('follows a link and writes the file it names, keeping the link', { timeout: 60_000 }, async () => {
    mkdirSync(join(dir, 'real'));
    writeFileSync(join(dir, 'real', 'target.json'), 'old');
    symlinkSync('real/target.json', join(dir, 'link.json'));
    await s.ok('export', '--out', join(dir, 'link.json'));
    expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'real', 'target.json'), 'utf8'))).toBeTypeOf('object');
    expect(readdirSync(join(dir, 'real'))).toEqual(['target.json']);
  });

  it.each([
    ['JSON', []],
    ['CSV', ['--workspace', 'acme']],
  ])(
    'refuses a folder in words and leaves nothing behind (%s)',
    { timeout: 60_000 },
    async (_kind, extra) => {
      const folder = mkdtempSync(join(dir, 'folder-'));
      const run = await s.outpost('--json', 'export', ...extra, '--out', folder);
      expect(run.code).toBe(1);
      expect(JSON.parse(run.stdout)).toEqual({
        ok: false,
        error: {
          code: 'write_failed',
          message: `${folder} is a folder: give the name of a file to write, inside it or elsewhere.`,
        },
      });
      expect(readdirSync(dir).filter((f) => f.includes('partial'))).toEqual([]);
      expect(readdirSync(folder)).toEqual([]);
    },
  );

  it('names a missing folder, never its temporary file', { timeout: 60_000 }, async () => {
    for (const extra of [[], ['--workspace', s.sandbox.fixtures.workspace]]) {
      const run = await s.outpost('export', ...extra, '--out', '/nonexistent-outpost/dir/x.json');
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('outpost: The folder /nonexistent-outpost/dir does not exist.\n');
    }
  });

  it('writes into a pipe without replacing it', { timeout: 60_000 }, async () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo]);
    let read = '';
    reader.stdout.on('data', (c: Buffer) => (read += c.toString('utf8')));
    const done = new Promise((resolve) => reader.on('close', resolve));
    await s.ok('export', '--out', fifo);
    await done;
    expect(JSON.parse(read)).toBeTypeOf('object');
    expect(statSync(fifo).isFIFO()).toBe(true);
  });

  it('writes the JSON export to standard output for -', { timeout: 60_000 }, async () => {
    const run = await s.outpost('export', '--out', '-');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toBeTypeOf('object');
    expect(existsSync(join(process.cwd(), '-'))).toBe(false);
    const devStdout = await s.outpost('export', '--out', '/dev/stdout');
    expect(JSON.parse(devStdout.stdout)).toBeTypeOf('object');
    expect((await s.outpost('--json', 'export', '--out', '-')).code).toBe(2);
  });
});

describe('outpost export --workspace', () => {
  it('refuses an unknown workspace as profiles does', { timeout: 60_000 }, async () => {
    const run = await s.outpost('--json', 'export', '--workspace', 'nope');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      ok: false,
      error: {
        code: 'not_found',
        message: 'Unknown workspace "nope": connect and sync to see your workspaces.',
      },
    });
  });
});
