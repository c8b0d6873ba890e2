// Less noise around the work: activity entries name the platform of the variant they are about,
// a writing skill goes into the open variant where the caret is (an edit like typing: saved, and
// undone with Ctrl+Z), a notice's way to its post reads "Open the post" (never "Show in Outpost"
// inside Outpost), and the bulk bar leaves the list most of its room at 1280 x 900.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeScan,
  call,
  seriousFindings,
  type Setup,
  until,
  useChromium,
  variantBadge,
  waitForText,
} from './harness';

const isFocused = (el: { ownerDocument: { activeElement: unknown } }): boolean =>
  el.ownerDocument.activeElement === el;

async function tabTo(page: Page, name: string): Promise<void> {
  const target = page.getByRole('button', { name, exact: true });
  await target.waitFor();
  for (let n = 0; n < 30; n++) {
    if (await target.evaluate(isFocused)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${name} was not reached with the keyboard`);
}

/** The sandbox's "Launch announcement" and its X variant, by their ids here. */
async function launchX(s: Setup) {
  const list = await call(s, 'posts.list', { workspace: s.sandbox.fixtures.workspace });
  const post = await call(s, 'posts.get', { id: list.find((p) => p.title === 'Launch announcement')!.id });
  return { post, variant: post.variants.find((v) => v.platform === 'x')! };
}

async function openLaunch(page: Page): Promise<void> {
  await page.getByRole('list', { name: 'Post list' }).getByText('Launch announcement').click();
  await page.getByRole('tab', { name: /^X/ }).click();
  await waitForText(variantBadge(page), /^Draft$/);
}

describe('less noise', () => {
  const chromium = useChromium();

  it('names the platform in the activity of a variant: “X variant rescheduled”', async () => {
    const s = await chromium.start({ connect: true });
    const { variant } = await launchX(s);
    const day = 86_400_000;
    await call(s, 'variants.schedule', { id: variant.id, at: new Date(s.now() + 2 * day).toISOString() });
    await s.app.core.syncNow('user');
    await call(s, 'variants.schedule', { id: variant.id, at: new Date(s.now() + 3 * day).toISOString() });
    await s.app.core.syncNow('user');

    await s.page.getByRole('list', { name: 'Post list' }).getByText('Launch announcement').click();
    const activity = s.page.getByRole('region', { name: 'Activity' });
    await activity.getByRole('button', { name: 'Show activity' }).click();
    const items = activity.getByRole('listitem');
    await until('the reschedule listed', async () =>
      (await items.allTextContents()).some((t) => t.includes('rescheduled')),
    );
    const titles = await activity.locator('li .title').allTextContents();
    expect(titles).toContain('X variant rescheduled');
    expect(titles).toContain('X variant scheduled');
    expect(titles).toContain('LinkedIn variant published');
    expect(titles.filter((t) => /^Variant\b/.test(t))).toEqual([]);
  });

  it('inserts a writing skill into the open variant at the caret, saved and undone like typing', async () => {
    const s = await chromium.start({ connect: true });
    const { page } = s;
    await openLaunch(page);
    const { variant } = await launchX(s);
    const content = page.getByLabel('Content', { exact: true });
    const before = await content.inputValue();
    await content.focus();
    await page.keyboard.press('Control+Home');

    // Keyboard only: from the text to "Insert skill", a search, Enter.
    await tabTo(page, 'Insert skill');
    await page.keyboard.press('Enter');
    const find = page.getByRole('combobox', { name: 'Find a writing skill' });
    await until('the search has the caret', () => find.evaluate(isFocused));
    await page.keyboard.type('number 12');
    const options = page.getByRole('listbox', { name: 'Writing skills' }).getByRole('option');
    await until('the skills found', async () => (await options.count()) > 0);
    await page.keyboard.press('ArrowDown');
    const chosen = page.locator(`[id="${await find.getAttribute('aria-activedescendant')}"]`);
    const text = ((await chosen.locator('span').textContent()) ?? '').trim();
    expect(text).toMatch(/number 12/);
    expect(seriousFindings(await axeScan(page))).toEqual([]);
    await page.keyboard.press('Enter');

    // In the text where the caret was, the caret after it, and saved as typing is.
    const inserted = `${text} ${before}`;
    await until('the text has the skill', async () => (await content.inputValue()) === inserted);
    expect(await content.evaluate(isFocused)).toBe(true);
    await page.keyboard.type('Now: ');
    const typed = `${text} Now: ${before}`;
    expect(await content.inputValue()).toBe(typed);
    await content.blur();
    await until(
      'the core has it',
      async () =>
        (await call(s, 'posts.get', { id: variant.postId })).variants.find((v) => v.id === variant.id)
          ?.content === typed,
    );

    // Ctrl+Z in the text takes out the typing, then the skill, as it would typed text.
    await content.focus();
    await page.keyboard.press('Control+z');
    await until('the typing undone', async () => (await content.inputValue()) === inserted);
    await page.keyboard.press('Control+z');
    await until('the skill undone', async () => (await content.inputValue()) === before);
    await content.blur();
    await until(
      'the core has the text back',
      async () =>
        (await call(s, 'posts.get', { id: variant.postId })).variants.find((v) => v.id === variant.id)
          ?.content === before,
    );
  });

  it('offers “Open the post” in a notice, never “Show in Outpost”', async () => {
    const s = await chromium.start({ connect: true });
    const { page } = s;
    const { variant } = await launchX(s);
    await call(s, 'variants.publish', { id: variant.id });
    await s.app.core.syncNow('user');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Calendar' }).click();
    const notices = page.getByRole('region', { name: 'Notifications' });
    const open = notices.getByRole('button', { name: /^Open the post/ });
    await open.first().waitFor();
    expect(await page.getByText(/Show in Outpost/i).count()).toBe(0);
    await open.first().click();
    await until(
      'the post open',
      async () => (await page.getByLabel('Title', { exact: true }).inputValue()) === 'Launch announcement',
    );
  });

  it('keeps the bulk bar compact at 1280 x 900: never a quarter of the list, five rows in view', async () => {
    const s = await chromium.start({ connect: true });
    const { page } = s;
    await page.setViewportSize({ width: 1280, height: 900 });
    // Local drafts with a time beside the synced posts (one published by a colleague after it
    // was scheduled): the longest set of actions, its explanation, a report and its reasons.
    const at = new Date(s.now() + 2 * 86_400_000).toISOString();
    const { variant } = await launchX(s);
    await call(s, 'variants.schedule', { id: variant.id, at });
    await s.app.core.syncNow('user');
    s.sandbox.publishAs((await launchX(s)).variant.serverId!);
    await s.app.core.syncNow('user');
    for (const title of ['Local one', 'Local two']) {
      const post = await call(s, 'posts.create', { workspace: s.sandbox.fixtures.workspace, title });
      const made = await call(s, 'variants.create', {
        postId: post.id,
        platform: 'x',
        content: `${title}, soon.`,
        account: { kind: 'default' },
      });
      await call(s, 'variants.schedule', { id: made.id, at });
    }
    const rows = page.getByRole('list', { name: 'Post list' });
    await rows.getByText('Local two').waitFor();
    await rows.getByRole('button').first().focus();
    await page.keyboard.press('Control+a');
    const bar = page.getByRole('region', { name: 'Selected posts' });
    await waitForText(bar, /5 selected/);

    const measure = async (state: string) => {
      const [b, list, shown] = await Promise.all([
        bar.boundingBox(),
        page.locator('section.list').boundingBox(),
        page.locator('.rows').boundingBox(),
      ]);
      if (!b || !list || !shown) throw new Error(`nothing to measure (${state})`);
      expect(b.height, `the bar ${state}`).toBeLessThanOrEqual(list.height / 4);
      expect(shown.height, `the rows in view ${state}`).toBeGreaterThanOrEqual(5 * 58);
    };
    await measure('with five picked');
    await bar.getByRole('button', { name: 'Reschedule…' }).click();
    await measure('with its reschedule panel open');
    await bar.getByLabel('Move by').fill('+1 day');
    await page.keyboard.press('Enter');
    await waitForText(bar.getByRole('status'), /refused/);
    await bar.getByRole('button', { name: 'Why refused' }).click();
    await measure('with its report and the reasons');
  });
});
