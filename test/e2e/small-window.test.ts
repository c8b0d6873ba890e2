// The desktop window can be made as small as 720 by 480 (desktop-app/window.ts). At that size
// the window once grew wider than itself: the last views of the main navigation, the status
// bar's buttons and the editor's right half were cut off, out of reach. Every view now fits its
// width; what does not fit wraps, or scrolls up and down inside its own pane.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { call, useChromium } from './harness';

const SMALLEST = { width: 720, height: 480 };

/** How far the page reaches past the window's right edge, in pixels (0: it fits). */
const overflow = (page: Page) =>
  page.evaluate<number>(`document.documentElement.scrollWidth - document.documentElement.clientWidth`);

async function withinWidth(control: Locator): Promise<boolean> {
  const box = await control.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= SMALLEST.width;
}

describe('the smallest window', () => {
  const chromium = useChromium();

  it('shows every view, the navigation and the status bar within its width', async () => {
    const s = await chromium.start({ connect: true });
    const { page } = s;
    const post = await call(s, 'posts.create', {
      workspace: s.sandbox.fixtures.workspace,
      title: 'Small screens',
    });
    await call(s, 'variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'Written on a small screen.',
      account: { kind: 'default' },
    });
    await page.setViewportSize(SMALLEST);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const views = ['Posts', 'Calendar', 'Queue', 'Outbox', 'Writing skills', 'Settings'];
    const bar = ['Notices', 'Keyboard shortcuts (?)', 'Outbox', 'Sync now'];

    await page.getByRole('list', { name: 'Post list' }).getByText('Small screens').click();
    await page.getByLabel('Content', { exact: true }).waitFor();
    expect(await overflow(page)).toBe(0);
    for (const name of ['Title', 'Content'])
      expect(await withinWidth(page.getByLabel(name, { exact: true })), name).toBe(true);
    for (const name of ['History of the title', 'Add variant', 'Schedule', 'Publish now'])
      expect(await withinWidth(page.getByRole('button', { name, exact: true })), name).toBe(true);

    for (const view of views) {
      await nav.getByRole('button', { name: view }).click();
      await page
        .getByRole('heading', { level: 1 })
        .or(page.getByLabel('Content', { exact: true }))
        .first()
        .waitFor();
      expect(await overflow(page), view).toBe(0);
      for (const name of views) expect(await withinWidth(nav.getByRole('button', { name })), name).toBe(true);
      const status = page.getByRole('status', { name: 'Sync status' }).locator('..');
      for (const name of bar)
        expect(await withinWidth(status.getByRole('button', { name, exact: true })), name).toBe(true);
    }
  });
});
