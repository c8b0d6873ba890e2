// `outpost edit` saves the text as given. A scheduled text edited past its platform's limit keeps
// its time, which the service would then refuse: the command says so on standard error (exit 0,
// the edit is done), with --json as with plain output. An unscheduled draft is not warned.
import { beforeAll, describe, expect, it } from 'vitest';
import { useCliSession } from './cli-session';

const s = useCliSession('edit-limits');
const LONG = 'b'.repeat(400);

beforeAll(async () => {
  await s.ok('connect', '--base-url', s.sandbox.baseUrl);
  await s.ok('sync');
}, 120_000);

async function xVariant(title: string): Promise<string> {
  const post = await s.ok('draft', '--title', title, '--workspace', s.sandbox.fixtures.workspace);
  return s.ok('variant', '--post', post, '--platform', 'x', '--content', 'short');
}

describe('outpost edit past the limit', () => {
  it(
    'of a scheduled text: saved, and said to be still scheduled and to fail then',
    { timeout: 120_000 },
    async () => {
      const v = await xVariant('Scheduled, then too long');
      await s.ok('schedule', '--variant', v, '--at', '2030-06-01T09:00:00Z');
      await s.ok('sync');

      const plain = await s.outpost('edit', '--variant', v, '--content', LONG);
      expect(plain.code).toBe(0);
      expect(plain.stderr).toMatch(
        /^outpost: The text is 120 over the X limit \(400 of 280 .*\), and it is still scheduled: the service would refuse it when its time comes\. Shorten it, or unschedule it\.\n$/,
      );

      const json = await s.outpost('--json', 'edit', '--variant', v, '--content', `${LONG}c`);
      expect(json.code).toBe(0);
      const doc = JSON.parse(json.stdout) as { ok: boolean; value: { content: string; scheduledAt: string } };
      expect(doc).toMatchObject({
        ok: true,
        value: { content: `${LONG}c`, scheduledAt: '2030-06-01T09:00:00.000Z' },
      });
      expect(json.stderr).toMatch(/121 over the X limit.*still scheduled/);

      // Back within the limit: nothing said (ok() asserts an empty standard error).
      await s.ok('edit', '--variant', v, '--content', 'short again');
    },
  );

  it('of a draft with no time: saved, with nothing said', { timeout: 120_000 }, async () => {
    const v = await xVariant('Long draft');
    const run = await s.outpost('edit', '--variant', v, '--content', LONG);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  });
});
