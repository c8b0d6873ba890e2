// The service keeps the title a post is created with. QA typed "Summ", paused while a sync went,
// typed the rest, and the service's post was titled "Summ" for good. Now a new post's create
// waits while its title is being typed in the window, and goes once the person leaves the field.
// A sync asked for with the caret still in the title (Alt+R) stands in for the one that follows
// a change by itself: no waiting for its delay.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AppUnderTest } from './harness';
import { syncNow, until, useSharedSetup, waitForText } from './harness';

const editor = (page: Page) => page.getByRole('article', { name: 'Editor' });

/** Waits for a sync that starts after this call to end. */
async function nextSyncEnded(app: AppUnderTest, start: () => Promise<void>): Promise<void> {
  const since = app.events.length;
  await start();
  await until('the sync to end', () => {
    const later = app.events.slice(since);
    const began = later.findIndex((e) => e.name === 'syncStatus' && e.data.phase === 'syncing');
    return (
      began !== -1 && later.slice(began).some((e) => e.name === 'syncStatus' && e.data.phase !== 'syncing')
    );
  });
}

describe('a new post’s title reaches the service whole', () => {
  const setup = useSharedSetup({ connect: true });

  it('a sync while the title is half typed leaves it alone; leaving the field sends the whole title', async () => {
    const { page, app, sandbox } = setup();
    const titlesOnService = () => sandbox.inspect.posts(sandbox.fixtures.workspace).map((p) => p.title);
    await page.getByRole('button', { name: 'New post' }).click();
    await until('the new post made, its title focused', () =>
      page.evaluate<boolean>(
        `document.activeElement?.id === 'post-title' && document.getElementById('new-post-note') === null`,
      ),
    );
    await page.keyboard.type('Summ');
    await waitForText(editor(page).locator('[aria-live="polite"]'), /^Saved$/);

    // The person pauses to think, the caret in the title, and a sync goes.
    await nextSyncEnded(app, () => page.keyboard.press('Alt+R'));
    expect(titlesOnService().filter((t) => t.startsWith('Summ'))).toEqual([]);
    await waitForText(editor(page).locator('#post-title-note'), /^Waits until you finish the title/);

    await page.keyboard.type('er campaign launch');
    await page.keyboard.press('Tab');
    await syncNow(page);
    await until('the post on the service', () => titlesOnService().some((t) => t.startsWith('Summ')));
    expect(titlesOnService().filter((t) => t.startsWith('Summ'))).toEqual(['Summer campaign launch']);
    await editor(page).locator('#post-title-note').waitFor({ state: 'detached' });
  });
});
