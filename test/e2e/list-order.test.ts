// The post list holds still while a person works: a post they edit keeps its row (no jump to
// the top under the pointer), a post they create comes in at the top, and "Re-sort" or opening
// the window again shows the list in its order (last changed, by default).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addVariant, controlAt, newPost, until, useChromium } from './harness';

const list = (page: Page) => page.getByRole('list', { name: 'Post list' });
const titles = (page: Page) => list(page).locator('.title').allTextContents();
const isFocused = (el: { ownerDocument: { activeElement: unknown } }): boolean =>
  el.ownerDocument.activeElement === el;

async function shows(page: Page, expected: string[]): Promise<void> {
  let last: string[] = [];
  try {
    await until(`the list shows ${expected.join(', ')}`, async () => {
      last = await titles(page);
      return JSON.stringify(last) === JSON.stringify(expected);
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}; it shows ${last.join(', ')}`, { cause: error });
  }
}

describe('the order of the post list', () => {
  const chromium = useChromium();

  it('keeps an edited post in its row until the person re-sorts or reloads; a new post comes in at the top', async () => {
    const s = await chromium.start({ connect: true });
    const { page } = s;
    const before = ['Launch announcement', 'Team update', 'Weekly tips'];
    await shows(page, before);
    const resort = page.getByRole('button', { name: 'Re-sort' });
    expect(await resort.count()).toBe(0);

    // The oldest post, last in the list, opened and renamed: it changes, and stays put.
    const last = list(page).getByRole('button', { name: /^Weekly tips/ });
    const thirdRowAt = async () => (await list(page).locator('li[aria-posinset="3"]').boundingBox())?.y;
    const thirdRowBefore = await thirdRowAt();
    await last.click();
    const title = page.getByLabel('Title', { exact: true });
    await until('the post open', async () => (await title.inputValue()) === 'Weekly tips');
    await title.fill('Weekly tips for baristas');
    const renamed = ['Launch announcement', 'Team update', 'Weekly tips for baristas'];
    // The row shows the new title: the list was read again since the change.
    await shows(page, renamed);
    await resort.waitFor();
    // "Re-sort" came into the line above the rows without moving them (the line's words once
    // wrapped to a second line then).
    expect(await thirdRowAt()).toBe(thirdRowBefore);
    const underPointer = await controlAt(list(page).locator('li[aria-posinset="3"] .post-row'));
    expect(underPointer?.text).toMatch(/^Weekly tips for baristas/);

    // A variant written for it: still in its row, now with the variant's chip.
    await addVariant(page, 'x', 'Five tips for a better espresso.');
    await until('the row read again with its variant', async () =>
      /\bX\b/.test((await list(page).locator('li[aria-posinset="3"] .meta').textContent()) ?? ''),
    );
    await shows(page, renamed);

    // A post the person starts comes in at the top, the others where they were.
    await newPost(page, 'Cold brew season');
    await shows(page, ['Cold brew season', ...renamed]);

    // Re-sort: the list in its order, last changed first; the keyboard goes on at the order.
    await resort.click();
    await shows(page, ['Cold brew season', 'Weekly tips for baristas', 'Launch announcement', 'Team update']);
    await until('the Re-sort button gone', async () => (await resort.count()) === 0);
    expect(await page.getByLabel('Sort by').evaluate(isFocused)).toBe(true);

    // Edited again and then the window opened again: the order fresh from the core.
    await list(page)
      .getByRole('button', { name: /^Team update/ })
      .click();
    await until('the post open', async () => (await title.inputValue()) === 'Team update');
    await title.fill('Team update: new roaster');
    await shows(page, [
      'Cold brew season',
      'Weekly tips for baristas',
      'Launch announcement',
      'Team update: new roaster',
    ]);
    await page.reload();
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    await shows(page, [
      'Team update: new roaster',
      'Cold brew season',
      'Weekly tips for baristas',
      'Launch announcement',
    ]);
    expect(await resort.count()).toBe(0);
  });
});
