// A double-click on "New post" makes one post (QA: it made two); the second press puts the
// caret back in the title of the one being made, and what is typed goes there. Making a post
// and its variant leaves nothing in the console (Svelte's derived_inert warning came each time:
// the title field's blur read its props as it was taken down).
import { describe, expect, it } from 'vitest';
import { call, until, useChromium } from './harness';

describe('New post', () => {
  const chromium = useChromium();

  it('a double-click makes one post, its title typed as usual', async () => {
    const s = await chromium.start();
    const { page } = s;
    const said: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') said.push(m.text());
    });
    await page.getByRole('button', { name: 'New post' }).dblclick();
    await page.keyboard.type('Only once');
    await until('the post made, titled', async () =>
      (await call(s, 'posts.list', { workspace: null })).some((p) => p.title === 'Only once'),
    );
    await until('the title saved', async () => (await page.getByText(/Saving/).count()) === 0);
    const posts = await call(s, 'posts.list', { workspace: null });
    expect(posts.map((p) => p.title)).toEqual(['Only once']);
    await page.getByRole('button', { name: 'Add variant' }).click();
    await page
      .getByRole('button', { name: /^Add( \d+ variants?)?$/ })
      .first()
      .waitFor();
    expect(said).toEqual([]);
  });
});
