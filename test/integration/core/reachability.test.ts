// While the service cannot be reached, the engine asks it again with one light request at a
// growing, capped interval (1, 2, 4, 8, 8 s...): its return is noticed within seconds, and a
// change made meanwhile goes out once, without a burst of requests.
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../server/index';
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
  it(
    'notices the service coming back by itself, with a few light requests',
    { timeout: 40_000 },
    async () => {
      sandbox = await startSandbox();
      const s = sandbox;
      // A long interval: only the reachability check can bring the sync back here.
      t = await openCore({ syncIntervalMs: 60 * 60_000 });
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
      await new Promise((r) => setTimeout(r, 7_500));
      const checksWhileAway = s.stats.requests - before;
      s.faults.remove(away);
      await waitForLog(c, 'reachable', 1);
      await waitForLog(c, 'sync_done', 2);
      // One light request per check, never a burst.
      expect(checksWhileAway).toBeGreaterThanOrEqual(2);
      expect(checksWhileAway).toBeLessThanOrEqual(4);
      expect(s.inspect.posts(s.fixtures.workspace).filter((p) => p.title === 'Written offline')).toHaveLength(
        1,
      );
      expect((await c.call('posts.get', { id: post.id })).serverId).not.toBeNull();
      const log = await c.call('sync.log', { limit: 200 });
      expect(log.map((e) => e.action)).toContain('reachable');
    },
  );
});

async function waitForLog(c: TestCore, action: string, n: number): Promise<void> {
  for (;;) {
    const log = await c.call('sync.log', { limit: 500 });
    if (log.filter((e) => e.action === action).length >= n) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
