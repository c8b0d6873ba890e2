// A publish whose request may or may not have reached the service waits for the user's
// decision; the command line settles it: `outbox publish-again ID` or `outbox keep-unpublished
// ID`, and `outbox retry ID` says why it is not the way, without contradicting itself.
import type { OutboxOpView } from '@preload/bridge';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCliSession } from './cli-session';
import { jsonOf } from './run-cli';

const s = useCliSession('outbox-decide');
const PUBLISH_PATH = '/api/workspaces/:slug/posts/:p/variants/:v/publish/';

beforeAll(async () => {
  await s.ok('connect', '--base-url', s.sandbox.baseUrl);
  await s.ok('sync');
}, 120_000);

/** A synced variant whose publish was cut before it reached the service: the user decides. */
async function publishInDoubt(title: string): Promise<{ post: string; variant: string; op: string }> {
  const post = await s.ok('draft', '--title', title, '--workspace', s.sandbox.fixtures.workspace);
  const variant = await s.ok('variant', '--post', post, '--platform', 'x', '--content', `${title} text`);
  await s.ok('sync');
  const fault = s.sandbox.faults.add({
    kind: 'drop_before_write',
    method: 'POST',
    path: PUBLISH_PATH,
    times: 1,
  });
  try {
    const run = await s.outpost('--json', 'publish', '--variant', variant);
    expect(run.code).toBe(1);
    expect((JSON.parse(run.stdout) as { error: { code: string } }).error.code).toBe('needs_decision');
  } finally {
    s.sandbox.faults.remove(fault);
  }
  const ops = jsonOf<OutboxOpView[]>(await s.outpost('--json', 'outbox'));
  const op = ops.find((o) => o.variantId === variant && o.kind === 'publish');
  expect(op?.state).toBe('needs_user');
  expect(op?.actions).toEqual(['publish_again', 'keep_unpublished']);
  return { post, variant, op: op?.id ?? '' };
}

async function serverIdOf(post: string, variant: string): Promise<string> {
  const variants = jsonOf<Array<{ id: string; serverId: string | null }>>(
    await s.outpost('--json', 'variants', '--post', post),
  );
  return variants.find((v) => v.id === variant)?.serverId ?? '';
}

describe('a publish of unknown outcome, from the command line', () => {
  it(
    'is sent again with outbox publish-again, once; retry says why it is not the way',
    { timeout: 180_000 },
    async () => {
      const { post, variant, op } = await publishInDoubt('Decide: again');
      const retry = await s.outpost('outbox', 'retry', op);
      expect(retry.code).toBe(1);
      // The commands to type, not the window's buttons.
      expect(retry.stderr).toContain(
        `'outpost outbox publish-again ${op}' or 'outpost outbox keep-unpublished ${op}'`,
      );
      expect(retry.stderr).not.toMatch(/Publish again or Keep unpublished/);
      expect(retry.stderr).not.toMatch(/one of unknown outcome, can be retried/);
      expect((await s.outpost('sync')).code).toBe(1);

      const again = await s.outpost('outbox', 'publish-again', op);
      expect(again.stderr).toBe('');
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/Published/);
      expect(s.sandbox.inspect.publishCount(await serverIdOf(post, variant))).toBe(1);
      expect((await s.outpost('sync')).code).toBe(0);
    },
  );

  it('is left unsent with outbox keep-unpublished', { timeout: 180_000 }, async () => {
    const { post, variant, op } = await publishInDoubt('Decide: keep');
    const keep = await s.outpost('--json', 'outbox', 'keep-unpublished', op);
    expect(keep.stderr).toBe('');
    expect(keep.code).toBe(0);
    expect(jsonOf<{ state: string }>(keep).state).not.toBe('published');
    expect((await s.outpost('sync')).code).toBe(0);
    expect(s.sandbox.inspect.publishCount(await serverIdOf(post, variant))).toBe(0);
  });

  it('refuses an id that is not a publish waiting for a decision', { timeout: 60_000 }, async () => {
    const unknown = await s.outpost('--json', 'outbox', 'publish-again', 'nope');
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout)).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No outbox operation with id nope.' },
    });
  });
});
