// The calendar through the browser host against the sandbox. Rescheduling by
// keyboard alone, a chip that opens its post, and a reschedule made offline that reaches the
// service exactly once when it is back.
import { describe, expect, it } from 'vitest';
import { addDays, onDay, shiftTime } from '../../src-renderer/src/lib/calendar-days';
import { chip, daysOf, dragChip, openCalendarOn, shownDays } from './calendar-steps';
import type { CalendarView } from './calendar-steps';
import {
  addVariant,
  axeScan,
  newPost,
  seriousFindings,
  syncNow,
  until,
  useChromium,
  variantBadge,
  waitForText,
} from './harness';
import { fillScheduledTime } from './schedule-steps';
import type { Setup } from './harness';
import { TEST_ZONE } from '../support/test-date';

const ZONE = TEST_ZONE;
const DAY = 86_400_000;
const VARIANT_PATH = /\/variants\/[^/]+\/$/;

/** A post with an X variant scheduled for tomorrow at 10:00 in the window's zone, synced. */
async function scheduledTomorrow(s: Setup, title: string, content: string) {
  await newPost(s.page, title);
  await addVariant(s.page, 'x', content);
  await fillScheduledTime(s.page, `${daysOf(s, ZONE).tomorrow}T10:00`);
  await s.page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await waitForText(variantBadge(s.page), /^(Scheduled|Pending sync)$/);
  await syncNow(s.page);
  const variant = await until(`"${title}" scheduled on the service`, () =>
    s.sandbox.inspect.variants().find((v) => v.content === content && v.scheduled_at !== null),
  );
  return { variant, at: variant.scheduled_at! };
}

/** Opens the calendar on the page that holds tomorrow (today's, or the next). */
async function openOnTomorrow(s: Setup, view: CalendarView = 'week'): Promise<void> {
  const { today, tomorrow } = daysOf(s, ZONE);
  await openCalendarOn(s.page, view, today, tomorrow);
}

describe('calendar', { tags: ['dates'] }, () => {
  const chromium = useChromium();
  const connected = () => chromium.start({ timezoneId: ZONE, connect: true });

  it('shows a scheduled variant as a chip on its day, marks today, and opens its post', async () => {
    const s = await connected();
    const { at } = await scheduledTomorrow(s, 'Roastery tour', 'Come see where the beans are roasted.');
    const { today, tomorrow } = daysOf(s, ZONE);
    // Today's week marks today, once.
    await openCalendarOn(s.page, 'week', today, today);
    expect(await s.page.getByRole('region', { name: /today$/ }).count()).toBe(1);
    await openOnTomorrow(s);
    const tour = chip(s.page, 'Roastery tour');
    await tour.waitFor();
    expect(await tour.getAttribute('aria-label')).toMatch(/^Roastery tour, 10:00 Acme, X, Scheduled$/);
    // The chip sits on tomorrow's day, in the user's zone.
    const days = await shownDays(s.page);
    const tomorrowSection = s.page.locator('section.day').nth(days.indexOf(tomorrow));
    expect(await tomorrowSection.getAttribute('aria-label')).not.toMatch(/today/);
    expect(await tomorrowSection.locator('[data-chip]').count()).toBe(1);
    expect(new Date(at).getTime()).toBeGreaterThan(s.now());

    expect(seriousFindings(await axeScan(s.page))).toEqual([]);
    await openOnTomorrow(s, 'month');
    await tour.waitFor();
    expect(seriousFindings(await axeScan(s.page))).toEqual([]);

    await tour.click();
    await s.page.getByLabel('Title', { exact: true }).waitFor();
    expect(await s.page.getByLabel('Title', { exact: true }).inputValue()).toBe('Roastery tour');
  });

  it('reschedules by keyboard alone in the week: a day with left and right, an hour with down, Enter confirms', async () => {
    const s = await connected();
    const { variant, at } = await scheduledTomorrow(s, 'Cupping session', 'Taste five origins side by side.');
    await openOnTomorrow(s);
    const cupping = chip(s.page, 'Cupping session');
    await cupping.focus();
    await s.page.keyboard.press('ArrowRight');
    await s.page.keyboard.press('ArrowDown');
    // Not sent before Enter: Escape would put it back.
    expect(s.sandbox.inspect.variants().find((v) => v.id === variant.id)!.scheduled_at).toBe(at);
    await waitForText(s.page.locator('#calendar-announce'), /11:00\. Enter to confirm/);
    await s.page.keyboard.press('Enter');
    const expected = Date.parse(shiftTime(at, ZONE, 1, 1));
    await until('the core has the new time', async () => {
      const r = await s.app.core.invoke('planning.calendar', {
        workspace: s.sandbox.fixtures.workspace,
        from: new Date(s.now() - DAY).toISOString(),
        to: new Date(s.now() + 14 * DAY).toISOString(),
      });
      return r.ok && r.value.items.some((i) => Date.parse(i.at ?? '') === expected);
    });
    // Focus stays on the moved chip, which now says 11:00.
    expect(
      await s.page.evaluate<string | null>('document.activeElement?.getAttribute("aria-label") ?? null'),
    ).toMatch(/^Cupping session, 11:00 Acme, /);
    await syncNow(s.page);
    await until(
      'the service has the new time',
      () =>
        Date.parse(s.sandbox.inspect.variants().find((v) => v.id === variant.id)!.scheduled_at ?? '') ===
        expected,
    );
  });

  it('reschedules by dragging a chip to another day of the month, keeping its time of day', async () => {
    const s = await connected();
    const { variant, at } = await scheduledTomorrow(s, 'Open house', 'Doors open all day.');
    const { today, tomorrow } = daysOf(s, ZONE);
    // The day after tomorrow: in the month's grid, or in the next month's (whose first week
    // holds tomorrow too), so the drag may land on a day of the neighbouring month.
    const target = addDays(tomorrow, 1);
    await openCalendarOn(s.page, 'month', today, target);
    const days = await shownDays(s.page);
    expect(days).toContain(tomorrow);
    const house = chip(s.page, 'Open house');
    const targetDay = s.page.locator('section.day').nth(days.indexOf(target));
    await dragChip(house, targetDay);
    await syncNow(s.page);
    await until(
      'the service has the new day',
      () =>
        Date.parse(s.sandbox.inspect.variants().find((v) => v.id === variant.id)!.scheduled_at ?? '') ===
        Date.parse(onDay(at, ZONE, target)),
    );
    // Shown on that day, at its own time of day.
    await targetDay.locator(`[data-chip]`).first().waitFor();
    expect(await s.page.locator('section.day', { has: house }).getAttribute('aria-label')).toBe(
      await targetDay.getAttribute('aria-label'),
    );
    expect(await house.getAttribute('aria-label')).toMatch(/^Open house, 10:00 /);
  });

  it('reschedules offline through the outbox; back online it reaches the service exactly once', async () => {
    const s = await connected();
    const { variant, at } = await scheduledTomorrow(s, 'Latte art', 'Our baristas draw a swan.');
    // The service goes away: every request is dropped before it is applied.
    s.sandbox.faults.add({ kind: 'drop_before_write', times: 1_000_000 });
    await openOnTomorrow(s);
    const latte = chip(s.page, 'Latte art');
    await latte.focus();
    await s.page.keyboard.press('ArrowRight');
    await s.page.keyboard.press('Enter');
    await syncNow(s.page);
    await s.app.waitForEvent('syncStatus', (st) => st.phase !== 'syncing' && st.pending > 0);
    // One state in the status bar: waiting, never "up to date" or "online" next to it.
    const bar = s.page.getByRole('status', { name: 'Sync status' });
    const said = await waitForText(bar, /^(Offline · 1 change waiting to send|1 waiting) · /);
    expect(said).not.toMatch(/Up to date|Online/);
    expect(s.sandbox.inspect.variants().find((v) => v.id === variant.id)!.scheduled_at).toBe(at);

    s.sandbox.faults.clear();
    s.sandbox.stats.reset();
    await syncNow(s.page);
    const expected = Date.parse(shiftTime(at, ZONE, 1, 0));
    await until(
      'the service has the new time',
      () =>
        Date.parse(s.sandbox.inspect.variants().find((v) => v.id === variant.id)!.scheduled_at ?? '') ===
        expected,
    );
    await s.app.waitForEvent('syncStatus', (st) => st.phase === 'idle' && st.pending === 0);
    const patches = Object.entries(s.sandbox.stats.byRoute())
      .filter(([route]) => route.startsWith('PATCH') && VARIANT_PATH.test(route))
      .reduce((n, [, count]) => n + count, 0);
    expect(patches).toBe(1);
  });
});
