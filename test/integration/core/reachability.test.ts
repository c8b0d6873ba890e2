// While the service cannot be reached, the engine asks it again with one light request at a
// growing, capped interval (1, 2, 4, 8, 8 s...): its return is noticed within seconds, and a
// change made meanwhile goes out once, without a burst of requests. The core's time is virtual:
// the test moves it from one check to the next, and the requests themselves are real.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { VirtualTime } from '../../support/virtual-time';
import { openCore, type TestCore } from './helpers';

let sandbox: SandboxHandle | null = null;
let t: TestCore | null = null;
afterEach(async () => {
  await t?.close();
  await sandbox?.close();
  t = null;
  sandbox = null;
});

describe('reachability while offline', () => {
  it('notices the service coming back by itself, with a few light requests', async () => {
    sandbox = await startSandbox();
    const s = sandbox;
    const time = new VirtualTime(new Date());
    // A long interval: only the reachability check can bring the sync back here.
    t = await openCore({ syncIntervalMs: 60 * 60_000, clock: time, scheduler: time });
    const c = t;
    await c.call('settings.connect', { baseUrl: s.baseUrl, token: s.token, authHeader: 'bearer' });
    await c.core.syncNow('user');
    const post = await c.call('posts.create', {
      workspace: s.fixtures.workspace,
      title: 'Written offline',
    });

    // Every API request is cut before the service reads it: the service is away.
    const away = s.faults.add({ kind: 'drop_before_write', path: '/api/*' });
    expect((await c.core.syncNow('user')).phase).toBe('offline');
    const before = s.stats.requests;
    // Three checks fail (1 + 2 + 4 s), then the service is back.
    await waitForLog(c, 'sync_failed', 1);
    const waits = [1_000];
    for (let check = 0; check < 3; check++) {
      // A failed check ends in the next one being set.
      const next = time.nextScheduled();
      time.advance(waits.at(-1)!);
      waits.push(await next);
    }
    const checksWhileAway = s.stats.requests - before;
    s.faults.remove(away);
    time.advance(waits.at(-1)!);
    await waitForLog(c, 'reachable', 1);
    await waitForLog(c, 'sync_done', 2);
    // One light request per check, never a burst.
    expect(checksWhileAway).toBeGreaterThanOrEqual(2);
    expect(checksWhileAway).toBeLessThanOrEqual(4);
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(s.inspect.posts(s.fixtures.workspace).filter((p) => p.title === 'Written offline')).toHaveLength(
      1,
    );
    expect((await c.call('posts.get', { id: post.id })).serverId).not.toBeNull();
    const log = await c.call('sync.log', { limit: 200 });
    expect(log.map((e) => e.action)).toContain('reachable');
  });
});

async function waitForLog(c: TestCore, action: string, n: number): Promise<void> {
  for (;;) {
    const log = await c.call('sync.log', { limit: 500 });
    if (log.filter((e) => e.action === action).length >= n) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
