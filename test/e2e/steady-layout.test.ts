// The editor holds still under the pointer while what it shows changes by itself. A post's note
// about its title came and went when the core saved the title, a second after the typing, and
// moved everything below it: in CI, a click on "Add variant" pressed the button and was let go
// on the editor's background 19 ms later, and the form never opened. The note now shares a line
// that is always there, and "Give this post a title" goes with the first character typed. A sync
// that takes a post to the service moved the editor too: Delete post gave way to Hide here with
// a line of its own, Delete variant's row went, and the state's badge narrowed. And in the
// Outbox, each row a sync sent went from under the pointer, moving the rows below it up.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  addVariant,
  call,
  newPost,
  seriousInBothSchemes,
  syncNow,
  until,
  useSharedSetup,
  variantBadge,
  waitForText,
} from './harness';

const editor = (page: Page) => page.getByRole('article', { name: 'Editor' });
const saved = (page: Page) => waitForText(editor(page).locator('[aria-live="polite"]'), /^Saved$/);
const titleNote = (page: Page) => editor(page).locator('#post-title-note');

/** Where a control is on screen. */
async function at(control: Locator): Promise<{ x: number; y: number }> {
  const box = await control.boundingBox();
  if (!box) throw new Error(`${String(control)} is not on screen`);
  return { x: box.x, y: box.y };
}

/** Where "Add variant" is on screen, the first control below the post's notes. */
const addVariantAt = (page: Page) => at(page.getByRole('button', { name: 'Add variant' }));

describe('what a person is about to click holds still while the window changes by itself', () => {
  const setup = useSharedSetup({ connect: true });

  it('a new post: its note goes with the first character, and nothing below moves when the title is saved', async () => {
    const { page, app, sandbox } = setup();
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
    // Once the core has the title being typed, its create waits for it, and says so on that line.
    await waitForText(titleNote(page), /^Waits until you finish the title/);
    expect(await addVariantAt(page)).toEqual(before);
    await title.blur();
    await saved(page);
    await until('the title saved in the core', async () => {
      const list = await app.core.invoke('posts.list', { workspace: sandbox.fixtures.workspace });
      return list.ok && (list.value as { title: string }[]).some((p) => p.title === 'Held still');
    });
    // Left, the title is finished: the note goes.
    await titleNote(page).waitFor({ state: 'detached' });
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

  it('a sync that takes a post and its variant to the service moves none of the controls', async () => {
    const { page, sandbox } = setup();
    await newPost(page, 'Reaches the service');
    await addVariant(page, 'x', 'Held still while it syncs.');
    await waitForText(editor(page).locator('[aria-live="polite"]'), /^Saved$/);
    const controls = {
      titleHistory: page.getByRole('button', { name: 'History of the title' }),
      addVariant: page.getByRole('button', { name: 'Add variant' }),
      content: page.getByLabel('Content', { exact: true }),
      account: page.getByLabel('Account', { exact: true }),
      schedule: page.getByRole('button', { name: 'Schedule', exact: true }),
      publishNow: page.getByRole('button', { name: 'Publish now' }),
    };
    const before: Record<string, { x: number; y: number }> = {};
    for (const [name, control] of Object.entries(controls)) before[name] = await at(control);
    expect(await page.getByRole('button', { name: 'Delete variant' }).count()).toBe(1);

    await syncNow(page);
    await until('the variant on the service', () =>
      sandbox.inspect.variants().some((v) => v.content === 'Held still while it syncs.'),
    );
    await waitForText(variantBadge(page), /^Draft$/);
    // What changed: the post can be hidden, no longer deleted, and so can the variant.
    await editor(page).getByRole('button', { name: 'Hide here' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete variant' }).count()).toBe(0);
    const after: Record<string, { x: number; y: number }> = {};
    for (const [name, control] of Object.entries(controls)) after[name] = await at(control);
    expect(after).toEqual(before);
  });

  it('the Outbox: the rows a sync sends stay where they were, marked, until the view is left', async () => {
    const s = setup();
    const { page } = s;
    await call(s, 'sync.pause', undefined);
    const post = await call(s, 'posts.create', {
      workspace: s.sandbox.fixtures.workspace,
      title: 'Kept in place',
    });
    for (const platform of ['x', 'mastodon'])
      await call(s, 'variants.create', {
        postId: post.id,
        platform,
        content: `Waiting for ${platform}.`,
        account: { kind: 'default' },
      });
    const outbox = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Outbox' });
    await outbox.click();
    const rows = page.getByRole('table').getByRole('row').filter({ hasText: 'Kept in place' });
    await until('three operations of the post', async () => (await rows.count()) === 3);
    const kinds = async () => (await rows.locator('td:first-child strong').allTextContents()).join(', ');
    const order = await kinds();
    const lastRow = rows.last().getByRole('button', { name: /^Open post/ });
    const before = (await lastRow.boundingBox())!;

    await call(s, 'sync.resume', undefined);
    await s.app.core.syncNow('user');
    await page.getByText('Nothing waiting. Everything is sent.').waitFor();
    await until('each row still there, marked as left', async () => {
      const texts = await rows.allTextContents();
      return texts.length === 3 && texts.every((text) => text.includes('Left the outbox'));
    });
    expect(await kinds()).toBe(order);
    // Its row in the same place; the table's columns may share the width a little otherwise (the
    // buttons and reasons changed), but the point a click aimed at is still on the same button.
    const after = (await lastRow.boundingBox())!;
    expect(after.y).toBe(before.y);
    const aimedAt = before.x + before.width / 2;
    expect(after.x <= aimedAt && aimedAt <= after.x + after.width).toBe(true);
    expect(s.sandbox.inspect.variants().filter((v) => v.content.startsWith('Waiting for '))).toHaveLength(2);
    // The rows that left are greyed, and still readable in both colour schemes.
    expect(await seriousInBothSchemes(page)).toEqual([]);

    // Left and opened again: what was sent is gone.
    const posts = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Posts' });
    await posts.click();
    await outbox.click();
    await page.getByText('Nothing waiting. Everything is sent.').waitFor();
    expect(await rows.count()).toBe(0);

    // What leaves while the view is closed is not shown as left when it opens again.
    await call(s, 'sync.pause', undefined);
    await call(s, 'posts.create', { workspace: s.sandbox.fixtures.workspace, title: 'Sent unseen' });
    const unseen = page.getByRole('table').getByRole('row').filter({ hasText: 'Sent unseen' });
    await unseen.waitFor();
    await posts.click();
    await call(s, 'sync.resume', undefined);
    await s.app.core.syncNow('user');
    await until('the post on the service', () =>
      s.sandbox.inspect.posts(s.sandbox.fixtures.workspace).some((p) => p.title === 'Sent unseen'),
    );
    await outbox.click();
    await page.getByText('Nothing waiting. Everything is sent.').waitFor();
    expect(await unseen.count()).toBe(0);
  });
});
