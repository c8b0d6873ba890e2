// Typing lands where it is shown, whatever the editor switches to. A fast typist (or a
// keyboard user) starts a new post and types its title with no pause: every character goes
// into the new post's title, none is lost while the core creates it, and none reaches the post
// left behind. 50 rounds in one window, half from the button and half from the shortcut.
import { describe, expect, it } from 'vitest';
import { newPost, useSharedSetup, waitForText } from './harness';

const ROUNDS = 50;

describe('typing right after a switch', () => {
  const setup = useSharedSetup();

  it('New post: each title typed at once lands in its own new post, 50 rounds', async () => {
    const { page, app } = setup();
    await newPost(page, 'Written before');
    const typed: string[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const title = `At once ${r}`;
      typed.push(title);
      if (r % 2 === 0) await page.getByRole('button', { name: 'New post' }).click();
      else await page.keyboard.press('Alt+N');
      // No waiting of any kind: the keys follow the click as fast as they can be sent.
      await page.keyboard.type(title);
    }
    // The caret is in the last post's title, after its text.
    const last = typed.at(-1)!;
    expect(
      await page.evaluate<[string, string, number]>(
        `[document.activeElement.id, document.activeElement.value, document.activeElement.selectionStart]`,
      ),
    ).toEqual(['post-title', last, last.length]);

    // Leaving the field writes it; then every title is in the core, each in its own post.
    await page.getByRole('button', { name: 'History of the title' }).focus();
    await waitForText(
      page.getByRole('article', { name: 'Editor' }).locator('[aria-live="polite"]'),
      /^Saved$/,
    );
    const list = await app.core.invoke('posts.list', { workspace: null });
    const titles = (list.ok ? (list.value as { title: string }[]) : []).map((p) => p.title);
    const lost = typed.filter((title) => !titles.includes(title));
    const misplaced = titles.filter((title) => title !== 'Written before' && !typed.includes(title));
    expect({ lost, misplaced }).toEqual({ lost: [], misplaced: [] });
    expect(titles.toSorted()).toEqual(['Written before', ...typed].toSorted());
  });
});
