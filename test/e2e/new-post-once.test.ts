// A double-click on "New post" makes one post (QA: it made two); the second press puts the
// caret back in the title of the one being made, and what is typed goes there.
import { describe, expect, it } from 'vitest';
import { call, until, useChromium } from './harness';

describe('New post', () => {
  const chromium = useChromium();

  it('a double-click makes one post, its title typed as usual', async () => {
    const s = await chromium.start();
    const { page } = s;
    await page.getByRole('button', { name: 'New post' }).dblclick();
    await page.keyboard.type('Only once');
    await until('the post made, titled', async () =>
      (await call(s, 'posts.list', { workspace: null })).some((p) => p.title === 'Only once'),
    );
    await until('the title saved', async () => (await page.getByText(/Saving/).count()) === 0);
    const posts = await call(s, 'posts.list', { workspace: null });
    expect(posts.map((p) => p.title)).toEqual(['Only once']);
  });
});
