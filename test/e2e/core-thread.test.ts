// The window over a core on its own thread, as the browser host program runs it: the thread dies
// while the user types, the window says so, a new thread starts, and the text typed reaches the
// service once, as typed.
import { describe, expect, it } from 'vitest';
import type { BridgeEvents } from '@preload/bridge';
import type { ThreadedCore } from '../../src-main/core-thread/threaded-core';
import { addVariant, newPost, until, useSharedSetup } from './harness';

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
});
