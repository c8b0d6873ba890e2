// The keyboard after an action and on the way to one: after the publish dialog of a channel that
// asks for sign-off the focus is on the variant's state (never on the page), and the date and
// time field is one Tab stop between the text and Add to queue, with arrow keys and digits inside.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addVariant, newPost, syncNow, until, useChromium, variantBadge, waitForText } from './harness';
import { fillScheduledTime, scheduledTimeField, scheduledTimeValue } from './schedule-steps';

const isFocused = (el: { ownerDocument: { activeElement: unknown } }): boolean =>
  el.ownerDocument.activeElement === el;

/** What has the focus: its role and accessible name as far as the page says, or "body". */
const focused = (page: Page) =>
  page.evaluate<string>(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const group = el.closest('[role="group"][aria-labelledby]');
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';
    return (group ? 'in ' + document.getElementById(group.getAttribute('aria-labelledby'))?.textContent?.trim() + ': ' : '') + (el.getAttribute('role') ?? el.tagName.toLowerCase()) + ' ' + name;
  })()`);

describe('the keyboard on the way to a time', () => {
  const chromium = useChromium();

  it('reaches Add to queue from the text with the date and time as one Tab stop, arrow keys inside', async () => {
    // A 12-hour clock: six pieces (month, day, year, hour, minute, AM/PM), once seven Tab stops.
    const s = await chromium.start({ locale: 'en-US', timezoneId: 'Europe/Paris', connect: true });
    const { page } = s;
    await newPost(page, 'Tab stops');
    await addVariant(page, 'x', 'Counting the stops.');
    await page.getByLabel('Content', { exact: true }).focus();
    const stops: string[] = [];
    const addToQueue = page.getByRole('button', { name: 'Add to queue' });
    while (!(await addToQueue.evaluate(isFocused))) {
      if (stops.length > 20) throw new Error(`Add to queue not reached: ${stops.join(' | ')}`);
      await page.keyboard.press('Tab');
      stops.push(await focused(page));
    }
    const inField = stops.filter((stop) => stop.startsWith('in Scheduled time:'));
    expect(inField).toEqual(['in Scheduled time: spinbutton Month']);
    // History, Insert skill, Account, the time, Add to queue (once eleven: the time alone took
    // seven; Delete variant is in the state row, above the text).
    expect(stops.length, stops.join(' | ')).toBeLessThanOrEqual(5);

    // Back into the field: the digits of a whole date and time, each piece going on to the next.
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('in Scheduled time: spinbutton Month');
    await page.keyboard.type('120320310930p');
    expect(await scheduledTimeValue(page)).toBe('2031-12-03T21:30');
    await waitForText(page.locator('#schedule-utc'), /Sends at 2031-12-03 20:30 UTC/);
    // From AM/PM back to the day, and a day later with the arrow up.
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toBe('in Scheduled time: spinbutton Day');
    await page.keyboard.press('ArrowUp');
    await waitForText(page.locator('#schedule-utc'), /Sends at 2031-12-04 20:30 UTC/);
    // Backspace empties a piece: no time until it is typed again.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Backspace');
    expect(await scheduledTimeValue(page)).toBe('');
    await page.keyboard.type('2031');
    expect(await scheduledTimeValue(page)).toBe('2031-12-04T21:30');
    // One Tab leaves the field for Schedule.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button Schedule');
    await page.keyboard.press('Enter');
    await waitForText(variantBadge(page), /^(Scheduled|Pending sync)$/);

    // The field follows the saved time, and the same steps type any time on a 24-hour clock too.
    await fillScheduledTime(page, '2031-05-01T08:15');
    expect(await scheduledTimeValue(page)).toBe('2031-05-01T08:15');
    expect(await scheduledTimeField(page).getAttribute('aria-disabled')).toBeNull();
    // The mouse's calendar (the browser's day picker, no Tab stop) sets the day and keeps the time.
    await scheduledTimeField(page).locator('input[type="date"]').fill('2031-05-24', { force: true });
    expect(await scheduledTimeValue(page)).toBe('2031-05-24T08:15');
  });
});

describe('the keyboard after publishing to a channel that asks for sign-off', () => {
  const chromium = useChromium();

  it('puts the focus on the variant’s state, before and after the service holds it for its approvers', async () => {
    const s = await chromium.start({ manualClock: true, timezoneId: 'Europe/Paris', connect: true });
    const { page } = s;
    await newPost(page, 'Needs a yes');
    await addVariant(page, 'bluesky', 'Waiting for the editor.');
    await syncNow(page);
    await waitForText(variantBadge(page), /^Draft$/);

    // Keyboard only: Publish now, then the dialog's Publish (Cancel has the focus at first).
    await page.getByRole('button', { name: 'Publish now' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Publish now?' });
    await dialog.waitFor();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await until('the dialog closed', async () => !(await dialog.isVisible()));
    const status = page.getByRole('status', { name: /Bluesky variant/ });
    await until('the focus on the variant’s state', () => status.evaluate(isFocused));

    await s.app.core.syncNow('user');
    await waitForText(variantBadge(page), /^Waiting for sign-off$/);
    expect(await status.evaluate(isFocused)).toBe(true);
    expect(await focused(page)).not.toBe('body');
  });
});
