// The window over a core on its own thread, as the browser host program runs it: the thread dies
// while the user types, the window says so, a new thread starts, and the text typed reaches the
// service once, as typed; what the window could not read meanwhile is read once it is back.
import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import type { BridgeEvents } from '@preload/bridge';
import type { ThreadedCore } from '../../src-main/core-thread/threaded-core';
import { addVariant, newPost, until, useSharedSetup } from './harness';

/** A bridge command answered as the host answers while the core's thread is down. */
const answerRestarting = (route: Route): Promise<void> =>
  route.fulfill({
    contentType: 'application/json',
    body: JSON.stringify({
      ok: false,
      error: { code: 'core_restarting', message: 'Outpost is starting again.' },
    }),
  });

describe('the core on its own thread', () => {
  const setup = useSharedSetup({ connect: true, coreThread: true });

  it('dies mid-typing: the window keeps the text, and the service gets it once after the restart', async () => {
    const { page, app, sandbox } = setup();
    await newPost(page, 'Kept through a restart');
    await addVariant(page, 'x', 'First words');
    await app.core.syncNow('user');
    const post = sandbox.inspect.posts().find((p) => p.title === 'Kept through a restart');
    const variant = sandbox.inspect.variants(post?.id)[0];
    expect(variant?.content).toBe('First words');

    const field = page.getByLabel('Content', { exact: true });
    await field.click();
    await field.press('End');
    const restarting = app.waitForEvent('dataStatus', (d) => d.problem?.kind === 'core_restarting');
    await page.keyboard.type(' and more');
    await (app.core as ThreadedCore).terminateThread();
    // The keys go on while the new thread starts.
    await page.keyboard.type(' again');
    const said: BridgeEvents['dataStatus'] = await restarting;
    expect(said.problem?.text).toMatch(/stopped unexpectedly and is starting again/);
    await app.waitForEvent('dataStatus', (d) => d.problem === null);

    const typed = 'First words and more again';
    expect(await field.inputValue()).toBe(typed);
    await field.blur();
    // Synced only once the core has all of it, so one change goes: the window's save, held or not.
    const list = await app.core.invoke('posts.list', { workspace: sandbox.fixtures.workspace });
    const localId = list.ok ? list.value.find((p) => p.title === 'Kept through a restart')?.id : undefined;
    await until('the new core has the text', async () => {
      const open = await app.core.invoke('posts.get', { id: localId ?? '' });
      return open.ok && open.value.variants[0]?.content === typed;
    });
    await app.core.syncNow('user');
    expect(sandbox.inspect.variants(post?.id)[0]?.content).toBe(typed);
    expect(sandbox.inspect.variants(post?.id)).toHaveLength(1);
    expect(sandbox.inspect.patchCount(variant?.id ?? '')).toBe(1);
    expect(await field.inputValue()).toBe(typed);
  });

  it('reads the list again once the core is back: a search made while it could not answer shows its posts', async () => {
    const { page, app, sandbox } = setup();
    await newPost(page, 'Found after the restart');
    // The title is finished once its field is left: only then is the post's create sent.
    await page.getByLabel('Title', { exact: true }).press('Tab');
    const list = page.getByRole('list', { name: 'Post list' });
    // Its title saved, sent and shown: no change is left for the sync after the restart to bring,
    // nor for the list to read, which would bring the list back by themselves.
    await until('the post is sent, nothing left to send', async () => {
      await app.core.syncNow('user');
      const sent = sandbox.inspect.posts().some((p) => p.title === 'Found after the restart');
      const status = await app.core.invoke('sync.status', undefined);
      return sent && status.ok && status.value.pending === 0;
    });
    await list.getByText('Found after the restart').waitFor();
    // The list's reads fail as while the core's thread is down (the host's own answer then),
    // until the reads the window had in hand have been made and have failed. (Once they pass,
    // the window's own retry of a failed read and its reread after the restart can each bring
    // the list back: posts-refresh.test.ts and route-events.test.ts pin each alone.)
    let lastRefusedAt = Date.now();
    await page.route('**/bridge/invoke/posts.{list,page,refresh}', (route) => {
      lastRefusedAt = Date.now();
      return answerRestarting(route);
    });
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('restart');
    const refused = page.getByRole('alert').filter({ hasText: 'Outpost is starting again.' });
    await refused.waitFor();
    await until('the window has no read left to make', () => Date.now() - lastRefusedAt > 2_000);
    await page.unroute('**/bridge/invoke/posts.{list,page,refresh}');
    const back = app.waitForEvent('dataStatus', (d) => d.problem === null);
    await (app.core as ThreadedCore).terminateThread();
    await back;
    await until(
      'the search shows its post',
      async () =>
        (await list.getByText('Found after the restart').count()) === 1 && (await refused.count()) === 0,
    );
  });

  it("loads the first screen again once the core is back, if it stopped before the settings came: the list is the workspace's", async () => {
    const { page, app } = setup();
    const list = page.getByRole('list', { name: 'Post list' });
    await list.getByText('Found after the restart').waitFor();
    // The window opens again, and its settings' read fails as while the core's thread is down.
    await page.route('**/bridge/invoke/settings.get', answerRestarting);
    await page.reload();
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    // Without the settings the list is the local drafts', not the workspace's.
    expect(await list.getByText('Found after the restart').count()).toBe(0);
    await page.unroute('**/bridge/invoke/settings.get');
    const back = app.waitForEvent('dataStatus', (d) => d.problem === null);
    await (app.core as ThreadedCore).terminateThread();
    await back;
    await list.getByText('Found after the restart').waitFor();
  });
});
