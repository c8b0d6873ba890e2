// Many posts at once, in the window (browser host, Chromium, the sandbox): posts picked in
// the list with the keyboard (Space, Ctrl+A, Escape) and the mouse (a checkbox, Shift-click), a
// bulk reschedule reported in words and undone with one Undo, duplicate, delete with undo, Hide
// here and back, and reuse inside the editor. What a test sets up comes through the core; what
// the user does goes through the window, and the service is checked through the sandbox.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { utcToZonedInput, zonedInputToUtc } from '../../src-renderer/src/lib/schedule-time';
import {
  axeScan,
  call,
  description,
  seriousFindings,
  seriousInBothSchemes,
  until,
  useChromium,
  waitForText,
} from './harness';
import type { Setup } from './harness';

const ZONE = 'Europe/Berlin';
const DAY = 86_400_000;

/** Tomorrow at ten in the window's zone. */
function tomorrowAtTen(s: Setup): string {
  const day = utcToZonedInput(new Date(s.now() + DAY).toISOString(), ZONE).slice(0, 10);
  return zonedInputToUtc(`${day}T10:00`, ZONE);
}

/** Posts with one X variant each, scheduled tomorrow at ten (if asked) and synced. */
async function posts(s: Setup, titles: string[], scheduled = true) {
  const at = tomorrowAtTen(s);
  const made = [];
  for (const title of titles) {
    const post = await call(s, 'posts.create', { workspace: s.sandbox.fixtures.workspace, title });
    const v = await call(s, 'variants.create', {
      postId: post.id,
      platform: 'x',
      content: `${title}: see you there.`,
      account: { kind: 'default' },
    });
    if (scheduled) await call(s, 'variants.schedule', { id: v.id, at });
    made.push({ post, variant: v });
  }
  await s.app.core.syncNow('user');
  const withServerIds = [];
  for (const { post, variant } of made) {
    const detail = await call(s, 'posts.get', { id: post.id });
    withServerIds.push({ post: detail, variant: detail.variants.find((v) => v.id === variant.id)! });
  }
  return { at, made: withServerIds };
}

const isFocused = (el: { ownerDocument: { activeElement: unknown } }): boolean =>
  el.ownerDocument.activeElement === el;

async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  for (let n = 0; n < 200; n++) {
    if (await target.evaluate(isFocused).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached with the keyboard`);
}

const notices = (page: Page): Locator => page.getByRole('region', { name: 'Notifications' });
const bar = (page: Page): Locator => page.getByRole('region', { name: 'Selected posts' });
const row = (page: Page, title: string): Locator =>
  page.getByRole('list', { name: 'Post list' }).getByRole('button', { name: new RegExp(`^${title}`) });
const box = (page: Page, title: string): Locator =>
  page.getByRole('checkbox', { name: `Select ${title}`, exact: true });

async function listShows(page: Page, titles: string[]): Promise<void> {
  for (const title of titles) await row(page, title).waitFor();
}

/**
 * The titles of the list, top first, once the posts made for the test lead it (newest first;
 * the sandbox's demo posts follow).
 */
async function listOrder(page: Page, mine: string[]): Promise<string[]> {
  await listShows(page, mine);
  const order = await page
    .getByRole('list', { name: 'Post list' })
    .getByRole('checkbox')
    .evaluateAll((els: Array<{ getAttribute(name: string): string | null }>) =>
      els.map((el) => (el.getAttribute('aria-label') ?? '').replace('Select ', '')),
    );
  expect([...order.slice(0, mine.length)].sort()).toEqual([...mine].sort());
  return order;
}

const serviceTime = (s: Setup, serverId: string | null): number =>
  Date.parse(s.sandbox.inspect.variants().find((v) => v.id === serverId)?.scheduled_at ?? '');

describe('many posts at once', () => {
  const chromium = useChromium();
  const connected = () => chromium.start({ timezoneId: ZONE, connect: true });

  it('picks with the keyboard, reschedules by +1 day with a report, and one Undo puts every time back, checked in both colour schemes', async () => {
    const s = await connected();
    const titles = ['Alpha launch', 'Bravo menu', 'Charlie event', 'Delta recap'];
    const { at, made } = await posts(s, titles);
    // A colleague published one of them.
    const published = made[3]!;
    s.sandbox.publishAs(published.variant.serverId!);
    await s.app.core.syncNow('user');
    const page = s.page;
    const order = await listOrder(page, titles);

    // Space picks the focused row, Escape clears, Ctrl+A picks every row shown.
    await tabTo(page, row(page, order[1]!));
    await page.keyboard.press('Space');
    await waitForText(bar(page), /1 selected/);
    expect(await box(page, order[1]!).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await bar(page).waitFor({ state: 'detached' });
    await page.keyboard.press('Control+a');
    await waitForText(bar(page), new RegExp(`${order.length} selected`));
    await page.keyboard.press('Escape');
    await bar(page).waitFor({ state: 'detached' });
    // Space on the first of them, Shift+Space on the last: the four, and only them.
    await tabTo(page, row(page, order[0]!), true);
    await page.keyboard.press('Space');
    await tabTo(page, row(page, order[3]!));
    await page.keyboard.press('Shift+Space');
    await waitForText(bar(page), /4 selected/);
    for (const title of order) expect(await box(page, title).isChecked()).toBe(titles.includes(title));
    expect(await seriousInBothSchemes(page)).toEqual([]);

    const patches = made.map((m) => s.sandbox.inspect.patchCount(m.variant.serverId!));
    await tabTo(page, bar(page).getByRole('button', { name: 'Reschedule…' }));
    await page.keyboard.press('Enter');
    const by = bar(page).getByLabel('Move by');
    await until('the caret in "Move by"', () => by.evaluate(isFocused));
    await page.keyboard.type('+1 day');
    await page.keyboard.press('Enter');

    await waitForText(
      bar(page).getByRole('status'),
      /^3 rescheduled, 1 refused: this variant is already published; it cannot change\.$/,
    );
    // The focus is back on the button that opened the panel, not lost.
    expect(await bar(page).getByRole('button', { name: 'Reschedule…' }).evaluate(isFocused)).toBe(true);
    await tabTo(page, bar(page).getByRole('button', { name: 'Why refused' }));
    await page.keyboard.press('Enter');
    await waitForText(
      bar(page).getByRole('listitem'),
      /‘Delta recap’ \(X\): This variant is already published/,
    );
    await notices(page).getByRole('button', { name: 'Undo: Rescheduled 3 variants' }).waitFor();
    expect(await seriousInBothSchemes(page)).toEqual([]);

    await s.app.core.syncNow('user');
    for (const [i, m] of made.entries()) {
      const expected = m === published ? 0 : 1;
      expect(s.sandbox.inspect.patchCount(m.variant.serverId!) - patches[i]!).toBe(expected);
      if (m !== published) expect(serviceTime(s, m.variant.serverId)).toBe(Date.parse(at) + DAY);
    }

    // Ctrl+Z outside a text field takes the whole reschedule back.
    await page.keyboard.press('Control+z');
    await waitForText(notices(page), /Undone\s*Rescheduled 3 variants/);
    await s.app.core.syncNow('user');
    for (const m of made.slice(0, 3)) expect(serviceTime(s, m.variant.serverId)).toBe(Date.parse(at));
  });

  it('picks with a checkbox and Shift-click; duplicates; deletes what never reached the service, with Undo', async () => {
    const s = await connected();
    const titles = ['Echo', 'Foxtrot', 'Golf', 'Hotel'];
    await posts(s, titles, false);
    const page = s.page;
    const order = await listOrder(page, titles);

    await box(page, order[0]!).click();
    await box(page, order[2]!).click({ modifiers: ['Shift'] });
    await waitForText(bar(page), /3 selected/);
    expect(await box(page, order[1]!).isChecked()).toBe(true);
    expect(await box(page, order[3]!).isChecked()).toBe(false);
    // Shift-click on a row extends too, and opens nothing.
    await row(page, order[3]!).click({ modifiers: ['Shift'] });
    await waitForText(bar(page), /4 selected/);
    expect(await page.getByRole('article', { name: 'Editor' }).count()).toBe(0);

    await bar(page).getByRole('button', { name: 'Duplicate' }).click();
    await waitForText(bar(page).getByRole('status'), /^4 duplicated$/);
    await listShows(
      page,
      titles.map((t) => `${t} \\(copy\\)`),
    );
    await notices(page).getByRole('button', { name: 'Undo: Duplicated 4 posts' }).waitFor();

    // Delete is offered for what never reached the service only; the synced one is offered Hide.
    await bar(page).getByRole('button', { name: 'Clear selection' }).click();
    await box(page, 'Golf').click();
    await waitForText(bar(page), /1 selected/);
    expect(
      await bar(page)
        .getByRole('button', { name: /^Delete/ })
        .count(),
    ).toBe(0);
    expect(await description(bar(page).getByRole('button', { name: 'Hide here' }))).toBe(
      'On the service, which offers no deletion: hide them here.',
    );
    await box(page, 'Echo (copy)').click();
    await box(page, 'Foxtrot (copy)').click();
    await waitForText(bar(page), /3 selected/);
    await bar(page).getByRole('button', { name: 'Delete 2 not on the service', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 posts?' });
    await dialog.waitFor();
    // It says what would go: each post that can go, by its title, and what stays.
    for (const title of ['‘Echo (copy)’', '‘Foxtrot (copy)’'])
      expect(await dialog.textContent()).toContain(title);
    expect(await dialog.textContent()).not.toContain('‘Golf’');
    expect(await dialog.textContent()).toContain('The 1 on the service stay as they are.');
    expect(seriousFindings(await axeScan(page))).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await waitForText(bar(page).getByRole('status'), /^2 deleted$/);
    await row(page, 'Echo \\(copy\\)').waitFor({ state: 'detached' });
    await row(page, 'Foxtrot \\(copy\\)').waitFor({ state: 'detached' });

    await notices(page).getByRole('button', { name: 'Undo: Deleted 2 posts' }).click();
    await waitForText(notices(page), /Undone\s*Deleted 2 posts/);
    await listShows(page, ['Echo \\(copy\\)', 'Foxtrot \\(copy\\)']);
    // Back with their ops: they reach the service with the next sync, once each.
    await s.app.core.syncNow('user');
    const onService = s.sandbox.inspect.posts(s.sandbox.fixtures.workspace).map((p) => p.title);
    expect(onService.filter((t) => t === 'Echo (copy)')).toHaveLength(1);
    expect(onService.filter((t) => t === 'Foxtrot (copy)')).toHaveLength(1);
  });

  it('hides synced posts here, finds them under Hidden posts, and shows them again', async () => {
    const s = await connected();
    await posts(s, ['India', 'Juliett']);
    const page = s.page;
    await listShows(page, ['India', 'Juliett']);

    await box(page, 'India').click();
    await bar(page).getByRole('button', { name: 'Hide here' }).click();
    await waitForText(bar(page).getByRole('status'), /^1 hidden here$/);
    await row(page, 'India').waitFor({ state: 'detached' });
    await notices(page).getByRole('button', { name: 'Undo: Hid ‘India’ here' }).waitFor();

    const hidden = page.getByRole('button', { name: 'Hidden posts' });
    await hidden.click();
    expect(await hidden.getAttribute('aria-pressed')).toBe('true');
    await listShows(page, ['India']);
    expect(await row(page, 'Juliett').count()).toBe(0);
    // Opened, it says where it stands and offers to show it again.
    await row(page, 'India').click();
    await waitForText(
      page.getByRole('article', { name: 'Editor' }),
      /Hidden here: it is not in the post list/,
    );
    expect(seriousFindings(await axeScan(page))).toEqual([]);

    await box(page, 'India').click();
    await bar(page).getByRole('button', { name: 'Show again' }).click();
    await waitForText(bar(page).getByRole('status'), /^1 shown again$/);
    await row(page, 'India').waitFor({ state: 'detached' });
    await hidden.click();
    await listShows(page, ['India', 'Juliett']);
  });
});

describe('reuse in the editor', () => {
  const chromium = useChromium();

  it('copies text from another variant, deletes a variant not yet sent with Undo, duplicates, and offers Hide here for a synced post', async () => {
    const s = await chromium.start({ timezoneId: ZONE, connect: true });
    const { made } = await posts(s, ['Kilo'], false);
    const post = made[0]!.post;
    const page = s.page;
    await listShows(page, ['Kilo']);
    await row(page, 'Kilo').click();
    const editor = page.getByRole('article', { name: 'Editor' });
    await editor.waitFor();
    // On the service: no deletion, said plainly, and Hide here instead.
    await waitForText(editor, /The service cannot delete a post that reached it/);
    await editor.getByRole('button', { name: 'Hide here' }).waitFor();
    expect(await editor.getByRole('button', { name: 'Delete post' }).count()).toBe(0);

    const li = await call(s, 'variants.create', {
      postId: post.id,
      platform: 'linkedin',
      content: 'Kilo, the long version for LinkedIn.',
      account: { kind: 'default' },
    });
    await editor.getByRole('tab', { name: 'X' }).click();
    await editor.getByRole('button', { name: 'Copy text from LinkedIn' }).click();
    const content = page.getByLabel('Content', { exact: true });
    await until('the copied text', async () => (await content.inputValue()) === li.content);
    await notices(page)
      .getByRole('button', { name: 'Undo: Copied the LinkedIn text into the X variant of ‘Kilo’' })
      .click();
    await until('the text back', async () => (await content.inputValue()) === 'Kilo: see you there.');

    // The LinkedIn variant never reached the service: it can be deleted, and brought back.
    await editor.getByRole('tab', { name: 'LinkedIn' }).click();
    await editor.getByRole('button', { name: 'Delete variant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this variant?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete variant' }).click();
    await editor.getByRole('tab', { name: 'LinkedIn' }).waitFor({ state: 'detached' });
    await notices(page).getByRole('button', { name: 'Undo: Deleted the LinkedIn variant of ‘Kilo’' }).click();
    await editor.getByRole('tab', { name: 'LinkedIn' }).waitFor();

    await editor.getByRole('button', { name: 'Duplicate' }).click();
    await until(
      'the copy open',
      async () => (await page.getByLabel('Title', { exact: true }).inputValue()) === 'Kilo (copy)',
    );
    await editor.getByRole('button', { name: 'Delete post' }).waitFor();
    expect((await editor.getByRole('tab').allTextContents()).map((t) => t.trim())).toEqual(['X', 'LinkedIn']);
    expect(seriousFindings(await axeScan(page))).toEqual([]);

    // The copy never reached the service: deleted with the keyboard, the focus goes on to the
    // post that took its place in the list, not to the page.
    await editor.getByRole('button', { name: 'Delete post' }).focus();
    await page.keyboard.press('Enter');
    const deleting = page.getByRole('dialog', { name: 'Delete this post?' });
    await deleting.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await row(page, 'Kilo \\(copy\\)').waitFor({ state: 'detached' });
    await until('the focus on a post of the list', () =>
      page.evaluate(`document.activeElement?.classList.contains('post-row') === true`),
    );
  });
});
