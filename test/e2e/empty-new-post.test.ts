// "New post" makes the post at once. Left without anything typed in it, it stayed for good: an
// "Untitled post" in the list, a create waiting for a title in the Outbox, one more change
// waiting in the status bar. Now it goes when the person starts another New post or opens
// another post, or closes its window, as an empty draft does in a mail app; one whose title was
// typed stays.
import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { call, until, useSharedSetup, waitForText } from './harness';

const list = (page: Page) => page.getByRole('list', { name: 'Post list' });
const untitled = (page: Page) => list(page).getByText('Untitled post', { exact: true });
const statusBar = (page: Page) => page.getByRole('status', { name: 'Sync status' });

/** The new post made and open, the caret in its title. */
const madeAndFocused = (page: Page) =>
  until('the new post made, its title focused', () =>
    page.evaluate<boolean>(
      `document.activeElement?.id === 'post-title' && document.getElementById('new-post-note') === null`,
    ),
  );

/** The core's answer to the next drop the window asks for. */
async function nextDrop(page: Page): Promise<unknown> {
  const answered = page.waitForResponse((r: Response) =>
    r.url().endsWith('/bridge/invoke/posts.dropIfUntouched'),
  );
  return (await answered).json();
}

describe('a new post left with nothing in it', () => {
  const setup = useSharedSetup({ connect: true });

  /** A post of the workspace to open from the list: one the service had. */
  async function another(): Promise<string> {
    const s = setup();
    const posts = await call(s, 'posts.list', { workspace: s.sandbox.fixtures.workspace });
    const title = posts.find((p) => p.serverId !== null && p.title !== '')?.title;
    if (title === undefined) throw new Error('the workspace has no titled post to open');
    return title;
  }

  it('goes on the next New post, and on opening another post: nothing left in the list or the Outbox', async () => {
    const { page } = setup();
    await page.getByRole('button', { name: 'New post' }).click();
    await madeAndFocused(page);
    await untitled(page).waitFor();
    await waitForText(statusBar(page), /^1 waiting/);

    // Another New post: the first goes, the second is open.
    const first = nextDrop(page);
    await page.keyboard.press('Alt+N');
    expect(await first).toEqual({ ok: true, value: { dropped: true } });
    await madeAndFocused(page);
    await until('one untitled post in the list', async () => (await untitled(page).count()) === 1);

    // Another post opened from the list: the second goes too.
    const second = nextDrop(page);
    await list(page)
      .getByText(await another(), { exact: true })
      .first()
      .click();
    expect(await second).toEqual({ ok: true, value: { dropped: true } });
    await untitled(page).waitFor({ state: 'detached' });
    expect(await call(setup(), 'outbox.list', undefined)).toEqual([]);
    // No change waiting any more (the line says how many while one does).
    await waitForText(statusBar(page), /^(?![\s\S]*waiting)/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Outbox' }).click();
    await page.getByText('Nothing waiting. Everything is sent.').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Posts' }).click();
  });

  it('with its title typed, stays when another post is opened, its create waiting', async () => {
    const { page } = setup();
    await page.getByRole('button', { name: 'New post' }).click();
    await madeAndFocused(page);
    await page.keyboard.type('Worth keeping');

    const asked = nextDrop(page);
    await list(page)
      .getByText(await another(), { exact: true })
      .first()
      .click();
    // Asked after the title was saved: the core finds it typed, and keeps it.
    expect(await asked).toEqual({ ok: true, value: { dropped: false } });
    await list(page).getByText('Worth keeping', { exact: true }).waitFor();
    const waiting = await call(setup(), 'outbox.list', undefined);
    expect(waiting.map((op) => [op.kind, op.postTitle])).toEqual([['create_post', 'Worth keeping']]);
    await waitForText(statusBar(page), /^1 waiting/);
  });

  it('goes when its window is closed, though the host runs on', async () => {
    const s = setup();
    const emptyPosts = async () =>
      (await call(s, 'posts.list', { workspace: s.sandbox.fixtures.workspace })).filter(
        (p) => p.title === '',
      );
    // A window of its own (a new tab, with a code of its own): the one the other tests use stays.
    const page = await s.page.context().newPage();
    await page.goto(s.app.host.pageUrl());
    await page.getByRole('button', { name: 'New post' }).click();
    await madeAndFocused(page);
    expect(await emptyPosts()).toHaveLength(1);

    await page.close({ runBeforeUnload: true });
    await until('the empty post dropped', async () => (await emptyPosts()).length === 0);
    // Its create went with it; the titled post of the test before still waits.
    const waiting = await call(s, 'outbox.list', undefined);
    expect(waiting.map((op) => [op.kind, op.postTitle])).toEqual([['create_post', 'Worth keeping']]);
  });
});
