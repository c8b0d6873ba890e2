// Issue 13, point 1: the calendar through the browser host against the sandbox. Rescheduling by
// keyboard alone, a chip that opens its post, and a reschedule made offline that reaches the
// service exactly once when it is back.
import { describe, expect, it } from 'vitest';
import { utcToZonedInput } from '../../src-renderer/src/lib/schedule-time';
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
import type { Setup } from './harness';

const ZONE = 'Europe/Berlin';
const DAY = 86_400_000;
const VARIANT_PATH = /\/variants\/[^/]+\/$/;

/** A post with an X variant scheduled for tomorrow at 10:00 in the window's zone, synced. */
async function scheduledTomorrow(s: Setup, title: string, content: string) {
  await newPost(s.page, title);
  await addVariant(s.page, 'x', content);
  const tomorrow = new Date(Date.now() + DAY).toISOString();
  const local = `${utcToZonedInput(tomorrow, ZONE).slice(0, 10)}T10:00`;
  await s.page.getByLabel('Scheduled time').fill(local);
  await s.page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await waitForText(variantBadge(s.page), /^(Scheduled|Pending sync)$/);
  await syncNow(s.page);
  const variant = await until(`"${title}" scheduled on the service`, () =>
    s.sandbox.inspect.variants().find((v) => v.content === content && v.scheduled_at !== null),
  );
  return { variant, at: variant.scheduled_at! };
}

/** Opens the calendar on the week (or month) that holds the post's chip (tomorrow may be in the next). */
async function openCalendar(s: Setup, title: string, mode: 'week' | 'month' = 'week'): Promise<void> {
  await s.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Calendar' }).click();
  const loaded = s.page.locator('section.calendar[data-loaded-from]');
  await loaded.waitFor();
  if (mode === 'month') {
    const week = await loaded.getAttribute('data-loaded-from');
    await s.page.getByRole('button', { name: 'Month', exact: true }).click();
    await until('the month loaded', async () => (await loaded.getAttribute('data-loaded-from')) !== week);
  }
  if ((await chip(s, title).count()) > 0) return;
  const before = await loaded.getAttribute('data-loaded-from');
  await s.page.getByRole('button', { name: `Next ${mode}` }).click();
  await until('the next week loaded', async () => (await loaded.getAttribute('data-loaded-from')) !== before);
}

function chip(s: Setup, title: string) {
  return s.page.getByRole('button', { name: new RegExp(`^${title}, `) });
}

describe('calendar', () => {
  const chromium = useChromium();
  const connected = () => chromium.start({ timezoneId: ZONE, connect: true });

  it('shows a scheduled variant as a chip on its day, marks today, and opens its post', async () => {
    const s = await connected();
    const { at } = await scheduledTomorrow(s, 'Roastery tour', 'Come see where the beans are roasted.');
    await openCalendar(s, 'Roastery tour');
    const tour = chip(s, 'Roastery tour');
    await tour.waitFor();
    expect(await tour.getAttribute('aria-label')).toMatch(/^Roastery tour, 10:00 Acme, X, Scheduled$/);
    const day = s.page.getByRole('region', { name: /today$/ });
    expect(await day.count()).toBe(1);
    // The chip sits on tomorrow's day, in the user's zone.
    const tomorrowLabel = await s.page.locator('section.day', { has: tour }).getAttribute('aria-label');
    expect(tomorrowLabel).not.toMatch(/today/);
    expect(new Date(at).getTime()).toBeGreaterThan(Date.now());

    expect(seriousFindings(await axeScan(s.page))).toEqual([]);
    await s.page.getByRole('button', { name: 'Month' }).click();
    await tour.waitFor();
    expect(seriousFindings(await axeScan(s.page))).toEqual([]);

    await tour.click();
    await s.page.getByLabel('Title', { exact: true }).waitFor();
    expect(await s.page.getByLabel('Title', { exact: true }).inputValue()).toBe('Roastery tour');
  });

  it('reschedules by keyboard alone in the week: a day with left and right, an hour with down, Enter confirms', async () => {
    const s = await connected();
    const { variant, at } = await scheduledTomorrow(s, 'Cupping session', 'Taste five origins side by side.');
    await openCalendar(s, 'Cupping session');
    const cupping = chip(s, 'Cupping session');
    await cupping.focus();
    await s.page.keyboard.press('ArrowRight');
    await s.page.keyboard.press('ArrowDown');
    // Not sent before Enter: Escape would put it back.
    expect(s.sandbox.inspect.variants().find((v) => v.id === variant.id)!.scheduled_at).toBe(at);
    await waitForText(s.page.locator('#calendar-announce'), /11:00\. Enter to confirm/);
    await s.page.keyboard.press('Enter');
    const expected = Date.parse(at) + DAY + 3600_000;
    await until('the core has the new time', async () => {
      const r = await s.app.core.invoke('planning.calendar', {
        workspace: s.sandbox.fixtures.workspace,
        from: new Date(Date.now() - DAY).toISOString(),
        to: new Date(Date.now() + 7 * DAY).toISOString(),
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
    await openCalendar(s, 'Open house', 'month');
    const house = chip(s, 'Open house');
    const from = s.page.locator('section.day', { has: house });
    const label = (await from.getAttribute('aria-label')) ?? '';
    // The day after the chip's day (or the one before, when the chip's is the month's last shown).
    const days = s.page.locator('section.day');
    const labels: string[] = [];
    for (let n = 0; n < (await days.count()); n++)
      labels.push((await days.nth(n).getAttribute('aria-label')) ?? '');
    let target = labels.indexOf(label) + 1;
    if (target >= labels.length) target = labels.indexOf(label) - 1;
    const shift = target > labels.indexOf(label) ? DAY : -DAY;
    await house.dragTo(days.nth(target));
    await syncNow(s.page);
    await until(
      'the service has the new day',
      () =>
        Date.parse(s.sandbox.inspect.variants().find((v) => v.id === variant.id)!.scheduled_at ?? '') ===
        Date.parse(at) + shift,
    );
    await s.page
      .locator('section.day', { has: chip(s, 'Open house') })
      .nth(0)
      .waitFor();
    expect(
      await s.page.locator('section.day', { has: chip(s, 'Open house') }).getAttribute('aria-label'),
    ).toBe(labels[target]);
  });

  it('reschedules offline through the outbox; back online it reaches the service exactly once', async () => {
    const s = await connected();
    const { variant, at } = await scheduledTomorrow(s, 'Latte art', 'Our baristas draw a swan.');
    // The service goes away: every request is dropped before it is applied.
    s.sandbox.faults.add({ kind: 'drop_before_write', times: 1_000_000 });
    await openCalendar(s, 'Latte art');
    const latte = chip(s, 'Latte art');
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
    const expected = Date.parse(at) + DAY;
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
