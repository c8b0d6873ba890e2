// Small promises of the command line: `--json` with no command still prints its usage error
// as a JSON document, a refusal of `queue add` writes its time in words, not as a marker, and
// what it was given wrong (a limit out of range, a file as the data folder) is said in one line
// of its own words, never Node's, and in one JSON document with --json.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCliSession } from './cli-session';

const s = useCliSession('usage-and-words');
const files = mkdtempSync(join(tmpdir(), 'outpost-usage-files-'));
afterAll(() => rmSync(files, { recursive: true, force: true }));

beforeAll(async () => {
  await s.ok('connect', '--base-url', s.sandbox.baseUrl);
  await s.ok('sync');
}, 120_000);

describe('the command line', () => {
  it('answers --json with no command with one usage document, exit 2', { timeout: 60_000 }, async () => {
    const run = await s.outpost('--json');
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toEqual({
      ok: false,
      error: { code: 'usage', message: "No command given: run 'outpost --help' for the list." },
    });
  });

  it('writes the time of a queue add refusal in words', { timeout: 120_000 }, async () => {
    const f = s.sandbox.fixtures;
    await s.ok('slots', '--account', f.profiles.xDefault, '--set', 'Mon-Sun 09:00', '--zone', 'UTC');
    const post = await s.ok('draft', '--title', 'Queued twice', '--workspace', f.workspace);
    const variant = await s.ok(
      'variant',
      '--post',
      post,
      '--platform',
      'x',
      '--content',
      'Once is enough',
      '--profile',
      f.profiles.xDefault,
    );
    await s.ok('queue', 'add', '--variant', variant);
    const again = await s.outpost('queue', 'add', '--variant', variant);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already scheduled for/);
    expect(again.stderr).not.toMatch(/[⟦⟧]/);
  });

  it('says what values --limit takes, for a negative one too', { timeout: 60_000 }, async () => {
    const range = '--limit must be a whole number from 1 to 10,000.';
    for (const limit of ['-1', '0', '10001', 'ten']) {
      const run = await s.outpost('log', '--limit', limit);
      expect([limit, run.code, run.stderr]).toEqual([limit, 2, `outpost: ${range}\n`]);
    }
    const json = await s.outpost('--json', 'log', '--limit', '-1');
    expect([json.code, json.stderr, JSON.parse(json.stdout)]).toEqual([
      2,
      `outpost: ${range}\n`,
      { ok: false, error: { code: 'usage', message: range } },
    ]);
    expect((await s.outpost('log', '--limit', '1')).code).toBe(0);
  });

  it('says a file given as the data folder is a file, and opens nothing', { timeout: 60_000 }, async () => {
    const file = join(files, 'not-a-folder');
    writeFileSync(file, 'a file, not a folder');
    const said = `Outpost's data folder cannot be there: ${file} is a file, not a folder. Give --data-dir a folder.`;
    // The last --data-dir is the one taken (the session names its own first).
    const run = await s.outpost('--data-dir', file, 'status');
    expect([run.code, run.stdout, run.stderr]).toEqual([2, '', `outpost: ${said}\n`]);
    const json = await s.outpost('--json', '--data-dir', file, 'status');
    expect([json.code, JSON.parse(json.stdout)]).toEqual([
      2,
      { ok: false, error: { code: 'usage', message: said } },
    ]);
    // A folder to be made inside a file: the file is named.
    const inside = await s.outpost('--data-dir', join(file, 'outpost'), 'posts');
    expect([inside.code, inside.stderr]).toEqual([
      2,
      `outpost: Outpost's data folder cannot be there: ${file} (in the path ${join(file, 'outpost')}) is a file, not a folder. Give --data-dir a folder.\n`,
    ]);
    expect(readFileSync(file, 'utf8')).toBe('a file, not a folder');
  });
});
