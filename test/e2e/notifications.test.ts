// Notifications in the window are calm: at most three, the newest; informational ones go by
// themselves after a few seconds unless the pointer is on them; a long link is cut short on
// screen but whole in the link; and they never lie over the editor. The page's timers run
// under Playwright's clock, so seconds pass at the test's word rather than being waited out.
import { describe, expect, it } from 'vitest';
import type { BridgeResult, PostDetail, VariantView } from '@preload/bridge';
import { connectWindow, controlAt, until, useSharedSetup } from './harness';

describe('notifications', () => {
  const setup = useSharedSetup();

  /** The core's answer, or its error thrown (the core's invoke is untyped: the caller names T). */
  async function ok<T = unknown>(result: Promise<BridgeResult<unknown>>): Promise<T> {
    const r = await result;
    if (!r.ok) throw new Error(r.error.message);
    return r.value as T;
  }

  it('shows the newest three, holds them under the pointer, lets informational ones go, and never covers the editor', async () => {
    const { sandbox, app, page } = setup();
    await connectWindow(setup());
    const workspace = sandbox.fixtures.workspace;

    // A post with four X variants and one more to keep editing, all on the service.
    const post = await ok<PostDetail>(app.core.invoke('posts.create', { workspace, title: 'Four at once' }));
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const v = await ok<VariantView>(
        app.core.invoke('variants.create', {
          postId: post.id,
          platform: 'x',
          content: `Note ${i}`,
          account: { kind: 'default' },
        }),
      );
      ids.push(v.id);
    }
    for (let i = 0; i < 2; i++) await ok(app.core.invoke('sync.now', undefined));
    await page.getByRole('list', { name: 'Post list' }).getByText('Four at once').click();
    await page.getByRole('tab', { name: 'X 5' }).click();
    await page.getByRole('button', { name: 'Publish now' }).waitFor();

    // Time stands still in the page while four publishes land.
    await page.clock.pauseAt((await page.evaluate<number>('Date.now()')) + 1000);
    for (const id of ids.slice(0, 4)) await ok(app.core.invoke('variants.publish', { id }));
    for (let i = 0; i < 2; i++) await ok(app.core.invoke('sync.now', undefined));
    const urls = await until('four published notifications', () => {
      const found = app.events.flatMap((e) =>
        e.name === 'notification' && e.data.kind === 'published' ? [e.data.url] : [],
      );
      return found.length === 4 ? found : null;
    });

    const region = page.getByRole('region', { name: 'Notifications' });
    const shown = region.locator('[data-kind]');
    // The newest three, oldest first.
    await until('three shown', async () => (await shown.count()) === 3);
    const hrefs: (string | null)[] = [];
    for (const link of await region.getByRole('link').all()) hrefs.push(await link.getAttribute('href'));
    expect(hrefs).toEqual(urls.slice(1));
    expect(await region.getAttribute('aria-live')).toBe('polite');

    // The link keeps the whole address; on screen it stays inside the notification.
    const link = region.getByRole('link').first();
    expect(
      await page.evaluate<string>(
        `getComputedStyle(document.querySelector('[aria-label="Notifications"] a')).textOverflow`,
      ),
    ).toBe('ellipsis');
    const [linkBox, regionBox] = [await link.boundingBox(), await region.boundingBox()];
    expect(linkBox && regionBox && linkBox.x + linkBox.width <= regionBox.x + regionBox.width).toBe(true);

    // They take their own room: nothing of the editor's area is under them, and its controls
    // are what a click there reaches.
    const pane = page.getByRole('article', { name: 'Editor' }).locator('xpath=..');
    const paneBox = await pane.boundingBox();
    expect(paneBox && regionBox && paneBox.y + paneBox.height <= regionBox.y + 1).toBe(true);
    expect((await controlAt(page.getByRole('button', { name: 'Publish now' })))?.text).toBe('Publish now');
    expect((await controlAt(page.getByLabel('Content', { exact: true })))?.id).toBe('variant-content');

    // Under the pointer they stay, however long.
    await shown.first().hover();
    await page.clock.fastForward(30_000);
    expect(await shown.count()).toBe(3);

    // Pointer away: informational ones go by themselves.
    await page.mouse.move(5, 5);
    await page.clock.fastForward(9_000);
    await until('gone by themselves', async () => (await shown.count()) === 0);
  });
});
