// A colleague's move shows wherever it is, with nothing pressed: a post in the calendar's range
// and one scheduled in the next 7 days within a minute, any other within a quarter hour, none of
// them open. The colleague is the sandbox's second member, writing through the API; the core
// runs on virtual time with its production light-sync interval (freshness-helpers.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SYNC_INTERVAL_MS } from '../../../src-main/core/app/create-app-core';
import type { SandboxHandle } from '../../server/index';
import { asColleague, closeFresh, connected, nextIntervalSync, type Fresh } from './freshness-helpers';

afterEach(closeFresh);

const DAY = 24 * 3600_000;
const inDays = (days: number): string => new Date(Date.now() + days * DAY).toISOString();

/** The colleague sets the launch post's X variant to `at` (null: unscheduled). */
async function moveLaunch(s: SandboxHandle, at: string | null): Promise<void> {
  const { workspace, posts, variants } = s.fixtures;
  await asColleague(
    s,
    'PATCH',
    `/api/workspaces/${workspace}/posts/${posts.launch}/variants/${variants.launchX}/`,
    {
      scheduled_at: at,
    },
  );
}

/** The launch post's X variant as the core holds it now. */
async function launchX(f: Fresh): Promise<{ scheduledAt: string | null }> {
  const { workspace, posts, variants } = f.s.fixtures;
  const post = (await f.c.call('posts.list', { workspace })).find((p) => p.serverId === posts.launch)!;
  const detail = await f.c.call('posts.get', { id: post.id });
  return detail.variants.find((v) => v.serverId === variants.launchX)!;
}

describe('a colleague’s move of a post nobody has open', () => {
  it('shows within a minute when the post is in the calendar’s range, and the status says so', async () => {
    const first = inDays(20);
    const f = await connected({}, { prepare: (s) => moveLaunch(s, first) });
    expect((await launchX(f)).scheduledAt).toBe(first);
    // The window shows the month around it; no post is open.
    await f.c.call('sync.onScreen', {
      postIds: [],
      ranges: [{ from: inDaysOf(f, 15), to: inDaysOf(f, 45) }],
    });
    const moved = inDaysOf(f, 22);
    await moveLaunch(f.s, moved);

    const status = await nextIntervalSync(f);
    expect((await launchX(f)).scheduledAt).toBe(moved);
    expect(status.checked.onScreen).toBe(f.time.now().toISOString());
  });

  it('shows within a minute when the post is scheduled in the next 7 days, on screen or not', async () => {
    const first = inDays(3);
    const f = await connected({}, { prepare: (s) => moveLaunch(s, first) });
    expect((await launchX(f)).scheduledAt).toBe(first);
    const moved = inDaysOf(f, 4);
    await moveLaunch(f.s, moved);

    const status = await nextIntervalSync(f);
    expect((await launchX(f)).scheduledAt).toBe(moved);
    expect(status.checked.nextWeek).toBe(f.time.now().toISOString());
  });

  it('shows within a quarter hour anywhere else, read by the sweep before the full pull comes round', async () => {
    // The full pull's own rotation takes one post at a time here: the sweep does the work.
    const f = await connected({}, { core: { rotationPerPull: 1 } });
    const started = f.time.now().getTime();
    const far = inDaysOf(f, 60);
    await moveLaunch(f.s, far);
    expect((await launchX(f)).scheduledAt).toBeNull();

    let seenAt: number | null = null;
    while (seenAt === null && f.time.now().getTime() + DEFAULT_SYNC_INTERVAL_MS < started + 15 * 60_000) {
      const status = await nextIntervalSync(f);
      expect(status.lastError).toBeNull();
      if ((await launchX(f)).scheduledAt === far) seenAt = f.time.now().getTime();
    }
    expect(seenAt).not.toBeNull();
    expect(seenAt! - started).toBeLessThan(15 * 60_000);
    // Every post was read again since the move: the status says everything was checked after it.
    expect(Date.parse(f.c.core.status().checked.everything!)).toBeGreaterThan(started);
  });

  it('a light sync with nothing on screen and nothing due reads no variants until the sweep’s turn', async () => {
    const f = await connected();
    f.requests.length = 0;
    for (let i = 0; i < 5; i++) await nextIntervalSync(f);
    expect(f.requests.filter((r) => r.includes('/variants/'))).toEqual([]);
  });
});

/** `days` days after the core's time (the sandbox and the core start at the same real moment). */
function inDaysOf(f: Fresh, days: number): string {
  return new Date(f.time.now().getTime() + days * DAY).toISOString();
}
