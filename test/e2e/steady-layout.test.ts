// The editor holds still under the pointer. A post's note about its title came and went when
// the core saved the title, a second after the typing, and moved everything below it: in CI,
// a click on "Add variant" pressed the button and was let go on the editor's background 19 ms
// later, and the form never opened. The note now shares a line that is always there, and
// "Give this post a title" goes with the first character typed.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { until, useSharedSetup, waitForText } from './harness';

const editor = (page: Page) => page.getByRole('article', { name: 'Editor' });
const saved = (page: Page) => waitForText(editor(page).locator('[aria-live="polite"]'), /^Saved$/);
const titleNote = (page: Page) => editor(page).locator('#post-title-note');

/** Where "Add variant" is on screen, the first control below the post's notes. */
async function addVariantAt(page: Page): Promise<{ x: number; y: number }> {
  const box = await page.getByRole('button', { name: 'Add variant' }).boundingBox();
  if (!box) throw new Error('"Add variant" is not on screen');
  return { x: box.x, y: box.y };
}

describe('the editor holds still while a title is saved', () => {
  const setup = useSharedSetup({ connect: true });

  it('a new post: its note goes with the first character, and nothing below moves when the title is saved', async () => {
    const { page, app } = setup();
    await page.getByRole('button', { name: 'New post' }).click();
    await until('the new post made, its title focused', () =>
      page.evaluate<boolean>(
        `document.activeElement?.id === 'post-title' && document.getElementById('new-post-note') === null`,
      ),
    );
    await waitForText(titleNote(page), /^Give this post a title to sync it/);
    const title = page.getByLabel('Title', { exact: true });
    expect(await title.getAttribute('aria-describedby')).toBe('post-title-note');
    const before = await addVariantAt(page);

    await page.keyboard.type('Held still');
    // Gone with the typing, before the core has the title.
    await titleNote(page).waitFor({ state: 'detached' });
    await title.blur();
    await saved(page);
    await until('the title saved in the core', async () => {
      const list = await app.core.invoke('posts.list', { workspace: 'acme' });
      return list.ok && (list.value as { title: string }[]).some((p) => p.title === 'Held still');
    });
    expect(await titleNote(page).count()).toBe(0);
    expect(await addVariantAt(page)).toEqual(before);
  });

  it('a post on the service: the note that its new title stays local comes without moving anything below', async () => {
    const { page } = setup();
    await page.getByRole('list', { name: 'Post list' }).getByText('Launch announcement').click();
    const title = page.getByLabel('Title', { exact: true });
    await until('the post open', async () => (await title.inputValue()) === 'Launch announcement');
    expect(await titleNote(page).count()).toBe(0);
    const before = await addVariantAt(page);

    await title.fill('Launch announcement, renamed');
    await title.blur();
    await saved(page);
    // The core's note, once it has the title: the service keeps the title a post was made with.
    await waitForText(titleNote(page), /kept in Outpost only/);
    expect(await addVariantAt(page)).toEqual(before);
  });
});
