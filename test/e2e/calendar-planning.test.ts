// A calendar that names posts, through the browser host against the sandbox.
// Chips show their post's name at 900 and 1400 px without being clipped to a letter; a chip
// dropped on 14:00 of the week is scheduled at 14:00 (and the service gets it); Enter on an
// empty hour starts a post planned there, by keyboard alone; the filters hide other accounts'
// chips and say so; both views head their columns with weekday names; axe finds nothing
// serious in either view, light or dark.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays, visibleDays } from '../../src-renderer/src/lib/calendar-days';
import { utcToZonedInput, zonedInputToUtc } from '../../src-renderer/src/lib/schedule-time';
import {
  addVariant,
  newPost,
  seriousInBothSchemes,
  syncNow,
  until,
  useChromium,
  variantBadge,
  waitForText,
} from './harness';
import { fillScheduledTime, scheduledTimeField, scheduledTimeValue } from './schedule-steps';
import type { Setup } from './harness';
import { TEST_NOW, TEST_ZONE } from '../support/test-date';
import { openCalendarOn as openCalendarOnDay } from './calendar-steps';

const ZONE = TEST_ZONE;
const DAY = 86_400_000;
const LONG_TITLE = 'Autumn blend launch: tasting notes, roast profile and where to buy it';
const UNTITLED_LINE = 'Doors open at nine';

/** Tomorrow in the window's zone (the calendar opens on today's week; tomorrow may be the next). */
const tomorrow = (): string =>
  utcToZonedInput(new Date(TEST_NOW.getTime() + DAY).toISOString(), ZONE).slice(0, 10);

/** A post with one variant per platform, each scheduled tomorrow at `hour`:00, synced when titled. */
async function planned(s: Setup, title: string, texts: Record<string, string>, hour = 10): Promise<string> {
  await newPost(s.page, title);
  const at = `${tomorrow()}T${String(hour).padStart(2, '0')}:00`;
  for (const [platform, content] of Object.entries(texts)) {
    await addVariant(s.page, platform, content);
    await fillScheduledTime(s.page, at);
    await s.page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await waitForText(variantBadge(s.page), /^(Scheduled|Pending sync)$/);
  }
  await syncNow(s.page);
  // An untitled post waits here for its title (the outbox holds it): its chips are Outpost's own.
  if (title !== '')
    for (const content of Object.values(texts))
      await until(`"${content}" scheduled on the service`, () =>
        s.sandbox.inspect.variants().some((v) => v.content === content && v.scheduled_at !== null),
      );
  return zonedInputToUtc(at, ZONE);
}

/** Opens the calendar in `mode` on the range holding tomorrow (today's, or the next). */
async function openCalendarOn(page: Page, mode: 'Week' | 'Month'): Promise<void> {
  const today = utcToZonedInput(TEST_NOW.toISOString(), ZONE).slice(0, 10);
  await openCalendarOnDay(page, mode === 'Week' ? 'week' : 'month', today, tomorrow());
}

/** Each chip's name: its text, how wide it shows and how wide it would be, and whether the chip stays in its day. */
async function chipNames(
  page: Page,
): Promise<Array<{ name: string; shown: number; full: number; inside: boolean }>> {
  return page.evaluate(`[...document.querySelectorAll('[data-chip]')].map((chip) => {
    const name = chip.querySelector('[data-chip-name]');
    const day = chip.closest('section.day').getBoundingClientRect();
    const box = chip.getBoundingClientRect();
    const text = name.getBoundingClientRect();
    return {
      name: name.textContent,
      shown: name.clientWidth,
      full: name.scrollWidth,
      inside: box.left >= day.left - 0.5 && box.right <= day.right + 0.5 && text.right <= box.right + 0.5,
    };
  })`);
}

describe('a calendar that names posts', () => {
  const chromium = useChromium();
  const connected = () => chromium.start({ timezoneId: ZONE, connect: true });

  it('names each chip’s post at 900 and 1400 px, the title or the first line, never cut to a letter', async () => {
    const s = await connected();
    await planned(s, LONG_TITLE, { x: 'Autumn Blend is back.', linkedin: 'Autumn Blend returns.' });
    await planned(s, '', { x: `${UNTITLED_LINE}\nFirst cup on us.` }, 11);
    for (const width of [900, 1400]) {
      await s.page.setViewportSize({ width, height: 900 });
      for (const mode of ['Week', 'Month'] as const) {
        await openCalendarOn(s.page, mode);
        await s.page.getByRole('button', { name: new RegExp(`^${UNTITLED_LINE}, `) }).waitFor();
        const names = await chipNames(s.page);
        const mine = names.map((n) => n.name).filter((n) => n === LONG_TITLE || n === UNTITLED_LINE);
        expect(mine.sort(), `${mode} at ${width}`).toEqual([LONG_TITLE, LONG_TITLE, UNTITLED_LINE].sort());
        // Every chip on screen, the sandbox's own included.
        for (const n of names) {
          expect(n.inside, `${n.name}: inside its chip and its day (${mode}, ${width} px)`).toBe(true);
          // At least ten characters' worth of the name shows (an ellipsis ends what does not fit).
          expect(n.shown, `${n.name} (${mode}, ${width} px)`).toBeGreaterThanOrEqual(Math.min(n.full, 60));
        }
        // Wide enough, a short name shows whole.
        if (width === 1400) {
          const short = names.find((n) => n.name === UNTITLED_LINE)!;
          expect(short.shown, `${mode}: "${UNTITLED_LINE}" whole`).toBeGreaterThanOrEqual(short.full);
        }
      }
    }
  });

  it(
    'schedules a chip dropped on 14:00 of the week at 14:00, and the service gets it',
    { tags: ['dates'] },
    async () => {
      const s = await connected();
      await planned(s, 'Roastery tour', { x: 'Come see where the beans are roasted.' });
      const variant = s.sandbox.inspect.variants().find((v) => v.content.startsWith('Come see'))!;
      await openCalendarOn(s.page, 'Week');
      const chip = s.page.getByRole('button', { name: /^Roastery tour, / });
      // Placed in its hour: 10:00 tomorrow.
      await s.page
        .locator(`[data-hour-cell="${tomorrow()}T10"]`)
        .getByRole('button', { name: /^Roastery tour, / })
        .waitFor();
      // Both hours in view first, as a person drags (a page scrolled in mid-drag drops nothing).
      const fourteen = s.page.locator(`[data-hour-cell="${tomorrow()}T14"]`);
      await fourteen.scrollIntoViewIfNeeded();
      await chip.dragTo(fourteen);
      await s.page
        .locator(`[data-hour-cell="${tomorrow()}T14"]`)
        .getByRole('button', { name: /^Roastery tour, / })
        .waitFor();
      await syncNow(s.page);
      const expected = Date.parse(zonedInputToUtc(`${tomorrow()}T14:00`, ZONE));
      await until(
        'the service has 14:00',
        () =>
          Date.parse(s.sandbox.inspect.variants().find((v) => v.id === variant.id)!.scheduled_at ?? '') ===
          expected,
      );
    },
  );

  it(
    'starts a post from an empty hour by keyboard alone: Enter, a variant, its time filled in, Schedule',
    { tags: ['dates'] },
    async () => {
      const s = await connected();
      const { page } = s;
      const focused = () =>
        page.evaluate<string>(
          `document.activeElement?.getAttribute('data-cell') ?? document.activeElement?.textContent?.trim() ?? ''`,
        );
      const tabTo = async (match: (text: string) => boolean, what: string): Promise<void> => {
        for (let n = 0; n < 60 && !match(await focused()); n++) await page.keyboard.press('Tab');
        expect(match(await focused()), `Tab reaches ${what}`).toBe(true);
      };
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Calendar' }).focus();
      await page.keyboard.press('Enter');
      const calendar = page.locator('section.calendar[data-loaded-from]');
      await calendar.waitFor();
      // Next week: every hour of it is ahead, and Tab's empty hour is its Monday at 09:00.
      const from = (await calendar.getAttribute('data-loaded-from'))!;
      await tabTo((t) => t === 'Next week', 'Next week');
      await page.keyboard.press('Enter');
      await until('next week shown', async () => (await calendar.getAttribute('data-loaded-from')) !== from);
      const monday = addDays(from, 7);
      await tabTo((t) => /^\d{4}-\d{2}-\d{2}T\d{2}$/.test(t), 'an empty hour');
      expect(await focused()).toBe(`${monday}T09`);
      // The arrows move among the empty hours: down five hours, right a day.
      for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight'])
        await page.keyboard.press(key);
      const tuesday = addDays(monday, 1);
      expect(await focused()).toBe(`${tuesday}T14`);
      await page.keyboard.press('Enter');

      // A new post, its title with the caret, saying what time it was started for.
      await until('the new post open, its title focused', () =>
        page.evaluate<boolean>(
          `document.activeElement?.id === 'post-title' && document.activeElement.value === ''`,
        ),
      );
      await waitForText(page.locator('#post-planned'), /Started for .* from the calendar/);
      await page.keyboard.type('Planned from the calendar');
      await tabTo((t) => t === 'Add variant', 'Add variant');
      await page.keyboard.press('Enter');
      await tabTo((t) => t.startsWith('Choose…'), 'the platform');
      await page.keyboard.press('x');
      expect(await page.getByLabel('Platform', { exact: true }).inputValue()).toBe('x');
      await tabTo((t) => t === 'Add', 'Add');
      await page.keyboard.press('Enter');
      await until('the new variant’s text has the caret', () =>
        page.evaluate<boolean>(
          `['new-variant-content', 'variant-content'].includes(document.activeElement?.id)`,
        ),
      );
      await page.keyboard.type('Planned on the calendar, sent at two.');
      await scheduledTimeField(page).waitFor();
      expect(await scheduledTimeValue(page)).toBe(`${tuesday}T14:00`);
      await page.keyboard.press('Alt+S');
      await waitForText(variantBadge(page), /^(Scheduled|Pending sync)$/);
      await syncNow(page);
      const expected = Date.parse(zonedInputToUtc(`${tuesday}T14:00`, ZONE));
      const sent = await until('the service has it at 14:00', () =>
        s.sandbox.inspect
          .variants()
          .find((v) => v.content === 'Planned on the calendar, sent at two.' && v.scheduled_at !== null),
      );
      expect(Date.parse(sent.scheduled_at!)).toBe(expected);
    },
  );

  it(
    'shows a crowded hour’s first four chips and “+N more”, which shows the hour whole',
    { tags: ['dates'] },
    async () => {
      const s = await connected();
      // Six posts at the same hour, through the core (the window reads what the outbox holds).
      const at = zonedInputToUtc(`${tomorrow()}T16:00`, ZONE);
      for (let n = 1; n <= 6; n++) {
        const post = await s.app.core.invoke('posts.create', {
          workspace: s.sandbox.fixtures.workspace,
          title: `Crowded ${n}`,
        });
        if (!post.ok) throw new Error(post.error.message);
        const variant = await s.app.core.invoke('variants.create', {
          postId: post.value.id,
          platform: 'x',
          content: `Crowded hour, post ${n}.`,
          account: { kind: 'default' },
        });
        if (!variant.ok) throw new Error(variant.error.message);
        const scheduled = await s.app.core.invoke('variants.schedule', { id: variant.value.id, at });
        if (!scheduled.ok) throw new Error(scheduled.error.message);
      }
      await openCalendarOn(s.page, 'Week');
      const hour = s.page.locator(`[data-hour-cell="${tomorrow()}T16"]`);
      const crowded = hour.getByRole('button', { name: /^Crowded \d, / });
      const more = hour.getByRole('button', { name: /^\+2 more on / });
      await more.waitFor();
      expect(await crowded.count()).toBe(4);
      // The hour grows to hold them: nothing of it lies under the next hours.
      await more.click();
      await until('the hour shown whole', async () => (await crowded.count()) === 6);
      expect(await more.count()).toBe(0);
      const fits = `(() => { const el = document.querySelector('[data-hour-cell="${tomorrow()}T16"]'); return el.scrollHeight <= el.clientHeight + 1; })()`;
      expect(await s.page.evaluate<boolean>(fits), 'the hour holds its six chips').toBe(true);
    },
  );

  it(
    'filters by account and platform, says so, keeps it for the session, and heads both views with weekday names',
    { tags: ['dates'] },
    async () => {
      const s = await connected();
      const { page } = s;
      await planned(s, 'Open house', { x: 'Doors open all day.', linkedin: 'Our doors are open all day.' });
      await openCalendarOn(page, 'Week');
      // Only this post's chips: the sandbox has plans of its own.
      const chips = page.getByRole('button', { name: /^Open house, / });
      await until('both chips', async () => (await chips.count()) === 2);

      // Weekday names head the week's columns (Monday first), today marked when shown.
      const headings = await page.locator('section.day h2').allTextContents();
      expect(headings.map((h) => h.trim().split(/\s+/)[0])).toEqual([
        'Mon',
        'Tue',
        'Wed',
        'Thu',
        'Fri',
        'Sat',
        'Sun',
      ]);
      for (const h of headings) expect(h.trim()).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
      const from = (await page.locator('section.calendar').getAttribute('data-loaded-from'))!;
      const today = utcToZonedInput(TEST_NOW.toISOString(), ZONE).slice(0, 10);
      const marked = page.locator('section.day h2 [aria-current="date"]');
      expect(await marked.count()).toBe(visibleDays(from, 'week').includes(today) ? 1 : 0);

      await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Acme (X)' });
      await waitForText(page.locator('.filters'), /Showing only Acme \(X\)\./);
      const onX = page.getByRole('button', { name: /^Open house, \S+ Acme, X, / });
      await until('only the X chip', async () => (await chips.count()) === 1 && (await onX.count()) === 1);

      await page.getByRole('button', { name: 'Month', exact: true }).click();
      await openCalendarOn(page, 'Month');
      const weekdays = await page.locator('.month .weekday').allTextContents();
      expect(weekdays).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
      await until(
        'still only the X chip in the month',
        async () => (await chips.count()) === 1 && (await onX.count()) === 1,
      );
      await page.getByLabel('Account', { exact: true }).selectOption({ label: 'All accounts' });
      await page.getByLabel('Platform', { exact: true }).selectOption({ label: 'LinkedIn' });
      await waitForText(page.locator('.filters'), /Showing only LinkedIn\./);
      const onLinkedIn = page.getByRole('button', { name: /^Open house, .*, LinkedIn, Scheduled$/ });
      await until(
        'only the LinkedIn chip',
        async () => (await chips.count()) === 1 && (await onLinkedIn.count()) === 1,
      );

      // The window's session keeps it: a reload shows the same filter.
      await page.reload();
      await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
      await openCalendarOn(page, 'Month');
      await waitForText(page.locator('.filters'), /Showing only LinkedIn\./);
      await until(
        'still only LinkedIn',
        async () => (await chips.count()) === 1 && (await onLinkedIn.count()) === 1,
      );
      await page.getByRole('button', { name: 'Show all' }).click();
      await until('both again', async () => (await chips.count()) === 2);
      expect(await page.locator('.filters').textContent()).not.toMatch(/Showing only/);
    },
  );

  it('has no serious accessibility finding in either view, in either colour scheme', async () => {
    const s = await connected();
    await planned(s, 'Cupping session', { x: 'Taste five origins side by side.' });
    for (const mode of ['Week', 'Month'] as const) {
      await openCalendarOn(s.page, mode);
      await s.page.getByRole('button', { name: /^Cupping session, / }).waitFor();
      expect(await seriousInBothSchemes(s.page), mode).toEqual([]);
    }
  });
});
