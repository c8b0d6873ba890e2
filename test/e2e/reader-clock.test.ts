// The reader's clock in the window: en-US reads a 12-hour clock and weeks from Sunday, de-DE a
// 24-hour clock, weeks from Monday and its own weekday names; a choice in Settings overrides
// both at once in every view, without a reload.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { zonedInputToUtc } from '@preload/zoned-time';
import { addDays } from '../../src-renderer/src/lib/calendar-days';
import { daysOf } from './calendar-steps';
import { axeScan, call, seriousFindings, until, useChromium, waitForText } from './harness';
import type { Setup } from './harness';

const ZONE = 'Europe/Berlin';

const main = (page: Page, name: string): Locator =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name });

/** A post with an X variant scheduled the day after tomorrow at 09:00 in Berlin, and posting times. */
async function plan(s: Setup): Promise<void> {
  const f = s.sandbox.fixtures;
  const post = await call(s, 'posts.create', { workspace: f.workspace, title: 'Morning roast' });
  const variant = await call(s, 'variants.create', {
    postId: post.id,
    platform: 'x',
    content: 'The morning roast is in.',
    account: { kind: 'profile', profileId: f.profiles.xDefault },
  });
  const day = addDays(daysOf(s, ZONE).tomorrow, 1);
  await call(s, 'variants.schedule', { id: variant.id, at: zonedInputToUtc(`${day}T09:00`, ZONE) });
  await call(s, 'planning.setSlots', {
    workspace: f.workspace,
    profileId: f.profiles.xDefault,
    zone: ZONE,
    slots: [1, 2, 3, 4, 5].map((weekday) => ({ weekday: weekday as 1, time: '09:00' })),
  });
}

/** The weekday heading of the week view's first column, and its first hour's label. */
async function weekView(page: Page): Promise<{ firstColumn: string; midnight: string }> {
  await main(page, 'Calendar').click();
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await page.locator('section.calendar[data-loaded-mode="week"]').waitFor();
  return {
    firstColumn: (await page.locator('section.day .weekday').first().textContent())!.trim(),
    midnight: (await page.locator('[data-hour-label="0"]').textContent())!.trim(),
  };
}

const roastChip = (page: Page): Locator => page.getByRole('button', { name: /^Morning roast, / });

async function postingTimes(page: Page): Promise<string> {
  await main(page, 'Queue').click();
  const account = page.getByRole('region', { name: 'X · Acme @acme' });
  await waitForText(account, /Times in Europe\/Berlin/);
  return (await account.textContent())!;
}

describe("the reader's clock", () => {
  const chromium = useChromium();

  it(
    'en-US: 12-hour times without a leading zero and weeks from Sunday; Settings switches to 24 hours and Monday at once',
    { tags: ['dates'] },
    async () => {
      const s = await chromium.start({ timezoneId: ZONE, locale: 'en-US', connect: true });
      await plan(s);
      const page = s.page;

      expect(await weekView(page)).toEqual({ firstColumn: 'Sun', midnight: '12:00 AM' });
      // Two days on: this week's page, or the next one's when the week turns in between.
      const chip = roastChip(page);
      await page.locator('section.calendar[data-loaded-from]').waitFor();
      if ((await chip.count()) === 0) await page.getByRole('button', { name: 'Next week' }).click();
      await until('the chip on the calendar', async () => (await chip.count()) > 0);
      expect(await chip.first().getAttribute('aria-label')).toContain(', 9:00 AM ');
      expect(await postingTimes(page)).toContain('Mon–Fri 9:00 AM. Times in Europe/Berlin.');
      expect(seriousFindings(await axeScan(page))).toEqual([]);

      await main(page, 'Settings').click();
      await page.getByLabel('Clock').selectOption('h23');
      await page.getByLabel('Week starts on').selectOption('monday');
      expect(seriousFindings(await axeScan(page))).toEqual([]);
      expect(await weekView(page)).toEqual({ firstColumn: 'Mon', midnight: '00:00' });
      expect(await postingTimes(page)).toContain('Mon–Fri 09:00. Times in Europe/Berlin.');
      // Kept: the core holds the choice, as the Settings view reads it back.
      const settings = await call(s, 'settings.get', undefined);
      expect([settings.hourCycle, settings.weekStart]).toEqual(['h23', 'monday']);
    },
  );

  it('de-DE: a 24-hour clock, weeks from Monday, and German weekday names in the posting times', async () => {
    const s = await chromium.start({ timezoneId: ZONE, locale: 'de-DE', connect: true });
    await plan(s);
    const page = s.page;

    expect(await weekView(page)).toEqual({ firstColumn: 'Mo.', midnight: '00:00' });
    expect(await postingTimes(page)).toContain('Mo–Fr 09:00. Times in Europe/Berlin.');
  });
});
