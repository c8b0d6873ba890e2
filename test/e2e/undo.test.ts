// Undo in the window (browser host, Chromium, the sandbox): Undo of a discard after
// the question that shows the text that goes, of a calendar drag and of a keyboard move, and Ctrl+Z
// outside a text field. What each test sets up comes through the core; what the user does is
// done with the keyboard only (the drag aside), and the service ends as it was.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { utcToZonedInput, zonedInputToUtc } from '../../src-renderer/src/lib/schedule-time';
import { addDays, shiftTime } from '../../src-renderer/src/lib/calendar-days';
import { chip, daysOf, dragChip, openCalendarOn, shownDays } from './calendar-steps';
import { call, seriousInBothSchemes, until, useChromium, waitForText } from './harness';
import type { Setup } from './harness';
import { TEST_ZONE } from '../support/test-date';

const ZONE = TEST_ZONE;
const DAY = 86_400_000;
const VARIANT = '/api/workspaces/:slug/posts/:post/variants/:variant/';

/** A synced X variant of a new post, with its time on the service (tomorrow at ten) if asked. */
async function synced(s: Setup, title: string, content: string, scheduled: boolean) {
  const post = await call(s, 'posts.create', { workspace: s.sandbox.fixtures.workspace, title });
  const v = await call(s, 'variants.create', {
    postId: post.id,
    platform: 'x',
    content,
    account: { kind: 'default' },
  });
  const day = utcToZonedInput(new Date(s.now() + DAY).toISOString(), ZONE).slice(0, 10);
  const at = zonedInputToUtc(`${day}T10:00`, ZONE);
  if (scheduled) await call(s, 'variants.schedule', { id: v.id, at });
  await s.app.core.syncNow('user');
  const onService = await until(`"${title}" on the service`, () =>
    s.sandbox.inspect
      .variants()
      .find((x) => x.content === content && (!scheduled || x.scheduled_at !== null)),
  );
  return { post, variant: v, serverId: onService.id, at };
}

const serviceTime = (s: Setup, serverId: string): number =>
  Date.parse(s.sandbox.inspect.variants().find((v) => v.id === serverId)?.scheduled_at ?? '');

/** Runs in the page, on the element (the tests have no DOM types of their own). */
const isFocused = (el: { ownerDocument: { activeElement: unknown } }): boolean =>
  el.ownerDocument.activeElement === el;

/** Presses Tab (Shift+Tab backwards) until `target` has the focus: it is reachable by keyboard. */
async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  for (let n = 0; n < 200; n++) {
    if (await target.evaluate(isFocused).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached with the keyboard`);
}

const focusedName = (page: Page): Promise<string> =>
  page.evaluate<string>(
    `(() => { const el = document.activeElement; return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : ''; })()`,
  );

function notices(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications' });
}

async function openView(page: Page, name: string): Promise<void> {
  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name });
  await tabTo(page, button);
  await page.keyboard.press('Enter');
}

describe('undo', () => {
  const chromium = useChromium();
  const connected = () => chromium.start({ timezoneId: ZONE, connect: true });

  it('asks before unsent text is discarded, showing what goes; the discard is undone and the text reaches the service, checked in both colour schemes', async () => {
    const s = await connected();
    const { post, variant, serverId } = await synced(s, 'Launch day', 'We launch tomorrow.', false);
    // The service refuses the new text once, for a reason of its own.
    s.sandbox.faults.add({ kind: 'status', status: 400, method: 'PATCH', path: VARIANT, times: 1 });
    await call(s, 'variants.update', { id: variant.id, content: 'We launch tomorrow, at ten sharp.' });
    await s.app.core.syncNow('user');

    const page = s.page;
    await openView(page, 'Outbox');
    const discard = page.getByRole('button', { name: 'Discard change' });
    await tabTo(page, discard);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Discard the unsent text?' });
    await dialog.waitFor();
    // What goes is struck through, named in words for a screen reader too.
    expect(await dialog.locator('del').allTextContents()).toEqual(['[goes: , at ten sharp]']);
    expect(await dialog.textContent()).toContain('“Launch day” · X');
    // Cancel has the focus: Escape (or Enter) keeps the text, and the focus goes back.
    expect(await focusedName(page)).toBe('Cancel');
    expect(await seriousInBothSchemes(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focusedName(page)).toBe('Discard change');
    expect((await call(s, 'outbox.list', undefined)).map((op) => op.state)).toEqual(['failed']);

    // Asked again at once, in the same turn as the Cancel (before the dialog's close event):
    // the dialog opens again rather than staying shut.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.evaluate(`(() => {
        const named = (name) => [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === name);
        named('Cancel').click();
        named('Discard change').click();
      })()`);
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await tabTo(page, discard);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Discard text');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    const offer = notices(page).getByRole('button', {
      name: 'Undo: Discarded the unsent text of ‘Launch day’ (X)',
    });
    await offer.waitFor();
    // The row goes; the focus goes to the top of the outbox, not lost.
    await until('the focus at the top of the outbox', async () => (await focusedName(page)) === 'Outbox');
    expect((await call(s, 'posts.get', { id: post.id })).variants[0]!.content).toBe('We launch tomorrow.');
    expect(await seriousInBothSchemes(page)).toEqual([]);

    await tabTo(page, offer);
    await page.keyboard.press('Enter');
    await waitForText(notices(page), /Undone\s*Discarded the unsent text of ‘Launch day’ \(X\)/);
    expect((await call(s, 'posts.get', { id: post.id })).variants[0]!.content).toBe(
      'We launch tomorrow, at ten sharp.',
    );
    await s.app.core.syncNow('user');
    expect(s.sandbox.inspect.variants().find((v) => v.id === serverId)!.content).toBe(
      'We launch tomorrow, at ten sharp.',
    );
  });

  it("asks in the editor too; after the discard the caret is in the variant's text", async () => {
    const s = await connected();
    const { variant } = await synced(s, 'Menu card', 'Flat white, cortado.', false);
    s.sandbox.faults.add({ kind: 'status', status: 409, method: 'PATCH', path: VARIANT, times: 1 });
    await call(s, 'variants.update', {
      id: variant.id,
      content: 'Flat white, cortado, and a new single origin.',
    });
    await s.app.core.syncNow('user');
    const page = s.page;
    const open = page.getByRole('button', { name: /Menu card/ }).first();
    await open.waitFor();
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const discard = page.getByRole('tabpanel').getByRole('button', { name: 'Discard change' });
    await discard.waitFor();
    await tabTo(page, discard);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Discard the unsent text?' });
    await dialog.waitFor();
    expect(await dialog.locator('del').allTextContents()).toEqual(['[goes: , and a new single origin]']);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const content = page.getByLabel('Content', { exact: true });
    await until(
      'the text the service holds, with the caret',
      async () =>
        (await content.inputValue()) === 'Flat white, cortado.' && (await content.evaluate(isFocused)),
    );
    const offer = notices(page).getByRole('button', {
      name: 'Undo: Discarded the unsent text of ‘Menu card’ (X)',
    });
    await tabTo(page, offer);
    await page.keyboard.press('Enter');
    await until(
      'the text is back',
      async () => (await content.inputValue()) === 'Flat white, cortado, and a new single origin.',
    );
  });

  it(
    'undoes a calendar drag with Ctrl+Z before it left (nothing is sent), and a keyboard move from its notice',
    { tags: ['dates'] },
    async () => {
      const s = await connected();
      const { serverId, at } = await synced(s, 'Open house', 'Doors open all day.', true);
      const page = s.page;
      const { today, tomorrow } = daysOf(s, ZONE);
      const press = async (button: Locator) => {
        await tabTo(page, button);
        await page.keyboard.press('Enter');
      };
      await openCalendarOn(page, 'week', today, tomorrow, press);
      const open = chip(page, 'Open house');
      const patches = s.sandbox.inspect.patchCount(serverId);
      const shown = await shownDays(page);
      const hourCell = (day: string, hour: number) =>
        page.locator(`[data-hour-cell="${day}T${String(hour).padStart(2, '0')}"]`);
      const chipCell = () => page.locator('[data-hour-cell]', { has: open }).getAttribute('data-hour-cell');
      const home = await chipCell();
      expect(home).toBe(`${tomorrow}T10`);

      // Dragged to the same hour of the next day when the week shows it, else to a later hour of
      // its own day (tomorrow may be the week's last); the chip keeps the focus (a button, not a
      // text field).
      const next = addDays(tomorrow, 1);
      const target = shown.includes(next) ? hourCell(next, 10) : hourCell(tomorrow, 14);
      const targetKey = await target.getAttribute('data-hour-cell');
      await dragChip(open, target);
      await until('moved', async () => (await chipCell()) === targetKey);
      await notices(page)
        .getByRole('button', { name: /^Undo: Rescheduled ‘Open house’ \(X\) to / })
        .waitFor();
      // Wherever the drop left the focus, it is not a text field.
      await page.keyboard.press('Control+z');
      await waitForText(notices(page), /Undone\s*Rescheduled ‘Open house’ \(X\) to /);
      await until('back in its hour', async () => (await chipCell()) === home);
      await s.app.core.syncNow('user');
      expect(s.sandbox.inspect.patchCount(serverId)).toBe(patches);
      expect(serviceTime(s, serverId)).toBe(Date.parse(at));

      // Moved a day by keyboard and sent (onto the next week's page when tomorrow ends the week);
      // then undone from its notice, reached with Tab.
      await tabTo(page, open);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      // Its notice offers Undo once the move is saved; it goes out with the next sync.
      const offer = notices(page).getByRole('button', { name: /^Undo: Rescheduled ‘Open house’ \(X\) to / });
      await offer.waitFor();
      await until('moved a day', async () => (await chipCell()) === `${next}T10`);
      await s.app.core.syncNow('user');
      expect(serviceTime(s, serverId)).toBe(Date.parse(shiftTime(at, ZONE, 1, 0)));
      await tabTo(page, offer);
      await page.keyboard.press('Enter');
      await waitForText(notices(page), /Undone\s*Rescheduled ‘Open house’ \(X\) to /);
      await s.app.core.syncNow('user');
      expect(serviceTime(s, serverId)).toBe(Date.parse(at));
      // Back on its own day, on its own page.
      await openCalendarOn(page, 'week', today, tomorrow, press);
      await until('back on its day', async () => (await chipCell()) === home);
    },
  );

  it('leaves Ctrl+Z to a text field, and says so when there is nothing to undo', async () => {
    const s = await connected();
    const { post, variant } = await synced(s, 'Tasting notes', 'Cherry, cocoa.', true);
    await call(s, 'variants.unschedule', { id: variant.id });
    const page = s.page;
    // Every undo the window asks for, in the order it asks.
    const undoCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('undo.run')) undoCalls.push(request.url());
    });
    await openView(page, 'Posts');
    await page
      .getByRole('button', { name: /Tasting notes/ })
      .first()
      .waitFor();
    await tabTo(page, page.getByRole('button', { name: /Tasting notes/ }).first());
    await page.keyboard.press('Enter');
    const content = page.getByLabel('Content', { exact: true });
    await content.waitFor();
    await tabTo(page, content);
    await page.keyboard.type(' Smooth.');
    // In the text field, Ctrl+Z is the field's own: it takes the typing back, not the unschedule.
    await page.keyboard.press('Control+z');
    expect(await content.inputValue()).not.toContain('Smooth');

    // Outside it, Ctrl+Z undoes the newest change: the unschedule, then the schedule before it.
    await tabTo(page, page.getByRole('button', { name: 'Publish now' }));
    await page.keyboard.press('Control+z');
    await waitForText(notices(page), /Undone\s*Unscheduled ‘Tasting notes’ \(X\)/);
    // One undo asked for: the press in the text field, made before, asked none.
    expect(undoCalls).toHaveLength(1);
    await until(
      'scheduled again',
      async () => (await call(s, 'posts.get', { id: post.id })).variants[0]!.scheduledAt !== null,
    );
    await page.keyboard.press('Control+z');
    await waitForText(notices(page), /Undone\s*Scheduled ‘Tasting notes’ \(X\) for /);
    await page.keyboard.press('Control+z');
    await waitForText(notices(page), /Nothing undone\s*Nothing to undo/);
  });
});
