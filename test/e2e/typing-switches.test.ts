// Typing lands where it is shown, whatever the editor switches to. A fast typist (or a
// keyboard user) starts a new post, or duplicates one, and types its title with no pause:
// every character goes into the new post's title, none is lost while the core makes it, and
// none reaches the post left behind. 30 rounds each in one window.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPost, useSharedSetup, waitForText, type Setup } from './harness';

const ROUNDS = 30;

/** Every post's title, as the core has it. */
async function titlesInCore(app: Setup['app']): Promise<string[]> {
  const list = await app.core.invoke('posts.list', { workspace: null });
  return (list.ok ? (list.value as { title: string }[]) : []).map((p) => p.title);
}

/** The caret is in the open post's title, after `text`; leaving the field writes it (awaited). */
async function leaveTitle(page: Page, text: string): Promise<void> {
  expect(
    await page.evaluate<[string, string, number]>(
      `[document.activeElement.id, document.activeElement.value, document.activeElement.selectionStart]`,
    ),
  ).toEqual(['post-title', text, text.length]);
  await page.getByRole('button', { name: 'History of the title' }).focus();
  await waitForText(page.getByRole('article', { name: 'Editor' }).locator('[aria-live="polite"]'), /^Saved$/);
}

/** The titles the core has now are those it had before and the ones typed: none lost, none misplaced. */
function expectEachTyped(before: string[], typed: string[], after: string[]): void {
  const lost = typed.filter((title) => !after.includes(title));
  const misplaced = after.filter((title) => !before.includes(title) && !typed.includes(title));
  expect({ lost, misplaced }).toEqual({ lost: [], misplaced: [] });
  expect(after.toSorted()).toEqual([...before, ...typed].toSorted());
}

describe('typing right after a switch', () => {
  const setup = useSharedSetup();

  it('New post: each title typed at once lands in its own new post, 30 rounds', async () => {
    const { page, app } = setup();
    await newPost(page, 'Written before');
    await leaveTitle(page, 'Written before');
    const before = await titlesInCore(app);
    const typed: string[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const title = `At once ${r}`;
      typed.push(title);
      // Half from the button, half from the shortcut.
      if (r % 2 === 0) await page.getByRole('button', { name: 'New post' }).click();
      else await page.keyboard.press('Alt+N');
      // No waiting of any kind: the keys follow the click as fast as they can be sent.
      await page.keyboard.type(title);
    }
    await leaveTitle(page, typed.at(-1)!);
    expectEachTyped(before, typed, await titlesInCore(app));
  });

  it('Duplicate: what is typed at once goes on the copy’s title and only there, 30 rounds', async () => {
    const { page, app } = setup();
    await newPost(page, 'Dup base');
    await leaveTitle(page, 'Dup base');
    const before = await titlesInCore(app);
    const typed: string[] = [];
    let title = 'Dup base';
    for (let r = 0; r < ROUNDS; r++) {
      // The copy's title is shown with the caret after it: the keys carry on from there.
      title = `${title} (copy) ${r}`;
      typed.push(title);
      await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
      await page.keyboard.type(` ${r}`);
    }
    await leaveTitle(page, title);
    expectEachTyped(before, typed, await titlesInCore(app));
  });
});
