// Small promises of the command line: `--json` with no command still prints its usage error
// as a JSON document, and a refusal of `queue add` writes its time in words, not as a marker.
import { beforeAll, describe, expect, it } from 'vitest';
import { useCliSession } from './cli-session';

const s = useCliSession('usage-and-words');

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
});
