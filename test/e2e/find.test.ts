// Find and layout: the post list filtered by platform, account, state and date,
// named and cleared in one step; a sort named on screen and kept after a reload; search that
// ignores case and accents; and the list and the editor from 900 px up: no horizontal scroll,
// chips whole or shrunk to their mark, the preview beside the text.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeScan,
  call,
  seriousFindings,
  seriousInBothSchemes,
  type Setup,
  until,
  useChromium,
  waitForText,
} from './harness';

const DAY = 86_400_000;
/** The day an instant falls on in the window's zone (the harness opens it in Europe/Paris). */
const parisDay = (ms: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(ms);

/** A post of the sandbox's workspace with variants, made through the core the window uses. */
async function post(
  s: Setup,
  title: string,
  variants: Array<{ platform: string; content: string; profile?: string; at?: number }>,
): Promise<void> {
  const p = await call(s, 'posts.create', { workspace: s.sandbox.fixtures.workspace, title });
  for (const v of variants) {
    const made = await call(s, 'variants.create', {
      postId: p.id,
      platform: v.platform,
      content: v.content,
      account: v.profile ? { kind: 'profile', profileId: v.profile } : { kind: 'none' },
    });
    if (v.at !== undefined)
      await call(s, 'variants.schedule', { id: made.id, at: new Date(v.at).toISOString() });
  }
}

const list = (page: Page) => page.getByRole('list', { name: 'Post list' });
const titles = (page: Page) => list(page).locator('.title').allTextContents();

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

/** The filters' name on screen, or '' when there is none. */
const filterLine = async (page: Page) =>
  (await page.getByRole('group', { name: 'Filters and order' }).locator('.name').count()) === 0
    ? ''
    : ((await page.getByRole('group', { name: 'Filters and order' }).locator('.name').textContent()) ?? '')
        .replace(/\s+/g, ' ')
        .trim();

describe('finding posts', () => {
  const chromium = useChromium();

  it('filters by platform, account, state and date, names the filters and clears them in one step', async () => {
    const s = await chromium.start({ connect: true });
    const f = s.sandbox.fixtures;
    const now = s.now();
    await post(s, 'Café du matin', [
      { platform: 'x', content: 'Crème brûlée and coffee', profile: f.profiles.xSecond, at: now + DAY },
      { platform: 'linkedin', content: 'Morning coffee', profile: f.profiles.linkedin },
    ]);
    await post(s, 'Harvest report', [
      { platform: 'x', content: 'The harvest is in', profile: f.profiles.xDefault, at: now + 20 * DAY },
    ]);
    await post(s, 'Été en terrasse', [
      { platform: 'bluesky', content: 'Sun', profile: f.profiles.blueskySignOff },
    ]);
    // On the service, the times are scheduled there (a state filter looks at that).
    await s.app.core.syncNow('user');
    const { page } = s;
    const everything = [
      'Été en terrasse',
      'Harvest report',
      'Café du matin',
      'Launch announcement',
      'Team update',
      'Weekly tips',
    ];
    await until('every post listed', async () => (await titles(page)).length === everything.length);

    await page.getByLabel('Filter by platform').selectOption('x');
    await shows(page, ['Harvest report', 'Café du matin', 'Launch announcement']);
    expect(await filterLine(page)).toBe('Showing X');
    await page.getByLabel('Filter by account').selectOption({ label: 'Acme Support' });
    await shows(page, ['Café du matin']);
    expect(await filterLine(page)).toBe('Showing X · Acme Support');
    await page.getByLabel('Filter by when it goes out').selectOption('next7');
    await page.getByLabel('Filter by state').selectOption('scheduled');
    await shows(page, ['Café du matin']);
    expect(await filterLine(page)).toBe('Showing X · Acme Support · Scheduled · next 7 days');
    // The LinkedIn variant of the same post is a draft on another account: a draft on Acme
    // Support is nowhere.
    await page.getByLabel('Filter by state').selectOption('draft');
    await shows(page, []);
    await page.getByText('No post matches.').waitFor();

    // One step back to everything.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await shows(page, everything);
    expect(await filterLine(page)).toBe('');
    expect(await page.getByLabel('Filter by platform').inputValue()).toBe('');
    expect(await page.getByLabel('Filter by state').inputValue()).toBe('all');

    // Between two days: the harvest goes out in twenty days.
    await page.getByLabel('Filter by when it goes out').selectOption('dates');
    await page.getByLabel('From').fill(parisDay(now + 19 * DAY));
    await page.getByLabel('To').fill(parisDay(now + 21 * DAY));
    await shows(page, ['Harvest report']);
    expect(await filterLine(page)).toMatch(/^Showing \d+ \w+ – \d+ \w+$/);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await shows(page, everything);
  });

  it('sorts by the order chosen, names it, and keeps it after a reload; searches ignoring case and accents', async () => {
    const s = await chromium.start({ connect: true });
    await post(s, 'Zucchini bread', [{ platform: 'x', content: 'Bake it' }]);
    await post(s, 'Été en terrasse', [{ platform: 'x', content: 'Crème glacée for everyone' }]);
    await post(s, 'apple pie', []);
    const { page } = s;
    const count = page.locator('p.count');
    await waitForText(count, /Sorted by last changed/);
    await shows(page, [
      'apple pie',
      'Été en terrasse',
      'Zucchini bread',
      'Launch announcement',
      'Team update',
      'Weekly tips',
    ]);

    await page.getByLabel('Sort by').selectOption('title');
    const byTitle = [
      'apple pie',
      'Été en terrasse',
      'Launch announcement',
      'Team update',
      'Weekly tips',
      'Zucchini bread',
    ];
    await shows(page, byTitle);
    await waitForText(count, /^\s*6\s+posts · Sorted by title\s*$/);
    // Kept by the core, so the window opens with it after a reload.
    await until(
      'the order kept',
      async () => (await call(s, 'settings.get', undefined)).postSort === 'title',
    );
    await page.reload();
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    await waitForText(page.locator('p.count'), /Sorted by title/);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('title');
    await shows(page, byTitle);

    const search = page.getByRole('searchbox', { name: 'Search posts' });
    await search.fill('ETE');
    await shows(page, ['Été en terrasse']);
    await search.fill('creme');
    await shows(page, ['Été en terrasse']);
    await search.fill('bread zucchini');
    await shows(page, ['Zucchini bread']);
    await search.fill('');
    await shows(page, byTitle);
  });

  it('lists more than a screenful a page at a time: every post once, counted once the last page is in', async () => {
    const s = await chromium.start({ connect: true });
    const workspace = s.sandbox.fixtures.workspace;
    // 1,150 local posts of the workspace (never sent: no sync runs here), 1,100 of them with the
    // word searched; more than the first screenful and more than one page of the rest.
    for (let i = 0; i < 1_150; i++)
      await call(s, 'posts.create', {
        workspace,
        title: i % 23 === 0 ? `Quarterly plan ${i}` : `Harvest note ${String(i).padStart(4, '0')}`,
      });
    const { page } = s;
    const count = page.locator('p.count');
    await page.getByLabel('Sort by').selectOption('title');
    await waitForText(count, /^\s*1153\s+posts · Sorted by title\s*$/, 30_000);
    const search = page.getByRole('searchbox', { name: 'Search posts' });
    await search.fill('HARVEST');
    await waitForText(count, /^\s*1100\s+posts · Sorted by title\s*$/, 30_000);
    // The last page's posts are there, in order: the list's end shows the last by title.
    await list(page).hover();
    await page.mouse.wheel(0, 1_000_000);
    await until('the list scrolled to its end', async () =>
      (await titles(page)).includes('Harvest note 1149'),
    );
    await search.fill('quarterly');
    await waitForText(count, /^\s*50\s+posts · Sorted by title\s*$/);
  });
});

describe('the layout from 900 px up', () => {
  const chromium = useChromium();

  /** What overflows sideways: the page, the list, and any chip cut rather than whole or hidden. */
  const overflow = (page: Page) =>
    page.evaluate<{
      page: number;
      list: number;
      cutChips: string[];
      cutLabels: string[];
      compactRows: number;
    }>(`(() => {
      const viewport = document.querySelector('section.list .viewport');
      const cutChips = [];
      const cutLabels = [];
      let compactRows = 0;
      for (const chips of document.querySelectorAll('section.list .chips')) {
        const box = chips.getBoundingClientRect();
        if (chips.classList.contains('compact')) compactRows++;
        for (const chip of chips.querySelectorAll('.chip')) {
          const r = chip.getBoundingClientRect();
          const inside = r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5;
          const outOfSight = r.top >= box.bottom - 0.5;
          if (!inside && !outOfSight) cutChips.push(chip.textContent.trim());
          const label = chip.querySelector('.label');
          if (!chips.classList.contains('compact') && label && label.scrollWidth > label.clientWidth + 0.5)
            cutLabels.push(label.textContent);
        }
      }
      return {
        page: document.documentElement.scrollWidth - innerWidth,
        list: viewport ? viewport.scrollWidth - viewport.clientWidth : -1,
        cutChips,
        cutLabels,
        compactRows,
      };
    })()`);

  it('never scrolls sideways, keeps chips whole or shrunk to their mark, and keeps the preview next to the text', async () => {
    const s = await chromium.start({ connect: true });
    const f = s.sandbox.fixtures;
    const now = s.now();
    const everywhere = ['x', 'linkedin', 'bluesky', 'threads', 'mastodon', 'instagram'].map(
      (platform, i) => ({
        platform,
        content: `For ${platform}`,
        at: platform === 'x' ? now + (i + 1) * DAY : undefined,
        profile: platform === 'x' ? f.profiles.xDefault : undefined,
      }),
    );
    await post(s, 'Everywhere at once', everywhere);
    await post(s, `A${'very'.repeat(60)}longtitlewithoutanyspace`, [
      { platform: 'x', content: 'Long', profile: f.profiles.xDefault, at: now + DAY },
    ]);
    await post(s, 'Preview me', [
      { platform: 'x', content: 'Hello @friends #coffee', profile: f.profiles.xDefault },
    ]);
    await s.app.core.syncNow('user');
    const { page } = s;
    await until('every post listed and synced', async () => {
      const rows = await list(page).locator('.post-row').allTextContents();
      return rows.length === 6 && rows.every((r) => !/Pending sync/.test(r));
    });

    for (const width of [900, 1024, 1400]) {
      await page.setViewportSize({ width, height: 800 });
      // The chips fit themselves to the row when it is laid out again (a ResizeObserver, after
      // layout and before paint). A row drawn anew (a sync's change reaching the list) shows
      // them whole until that observer has run: a layout read in between sees them so, which
      // no frame does. What is asked is the layout the rows settle in.
      await expect
        .poll(async () => ({ width, ...(await overflow(page)), compactRows: undefined }), { timeout: 15_000 })
        .toEqual({ width, page: 0, list: 0, cutChips: [], cutLabels: [], compactRows: undefined });
    }

    // At 900 px the six chips of one post do not fit whole: each is its mark, named in words.
    await page.setViewportSize({ width: 900, height: 800 });
    const everywhereRow = list(page).getByRole('button', { name: /Everywhere at once/ });
    await until('the chips shrunk', async () => (await overflow(page)).compactRows > 0);
    const name = (await everywhereRow.textContent())?.replace(/\s+/g, ' ') ?? '';
    expect(name).toMatch(/X: Scheduled .*LinkedIn: Draft.*Bluesky: Draft.*Threads: Draft.*Mastodon: Draft/);
    expect(await everywhereRow.locator('.chip').first().getAttribute('title')).toMatch(/^X: Scheduled /);

    // The editor at 900 px: the preview one switch away, in the text's place.
    await list(page).getByText('Preview me').click();
    const text = page.getByLabel('Content', { exact: true });
    await text.waitFor();
    const switcher = page.getByRole('tablist', { name: 'Text or preview' });
    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'X preview' });
    await preview.getByText('#coffee').waitFor();
    expect(await text.count()).toBe(0);
    const [tabs, card, account] = await Promise.all([
      switcher.boundingBox(),
      preview.boundingBox(),
      page.getByLabel('Account', { exact: true }).boundingBox(),
    ]);
    // Right below the switch, above the rest of the form.
    expect(card!.y).toBeGreaterThan(tabs!.y);
    expect(card!.y + card!.height).toBeLessThanOrEqual(account!.y);
    expect(seriousFindings(await axeScan(page))).toEqual([]);
    // Keyboard: back to the text with the arrow key, and the text is there to type in.
    await page.getByRole('tab', { name: 'Preview' }).focus();
    await page.keyboard.press('ArrowLeft');
    await text.waitFor();
    expect(await page.getByRole('tab', { name: 'Text' }).getAttribute('aria-selected')).toBe('true');
    expect((await overflow(page)).page).toBe(0);

    // Wide enough for both: side by side, no switch.
    await page.setViewportSize({ width: 1400, height: 800 });
    await until('side by side', async () => (await switcher.count()) === 0);
    const [field, beside] = await Promise.all([text.boundingBox(), preview.boundingBox()]);
    expect(beside!.x).toBeGreaterThan(field!.x + field!.width);
    expect(Math.abs(beside!.y - field!.y)).toBeLessThan(60);
  });

  it('the filter bar passes axe in both colour schemes', async () => {
    const s = await chromium.start({ connect: true });
    const { page } = s;
    await page.setViewportSize({ width: 900, height: 800 });
    await list(page).getByText('Launch announcement').click();
    await page.getByRole('tab', { name: 'Preview' }).click();
    await page.getByRole('region', { name: 'X preview' }).waitFor();
    await page.getByLabel('Filter by platform').selectOption('x');
    await page.getByLabel('Filter by when it goes out').selectOption('dates');
    await page.getByLabel('From').fill(parisDay(s.now()));
    await waitForText(page.getByRole('group', { name: 'Filters and order' }), /Showing X · from /);
    await page.getByText('No post matches.').waitFor();
    expect(await seriousInBothSchemes(page)).toEqual([]);
  });
});
