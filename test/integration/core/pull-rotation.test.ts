// A full pull's rotation: the API has no change feed, so a full pull reads every new post and
// every post changed here, and only a bounded share of the settled ones, read longest ago first.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { ManualClock, openCore, type TestCore } from './helpers';

const START = new Date('2030-01-01T09:00:00.000Z');
const AFTER_FULL_PULL_INTERVAL = 16 * 60_000;

let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  t = null;
  sandbox = null;
});

describe('full pull rotation', () => {
  it('reads settled posts a bounded share per full pull, oldest first, and changed ones every time', async () => {
    const variantReads: string[] = [];
    const spy: typeof fetch = (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const post = /\/posts\/([^/]+)\/variants\/$/.exec(url.pathname)?.[1];
      if ((init?.method ?? 'GET') === 'GET' && post) variantReads.push(post);
      return fetch(input, init);
    };
    const clock = new ManualClock(START);
    sandbox = await startSandbox({ manualClock: true, startTime: START });
    t = await openCore({ clock, fetch: spy, rotationPerPull: 1 });
    const { fixtures: f } = sandbox;
    await t.call('settings.connect', {
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      authHeader: 'bearer',
    });
    await t.core.syncNow('user');
    const linked = (await t.call('posts.list', { workspace: f.workspace })).filter(
      (p) => p.serverId !== null,
    );
    const serverIds = linked.map((p) => p.serverId as string).sort();
    expect(serverIds.length).toBeGreaterThanOrEqual(3);
    // The first pull reads every post: none was read before.
    for (const id of serverIds) expect(variantReads).toContain(id);

    const rounds: string[][] = [];
    for (let i = 0; i < serverIds.length; i++) {
      variantReads.length = 0;
      clock.advance(AFTER_FULL_PULL_INTERVAL);
      await t.core.syncNow('user');
      rounds.push(variantReads.filter((id) => serverIds.includes(id)));
    }
    // One settled post per full pull, and one rotation covers the library, each post once.
    expect(rounds.map((r) => r.length)).toEqual(serverIds.map(() => 1));
    expect(rounds.flat().sort()).toEqual(serverIds);

    // A post with a change still on its way is read on every full pull, beyond the share, so a
    // change made on the service is seen (and a conflict raised) before the push writes.
    let changed = linked[0]!;
    let variant = null;
    for (const post of linked) {
      variant =
        (await t.call('posts.get', { id: post.id })).variants.find((v) => v.state === 'draft') ?? null;
      changed = post;
      if (variant) break;
    }
    if (!variant) throw new Error('the sandbox seeds a draft variant on a visible post');
    sandbox.faults.add({ method: 'PATCH', kind: 'status', status: 503 });
    await t.call('variants.update', { id: variant.id, content: 'edited here' });
    for (let i = 0; i < 2; i++) {
      variantReads.length = 0;
      clock.advance(AFTER_FULL_PULL_INTERVAL);
      await t.core.syncNow('user');
      expect(variantReads.filter((id) => id === changed.serverId)).not.toHaveLength(0);
      expect(variantReads.filter((id) => serverIds.includes(id) && id !== changed.serverId)).toHaveLength(1);
    }
  });
});
