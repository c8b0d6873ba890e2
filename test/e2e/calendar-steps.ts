// Steps the calendar's end-to-end tests share: which day is tomorrow on the test's clock, opening
// the calendar on the page that shows a day, and a drag that Chromium carries out whole.
import type { Locator, Page } from 'playwright-core';
import { addDays, stepAnchor, visibleDays } from '../../src-renderer/src/lib/calendar-days';
import { utcToZonedInput } from '../../src-renderer/src/lib/schedule-time';
import { until } from './harness';
import type { Setup } from './harness';

export type CalendarView = 'week' | 'month';

/** The day an instant falls on in `zone` ("2026-11-18"). */
export function dayIn(ms: number, zone: string): string {
  return utcToZonedInput(new Date(ms).toISOString(), zone).slice(0, 10);
}

/** Today and tomorrow on the test's clock, as the window in `zone` counts days. */
export function daysOf(s: Setup, zone: string): { today: string; tomorrow: string } {
  const today = dayIn(s.now(), zone);
  return { today, tomorrow: addDays(today, 1) };
}

/** A calendar chip by the start of its accessible name: its post's name. */
export function chip(page: Page, title: string): Locator {
  return page.getByRole('button', { name: new RegExp(`^${title}, `) });
}

const calendarSection = (page: Page): Locator => page.locator('section.calendar[data-loaded-from]');

/** Waits until the calendar shows the `view` whose first day is `from`, its items read. */
async function shows(page: Page, view: CalendarView, from: string): Promise<void> {
  const section = calendarSection(page);
  await until(
    `the ${view} from ${from} read`,
    async () =>
      (await section.getAttribute('data-loaded-mode')) === view &&
      (await section.getAttribute('data-loaded-from')) === from,
  );
}

/** How a step presses a button: a click, or (for keyboard-only tests) Tab to it and Enter. */
export type Press = (button: Locator) => Promise<void>;

const click: Press = (button) => button.click();

/**
 * Opens the calendar in `view` on today's page, then turns pages forward until one shows `day`.
 * Which pages that takes is worked out from the days, so a test on any date goes the same way.
 */
export async function openCalendarOn(
  page: Page,
  view: CalendarView,
  today: string,
  day: string,
  press: Press = click,
): Promise<void> {
  await press(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Calendar' }));
  await calendarSection(page).waitFor();
  await press(page.getByRole('button', { name: 'Today', exact: true }));
  await press(page.getByRole('button', { name: view === 'week' ? 'Week' : 'Month', exact: true }));
  let anchor = today;
  await shows(page, view, visibleDays(anchor, view)[0]!);
  for (let turns = 0; !visibleDays(anchor, view).includes(day); turns++) {
    if (turns > 12) throw new Error(`${day} is not within a year of ${today}`);
    anchor = stepAnchor(anchor, view, 1);
    await press(page.getByRole('button', { name: `Next ${view}` }));
    await shows(page, view, visibleDays(anchor, view)[0]!);
  }
}

/** The days the calendar shows now (the section of each day, in order, by its heading). */
export async function shownDays(page: Page): Promise<string[]> {
  const section = calendarSection(page);
  const from = (await section.getAttribute('data-loaded-from'))!;
  const count = await page.locator('section.day').count();
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

/**
 * Drags `source` onto `target`. The target is scrolled into view first: Chromium drops an HTML
 * drag whose page scrolls under it half-way, which no person's drag does.
 */
export async function dragChip(source: Locator, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await source.boundingBox();
  const viewport = source.page().viewportSize();
  if (!box || !viewport || box.y < 0 || box.y + box.height > viewport.height)
    throw new Error('The chip and the place it is dragged to are not both in view');
  await source.dragTo(target);
}
