// One composer for several platforms, in the window (browser host, Chromium, the sandbox): a new
// post's text typed once, three accounts ticked, three variants with that text; one edited on
// its own while the others keep theirs, each with its own counter and preview; then "Add all to
// queue" and "Schedule all", each with one variant refused and why, and one Undo for each.
// Keyboard only, except where a field is filled with a long text or a time.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { utcToZonedInput } from '@preload/zoned-time';
import { axeScan, call, newPost, seriousFindings, until, useChromium, waitForText } from './harness';
import type { Setup } from './harness';

const ZONE = 'Europe/Berlin';
const TEXT = 'Our winter blend is back: dark chocolate, orange peel.';
const MORE = ' Order by Friday.';

/** Runs in the page, on the element (the tests have no DOM types of their own). */
const isFocused = (el: { ownerDocument: { activeElement: unknown } }): boolean =>
  el.ownerDocument.activeElement === el;

/** Presses Tab until `target` has the focus: it is reachable by keyboard. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let n = 0; n < 200; n++) {
    if (await target.evaluate(isFocused).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${String(target)} was not reached with the keyboard`);
}

const notices = (page: Page): Locator => page.getByRole('region', { name: 'Notifications' });
const content = (page: Page): Locator => page.getByLabel('Content', { exact: true });
const counter = (page: Page): Locator => page.locator('#variant-counter');
const preview = (page: Page): Locator => page.getByRole('tabpanel').locator('section.preview');

/** Selects a variant's tab by keyboard and waits for its own panel. */
async function showVariant(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name });
  await tabTo(page, page.getByRole('tab', { selected: true }));
  for (let n = 0; n < 5 && (await tab.getAttribute('aria-selected')) !== 'true'; n++)
    await page.keyboard.press('ArrowRight');
  expect(await tab.getAttribute('aria-selected')).toBe('true');
  await page.getByRole('tabpanel', { name }).waitFor();
}

async function scheduledTimes(s: Setup, postId: string): Promise<Array<string | null>> {
  return (await call(s, 'posts.get', { id: postId })).variants.map((v) => v.scheduledAt);
}

describe('one composer for several platforms', () => {
  const chromium = useChromium();

  it('a new post: one text, three accounts ticked, three variants each edited on its own; Add all to queue and Schedule all with one refused, each undone at once', async () => {
    const s = await chromium.start({ timezoneId: ZONE, connect: true, manualClock: true });
    const page = s.page;
    const f = s.sandbox.fixtures;
    // X and LinkedIn have posting times; Bluesky has none.
    for (const profileId of [f.profiles.xDefault, f.profiles.linkedin])
      await call(s, 'planning.setSlots', {
        workspace: f.workspace,
        profileId,
        zone: ZONE,
        slots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday: weekday as 1, time: '09:00' })),
      });

    await newPost(page, 'Winter blend');
    await tabTo(page, page.getByRole('button', { name: 'Add variant' }));
    await page.keyboard.press('Enter');
    const composer = page.getByRole('group', { name: 'New variants' });
    // The text field has the caret; the workspace's active accounts are offered, one box each.
    const text = composer.getByLabel('Text for each');
    await until('the composer’s text focused', () => text.evaluate(isFocused));
    await page.keyboard.type(TEXT);
    const accounts = composer.getByRole('group', { name: 'Accounts' });
    expect(await accounts.getByRole('checkbox').count()).toBeGreaterThanOrEqual(3);
    expect(await accounts.getByRole('checkbox', { name: /Mastodon/ }).count()).toBe(0);
    for (const name of ['X · Acme', 'LinkedIn · Acme Inc.', 'Bluesky · Acme on Bluesky']) {
      await tabTo(page, accounts.getByRole('checkbox', { name, exact: true }));
      await page.keyboard.press('Space');
    }
    expect(seriousFindings(await axeScan(page))).toEqual([]);
    await tabTo(page, composer.getByRole('button', { name: 'Add', exact: true }));
    await page.keyboard.press('Enter');

    // Three tabs, in the order of the boxes; the first selected, the caret at the end of its text.
    const tabs = page.getByRole('tab');
    await until('three variants', async () => (await tabs.count()) === 3);
    expect((await tabs.allTextContents()).map((t) => t.trim())).toEqual(['Bluesky', 'LinkedIn', 'X']);
    await until('the Bluesky text has the caret', () =>
      page.evaluate<boolean>(
        `document.activeElement?.id === 'variant-content' && document.activeElement.selectionStart === ${TEXT.length}`,
      ),
    );
    // Edited on its own: Bluesky gets more words; the others keep the text they started with.
    await page.keyboard.type(MORE);
    await waitForText(counter(page), new RegExp(`^\\s*${TEXT.length + MORE.length} / 300`));
    await waitForText(preview(page), /Order by Friday\./);
    await showVariant(page, 'LinkedIn');
    expect(await content(page).inputValue()).toBe(TEXT);
    await waitForText(counter(page), new RegExp(`^\\s*${TEXT.length} / 3000`));
    expect(await preview(page).textContent()).not.toMatch(/Order by Friday/);
    await showVariant(page, 'X');
    expect(await content(page).inputValue()).toBe(TEXT);
    await waitForText(counter(page), new RegExp(`^\\s*${TEXT.length} / 280`));
    const post = (await call(s, 'posts.list', { workspace: f.workspace })).find(
      (p) => p.title === 'Winter blend',
    )!;
    await until(
      'the X text saved',
      async () =>
        (await call(s, 'posts.get', { id: post.id })).variants.map((v) => v.content).join('|') ===
        [TEXT + MORE, TEXT, TEXT].join('|'),
    );

    // Add all to queue: Bluesky has no posting times and says so; X and LinkedIn go.
    const whole = page.getByRole('group', { name: 'All 3 variants' });
    await tabTo(page, whole.getByRole('button', { name: 'Add all to queue' }));
    await page.keyboard.press('Enter');
    const outcome = page.getByRole('status').filter({ hasText: /of 3 variants/ });
    await waitForText(outcome, /Added 2 of 3 variants to the queue\./);
    await waitForText(outcome, /Bluesky: Give this account posting times first/);
    const queued = await scheduledTimes(s, post.id);
    expect([queued[0], queued[1] !== null, queued[2] !== null]).toEqual([null, true, true]);
    expect(seriousFindings(await axeScan(page))).toEqual([]);
    // One Undo puts both back.
    await notices(page).getByRole('button', { name: 'Undo: Added 2 variants to the queue' }).waitFor();
    await page.keyboard.press('Control+z');
    await waitForText(notices(page), /Undone\s*Added 2 variants to the queue/);
    await until(
      'the queue undone',
      async () => (await scheduledTimes(s, post.id)).every((t) => t === null) || null,
    );

    // Schedule all: the X text, now over its limit, is refused with its reason; the others go.
    expect(await page.getByRole('tab', { name: 'X' }).getAttribute('aria-selected')).toBe('true');
    await content(page).fill('x'.repeat(300));
    await waitForText(counter(page), /20 over the X limit/);
    const at = new Date(s.now() + 2 * 86_400_000);
    at.setUTCMinutes(0, 0, 0);
    await whole.getByLabel('Time for all variants').fill(utcToZonedInput(at.toISOString(), ZONE));
    await tabTo(page, whole.getByRole('button', { name: 'Schedule all' }));
    await page.keyboard.press('Enter');
    await waitForText(outcome, /Scheduled 2 of 3 variants\./);
    await waitForText(outcome, /X: The text is 20 over the X limit/);
    expect(await scheduledTimes(s, post.id)).toEqual([at.toISOString(), at.toISOString(), null]);
    await notices(page).getByRole('button', { name: 'Undo: Scheduled 2 variants' }).waitFor();
    await page.keyboard.press('Control+z');
    await waitForText(notices(page), /Undone\s*Scheduled 2 variants/);
    await until(
      'the schedule undone',
      async () => (await scheduledTimes(s, post.id)).every((t) => t === null) || null,
    );
    expect(seriousFindings(await axeScan(page))).toEqual([]);
  });

  it('an existing post: the variants added start from its first variant’s text', async () => {
    const s = await chromium.start({ timezoneId: ZONE, connect: true, manualClock: true });
    const page = s.page;
    const f = s.sandbox.fixtures;
    const made = await call(s, 'posts.create', { workspace: f.workspace, title: 'Tasting notes' });
    await call(s, 'variants.create', {
      postId: made.id,
      platform: 'x',
      content: TEXT,
      account: { kind: 'profile', profileId: f.profiles.xDefault },
    });
    await page
      .getByRole('list', { name: 'Post list' })
      .getByRole('button', { name: /Tasting notes/ })
      .click();
    await until(
      'the post open',
      async () => (await page.getByLabel('Title', { exact: true }).inputValue()) === 'Tasting notes',
    );
    await tabTo(page, page.getByRole('button', { name: 'Add variant' }));
    await page.keyboard.press('Enter');
    const composer = page.getByRole('group', { name: 'New variants' });
    expect(await composer.getByLabel('Text for each').inputValue()).toBe(TEXT);
    // The account the X variant goes out from says so.
    await waitForText(composer.getByText('X · Acme', { exact: true }).locator('..'), /has a variant/);
    for (const name of ['LinkedIn · Acme Inc.', 'Bluesky · Acme on Bluesky']) {
      await tabTo(page, composer.getByRole('checkbox', { name, exact: true }));
      await page.keyboard.press('Space');
    }
    await tabTo(page, composer.getByRole('button', { name: 'Add', exact: true }));
    await page.keyboard.press('Enter');
    await until('three variants', async () => (await page.getByRole('tab').count()) === 3);
    const detail = await call(s, 'posts.get', { id: made.id });
    expect(detail.variants.map((v) => [v.platform, v.content])).toEqual([
      ['x', TEXT],
      ['bluesky', TEXT],
      ['linkedin', TEXT],
    ]);
    // The first one added is open, its text with the caret.
    expect(await page.getByRole('tab', { name: 'Bluesky' }).getAttribute('aria-selected')).toBe('true');
    expect(await content(page).evaluate(isFocused)).toBe(true);
  });
});
