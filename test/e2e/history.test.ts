// Version history in the window (browser host, Chromium, the sandbox): a text typed
// with pauses keeps its versions; the History panel, by keyboard, restores the text of three
// versions back, and the service gets it. A variant a colleague published while a change waited
// shows what went out and who published it, offers no Retry, and "Copy to a new post" starts a
// post with the text that was not sent. The pauses are real (the core's own timing).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeScan,
  call,
  seriousFindings,
  seriousInBothSchemes,
  until,
  useChromium,
  waitForText,
} from './harness';
import type { Setup } from './harness';

/** A synced X variant of a new post. */
async function synced(s: Setup, title: string, content: string) {
  const post = await call(s, 'posts.create', { workspace: s.sandbox.fixtures.workspace, title });
  const v = await call(s, 'variants.create', {
    postId: post.id,
    platform: 'x',
    content,
    account: { kind: 'default' },
  });
  await s.app.core.syncNow('user');
  const onService = await until(`"${title}" on the service`, () =>
    s.sandbox.inspect.variants().find((x) => x.content === content),
  );
  return { post, variant: v, serverId: onService.id };
}

const isFocused = (el: { ownerDocument: { activeElement: unknown } }): boolean =>
  el.ownerDocument.activeElement === el;

async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  for (let n = 0; n < 200; n++) {
    if (await target.evaluate(isFocused).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached with the keyboard`);
}

async function openPost(page: Page, title: string): Promise<void> {
  const open = page.getByRole('button', { name: new RegExp(title) }).first();
  await open.waitFor();
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  await until(
    'the post open',
    async () => (await page.getByLabel('Title', { exact: true }).inputValue()) === title,
  );
}

/** The versions the core has kept of a variant's text so far. */
const versionsSaved = (s: Setup, variantId: string): number =>
  s.app.events.filter((e) => e.name === 'versionSaved' && e.data.variantId === variantId).length;

describe('version history', () => {
  const chromium = useChromium();

  it('restores, by keyboard, a text from three versions back; the service gets it, checked in both colour schemes', async () => {
    const s = await chromium.start({ connect: true });
    const { post, variant, serverId } = await synced(s, 'Spring menu', 'Soup of the day.');
    const page = s.page;
    await openPost(page, 'Spring menu');
    const content = page.getByLabel('Content', { exact: true });
    await tabTo(page, content);
    // Three more versions, each kept when the typing rests.
    for (const more of [' Bread on the side.', ' Cake after.', ' Coffee too.']) {
      const before = versionsSaved(s, variant.id);
      await page.keyboard.press('End');
      await page.keyboard.type(more);
      await until('a version kept after the pause', () => versionsSaved(s, variant.id) > before, 20_000);
    }
    const now = 'Soup of the day. Bread on the side. Cake after. Coffee too.';
    expect(await content.inputValue()).toBe(now);

    const toggle = page.getByRole('button', { name: 'History', exact: true });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'History of the X text' });
    await panel.waitFor();
    // It opens on the newest version, which is the text now.
    const newest = panel.getByRole('button', { name: /^Version 4 ·/ });
    await until('the newest version focused', () => newest.evaluate(isFocused));
    expect(await newest.textContent()).toContain('typed here');
    await waitForText(panel, /This version is the text now/);
    expect(await panel.getByRole('button', { name: /^Version \d ·/ }).count()).toBe(4);

    const first = panel.getByRole('button', { name: /^Version 1 ·/ });
    await tabTo(page, first);
    await page.keyboard.press('Enter');
    expect(await first.getAttribute('aria-pressed')).toBe('true');
    // The words a restore takes away, struck through; nothing comes back that is not there.
    const removed = await panel.locator('del').allTextContents();
    expect(removed.join('')).toContain('Bread on the side. Cake after. Coffee too.');
    expect(await panel.locator('ins').count()).toBe(0);
    expect(await seriousInBothSchemes(page)).toEqual([]);

    const restore = panel.getByRole('button', { name: 'Restore version 1' });
    await tabTo(page, restore);
    await page.keyboard.press('Enter');
    await until(
      'the text of version 1 in the field',
      async () => (await content.inputValue()) === 'Soup of the day.',
    );
    await waitForText(panel, /This version is the text now/);
    // The text it replaced is a version of its own.
    await waitForText(panel, /Version 4 ·[^]*before a restore/);
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('button', { name: 'Undo: Restored version 1 of the text of ‘Spring menu’ (X)' })
      .waitFor();
    // Escape closes the panel and gives the focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await until('the focus back on History', () => toggle.evaluate(isFocused));

    await s.app.core.syncNow('user');
    expect(s.sandbox.inspect.variants().find((x) => x.id === serverId)?.content).toBe('Soup of the day.');
    expect((await call(s, 'posts.get', { id: post.id })).variants[0]?.content).toBe('Soup of the day.');
  });

  it('shows what a colleague published while a change waited, keeps the text, and copies it to a new post', async () => {
    const s = await chromium.start({ connect: true });
    const { post, variant, serverId } = await synced(s, 'Going out', 'The words that went out.');
    await call(s, 'variants.update', { id: variant.id, content: 'My better words.' });
    s.sandbox.publishAs(serverId);
    await s.app.core.syncNow('user');

    const page = s.page;
    await openPost(page, 'Going out');
    const box = page.getByRole('region', { name: 'Published on the service before your change could go' });
    await box.waitFor();
    await waitForText(box, /published by bob/);
    const text = (await box.textContent()) ?? '';
    expect(text).toContain('The words that went out.');
    expect(text).toContain('My better words.');
    expect(await box.getByRole('link', { name: 'View the published post' }).getAttribute('href')).toBe(
      s.sandbox.inspect.variants().find((x) => x.id === serverId)?.platform_post_url,
    );
    // The variant allows no retry: none is offered anywhere in its panel.
    expect(await page.getByRole('tabpanel').getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(seriousFindings(await axeScan(page))).toEqual([]);

    const copy = box.getByRole('button', { name: 'Copy to a new post' });
    await tabTo(page, copy);
    await page.keyboard.press('Enter');
    await until(
      'the copy open',
      async () => (await page.getByLabel('Title', { exact: true }).inputValue()) === 'Going out (copy)',
    );
    await until(
      'its text',
      async () => (await page.getByLabel('Content', { exact: true }).inputValue()) === 'My better words.',
    );
    await s.app.core.syncNow('user');
    await until('the copy on the service', () =>
      s.sandbox.inspect.variants().find((x) => x.content === 'My better words.' && x.id !== serverId),
    );
    expect(s.sandbox.inspect.variants().find((x) => x.id === serverId)?.content).toBe(
      'The words that went out.',
    );
    expect(s.sandbox.inspect.publishCount(serverId)).toBe(1);
    // The first post's History keeps the unsent text, named for what happened to it.
    const versions = await call(s, 'history.list', { variantId: variant.id });
    expect(versions[0]).toMatchObject({ origin: 'not_sent_published', content: 'My better words.' });
    expect(post.id).not.toBe('');
  });
});
