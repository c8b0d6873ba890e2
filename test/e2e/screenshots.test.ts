// The planning, editing and finding screens on the sandbox's demo data, light and dark: the calendar
// (its week of hours, chips naming their posts), the queue with its posting slots, the editor
// with its preview, a text's History, many posts at once and the list filtered at 900 px. Each
// screen is checked for what it must show before it is taken.
// `OUTPOST_SCREENSHOTS=1` writes them to docs/screenshots (shown in the README), light and dark;
// otherwise they go to test-results/screenshots, light only: what each screen must show is the
// same in both schemes (the accessibility tests check the dark one's contrast), and the dark
// run doubled the file's time.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../server/index';
import { TEST_NOW } from '../support/test-date';
import type { CommandName, CommandPayload, CommandResult } from '@preload/bridge';
import { parsePostingTimes } from '@preload/posting-times';
import {
  SCREENSHOT_DIR,
  connect,
  launchChromium,
  newPost,
  openWindow,
  selectWorkspace,
  startApp,
  waitForText,
} from './harness';
import type { AppUnderTest } from './harness';

const FOR_DOCS = process.env.OUTPOST_SCREENSHOTS === '1';
const DIR = FOR_DOCS ? join(process.cwd(), 'docs', 'screenshots') : SCREENSHOT_DIR;
const SCHEMES = FOR_DOCS ? (['light', 'dark'] as const) : (['light'] as const);

async function call<C extends CommandName>(
  app: AppUnderTest,
  command: C,
  payload: CommandPayload<C>,
): Promise<CommandResult<C>> {
  const result = await app.core.invoke(command, payload);
  if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
  return result.value;
}

/** Posting times for three of Northwind's accounts, and two new drafts added to the queue. */
async function plan(app: AppUnderTest): Promise<void> {
  const workspace = 'northwind-coffee';
  const profiles = await call(app, 'profiles.list', { workspace });
  const times: Array<[string, string, string]> = [
    ['x', 'Northwind Coffee', 'Mon-Fri 10:00 15:00; Sat 11:00'],
    ['linkedin', 'Northwind Coffee Co.', 'Tue,Thu 08:30'],
    ['bluesky', 'Northwind on Bluesky', 'Mon,Wed,Fri 12:00'],
  ];
  const profileOf = (platform: string, label: string) => {
    const profile = profiles.find((p) => p.platform === platform && p.label === label);
    if (!profile) throw new Error(`No ${label} on ${platform}`);
    return profile;
  };
  for (const [platform, label, words] of times) {
    const parsed = parsePostingTimes(words);
    const profile = profileOf(platform, label);
    if (!parsed.ok) throw new Error(parsed.message);
    await call(app, 'planning.setSlots', {
      workspace,
      profileId: profile.id,
      zone: 'Europe/Berlin',
      slots: parsed.slots,
    });
  }
  // Two new drafts: the demo's own draft stays a draft for the editor's picture.
  const drafts: string[] = [];
  for (const [title, platform, label, content] of [
    ['Cold brew season', 'x', 'Northwind Coffee', 'Cold brew is back on tap, slow-steeped for 18 hours.'],
    ['Roastery open day', 'linkedin', 'Northwind Coffee Co.', 'Come see how we roast: doors open Saturday.'],
  ] as const) {
    const post = await call(app, 'posts.create', { workspace, title });
    const account = { kind: 'profile' as const, profileId: profileOf(platform, label).id };
    drafts.push((await call(app, 'variants.create', { postId: post.id, platform, content, account })).id);
  }
  await call(app, 'planning.addToQueue', { variantIds: drafts });
}

/** The reader the README's pictures are taken for: a US English window, in Berlin's zone (the demo's). */
const READER = { locale: 'en-US', timezoneId: 'Europe/Berlin' } as const;

describe('screenshots of the planning screens', () => {
  it.each(SCHEMES)('%s', async (scheme) => {
    const sandbox = await startSandbox({ seed: 'demo', startTime: TEST_NOW });
    const app = await startApp({ clock: sandbox.clock });
    const browser = await launchChromium();
    try {
      const { page } = await openWindow(browser, app, { colorScheme: scheme, ...READER });
      await page.setViewportSize({ width: 1440, height: 900 });
      await mkdir(DIR, { recursive: true });
      await connect(page, sandbox.baseUrl, sandbox.token);
      await selectWorkspace(page, 'northwind-coffee');
      await app.waitForEvent('syncStatus', (s) => s.phase === 'idle' && s.lastSyncAt !== null);
      const nav = page.getByRole('navigation', { name: 'Main' });

      // Next week is the demo's planned week: its chips name their posts in the hour grid.
      await nav.getByRole('button', { name: 'Calendar' }).click();
      await page.locator('section.calendar[data-loaded-from]').waitFor();
      await page.getByRole('button', { name: 'Next week' }).click();
      await page
        .getByRole('button', { name: /^New single origin: Huila, Colombia, / })
        .first()
        .waitFor();
      await page.getByRole('button', { name: /^Meet the roasters, / }).waitFor();
      await page.screenshot({ path: join(DIR, `calendar-${scheme}.png`) });

      await nav.getByRole('button', { name: 'Posts' }).click();
      await page.getByRole('list', { name: 'Post list' }).getByText('Autumn blend launch').click();
      const preview = page.getByRole('region', { name: 'X preview' });
      await preview.getByText(/Autumn Blend is back/).waitFor();
      expect(await preview.locator('.who').textContent()).toMatch(/Northwind Coffee/);
      // A state's colour shows on its badge and its chip: published, scheduled and draft differ.
      const list = page.getByRole('list', { name: 'Post list' });
      const background = (selector: string): Promise<string> =>
        list
          .locator(selector)
          .first()
          .evaluate(
            // Runs in the page; this (Node) project has no DOM types.
            (el: unknown) =>
              (
                globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }
              ).getComputedStyle(el).backgroundColor,
          );
      const tones = async (kind: string, states: string[]) =>
        new Set(await Promise.all(states.map((state) => background(`[${kind}="${state}"]`)))).size;
      expect(await tones('data-state', ['published', 'draft'])).toBe(2);
      expect(await tones('data-variant-state', ['published', 'scheduled', 'draft'])).toBe(3);
      await page.screenshot({ path: join(DIR, `editor-${scheme}.png`) });

      // History: three versions of a draft's text, each kept as it was sent; the oldest compared.
      const [hiring] = await call(app, 'posts.list', { workspace: 'northwind-coffee', query: 'shift leads' });
      const variantId = (await call(app, 'posts.get', { id: hiring!.id })).variants[0]!.id;
      for (const content of [
        'We are hiring shift leads in Portland and Seattle. Apply by Friday.',
        "We're hiring shift leads in Portland, Seattle and Boise. Apply by Friday.",
        "We're hiring shift leads in Portland, Seattle and Boise. Good coffee, better hours. Apply by Friday!",
      ]) {
        await call(app, 'variants.update', { id: variantId, content });
        await app.core.syncNow('user');
      }
      await list.getByText('We are hiring: shift leads').click();
      await page.getByRole('button', { name: 'History', exact: true }).click();
      const history = page.getByRole('region', { name: 'History of the X text' });
      await history.getByRole('button', { name: /^Version 1 ·/ }).click();
      await history.locator('del').first().waitFor();
      await page.screenshot({ path: join(DIR, `history-${scheme}.png`) });
      // Last, as it adds posts: the queue with posting slots, a few accounts given times, two
      // drafts added to the queue.
      await plan(app);
      await nav.getByRole('button', { name: 'Queue' }).click();
      const coffee = page.getByRole('region', { name: 'X · Northwind Coffee @northwindcoffee' });
      await coffee.getByText('Cold brew season', { exact: true }).waitFor();
      await coffee.getByText('empty').first().waitFor();
      await page
        .getByRole('region', { name: /^LinkedIn · / })
        .getByText('Roastery open day')
        .waitFor();
      await page.screenshot({ path: join(DIR, `queue-${scheme}.png`) });
      // One text for several platforms: a new post's composer with three accounts ticked.
      await nav.getByRole('button', { name: 'Posts' }).click();
      await newPost(page, 'Holiday gift boxes');
      await page.getByRole('button', { name: 'Add variant' }).click();
      const composer = page.getByRole('group', { name: 'New variants' });
      await composer
        .getByLabel('Text for each')
        .fill('Gift boxes are in: three origins, a tasting card and a mug. Order by December 15.');
      const boxes = composer.getByRole('group', { name: 'Accounts' }).getByRole('checkbox');
      for (let i = 0; i < 3; i++) await boxes.nth(i).check();
      await page.screenshot({ path: join(DIR, `composer-${scheme}.png`) });
      await composer.getByRole('button', { name: 'Cancel' }).click();
      await list.getByText('Autumn blend launch').click();
      // The status bar's read time and the notice history, after a post went out.
      const post = await app.core.invoke('posts.create', {
        workspace: 'northwind-coffee',
        title: 'Friday tasting notes',
      });
      if (!post.ok) throw new Error(post.error.message);
      const postId = (post.value as { id: string }).id;
      const variant = await app.core.invoke('variants.create', {
        postId,
        platform: 'x',
        content: 'Friday tasting: three new single origins, from 4 pm.',
        account: { kind: 'default' },
      });
      if (!variant.ok) throw new Error(variant.error.message);
      for (let i = 0; i < 2; i++) await app.core.invoke('sync.now', undefined);
      await app.core.invoke('variants.publish', { id: (variant.value as { id: string }).id });
      for (let i = 0; i < 2; i++) await app.core.invoke('sync.now', undefined);
      const notice = await app.waitForEvent(
        'notification',
        (n) => n.kind === 'published' && n.postId === postId,
      );
      await page.getByRole('button', { name: /^Notices/ }).click();
      await page
        .getByRole('dialog', { name: 'Notice history' })
        .getByRole('button', { name: `Show post: ${notice.title}` })
        .first()
        .waitFor();
      await waitForText(page.getByRole('status', { name: 'Sync status' }), /^Up to date, read/);
      await page.screenshot({ path: join(DIR, `notices-${scheme}.png`) });
      // The history closes with Escape, before the last screen.
      await page.keyboard.press('Escape');
      // Last of all, as it narrows the window: the list filtered and named at 900 px, the
      // preview one switch from the text.
      await nav.getByRole('button', { name: 'Posts' }).click();
      await page.setViewportSize({ width: 900, height: 700 });
      await page.getByLabel('Filter by platform').selectOption('x');
      await page.getByLabel('Filter by state').selectOption('scheduled');
      await page.getByText('Showing X · Scheduled').waitFor();
      await list.getByText('Autumn blend launch').waitFor();
      await page.getByRole('tab', { name: 'Text' }).first().waitFor();
      await page.screenshot({ path: join(DIR, `find-${scheme}.png`) });
    } finally {
      await browser.close();
      await app.close();
      await sandbox.close();
    }
  });
});

describe('screenshots of many posts at once', () => {
  it.each(SCHEMES)('%s', async (scheme) => {
    const sandbox = await startSandbox({ seed: 'demo', startTime: TEST_NOW });
    const app = await startApp({ clock: sandbox.clock });
    const browser = await launchChromium();
    try {
      const { page } = await openWindow(browser, app, { colorScheme: scheme, ...READER });
      await page.setViewportSize({ width: 1440, height: 900 });
      await mkdir(DIR, { recursive: true });
      await connect(page, sandbox.baseUrl, sandbox.token);
      await selectWorkspace(page, 'northwind-coffee');
      await app.waitForEvent('syncStatus', (s) => s.phase === 'idle' && s.lastSyncAt !== null);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Posts' }).click();
      const boxes = page.getByRole('list', { name: 'Post list' }).getByRole('checkbox');
      await boxes.first().waitFor();
      // Every post picked (a checkbox, then Shift-click), rescheduled by a day, the refusals shown.
      await boxes.nth(0).click();
      await boxes.nth(2).click({ modifiers: ['Shift'] });
      const bar = page.getByRole('region', { name: 'Selected posts' });
      await bar.getByText('3 selected').waitFor();
      await bar.getByRole('button', { name: 'Reschedule…' }).click();
      await bar.getByLabel('Move by').fill('+1 day');
      await bar.getByRole('button', { name: 'Move', exact: true }).click();
      await bar
        .getByRole('status')
        .getByText(/rescheduled/)
        .waitFor();
      const why = bar.getByRole('button', { name: 'Why refused' });
      if ((await why.count()) > 0) await why.click();
      await page
        .getByRole('region', { name: 'Notifications' })
        .getByRole('button', { name: /^Undo: / })
        .waitFor();
      await page.screenshot({ path: join(DIR, `bulk-${scheme}.png`) });
    } finally {
      await browser.close();
      await app.close();
      await sandbox.close();
    }
  });
});
