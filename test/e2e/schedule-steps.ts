// The schedule's date and time field in the window: one Tab stop, a group of spinbuttons (day,
// month, year, hour, minute and AM/PM in the locale's order). Tests type a time into it as a
// person does and read it back from what it shows.
import type { Locator, Page } from 'playwright-core';

/** An element as the page's code sees it (the tests are typed without the DOM's types). */
interface PageElement {
  getAttribute(name: string): string | null;
}

export function scheduledTimeField(page: Page): Locator {
  return page.getByRole('group', { name: 'Scheduled time' });
}

/**
 * Types a wall-clock "YYYY-MM-DDTHH:MM" into the schedule's field as a person does: each piece's
 * digits in the order the window's locale shows them, the field going on to the next piece by
 * itself once one is whole ("a" or "p" for AM or PM on a 12-hour clock).
 */
export async function fillScheduledTime(page: Page, value: string): Promise<void> {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) throw new Error(`Not a wall-clock time: ${value}`);
  const [year, month, day, hour, minute] = match.slice(1) as [string, string, string, string, string];
  const pieces = scheduledTimeField(page).getByRole('spinbutton');
  const kinds = await pieces.evaluateAll((els: PageElement[]) =>
    els.map((el) => el.getAttribute('data-segment') ?? ''),
  );
  const twelveHour = kinds.includes('dayPeriod');
  const h = Number(hour);
  const typedAs: Record<string, string> = {
    year,
    month,
    day,
    hour: twelveHour ? String(h % 12 || 12).padStart(2, '0') : hour,
    minute,
    dayPeriod: h >= 12 ? 'p' : 'a',
  };
  await pieces.first().focus();
  for (const kind of kinds) await page.keyboard.type(typedAs[kind] ?? '');
}

/** What the field holds as "YYYY-MM-DDTHH:MM", read from its pieces; '' while one is empty. */
export async function scheduledTimeValue(page: Page): Promise<string> {
  const pieces = await scheduledTimeField(page)
    .getByRole('spinbutton')
    .evaluateAll((els: PageElement[]) =>
      els.map((el) => [el.getAttribute('data-segment') ?? '', el.getAttribute('aria-valuenow')] as const),
    );
  const of = new Map(pieces.map(([kind, now]) => [kind, now === null ? null : Number(now)]));
  const [year, month, day, shownHour, minute] = ['year', 'month', 'day', 'hour', 'minute'].map((k) =>
    of.get(k),
  );
  if ([year, month, day, shownHour, minute].some((n) => n === null || n === undefined)) return '';
  const period = of.get('dayPeriod');
  const hour = period === undefined ? shownHour! : (shownHour! % 12) + (period === 1 ? 12 : 0);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(year).padStart(4, '0')}-${two(month!)}-${two(day!)}T${two(hour)}:${two(minute!)}`;
}
