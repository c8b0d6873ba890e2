// Posting slots, the queue and sign-off in the window (browser host, Chromium, the sandbox):
// posting times set in the Queue, Add to queue from the editor by keyboard alone, the Queue's
// filled and empty slots, filling one, moving up and down with Undo, an offline Add to queue
// that reaches the service once at its slot's time, and the sign-off warning before a publish.
// The clocks stand still (the sandbox's manual clock, which the core follows), so the slots a
// test expects are worked out here.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { utcToZonedInput, zonedInputToUtc } from '@preload/zoned-time';
import {
  axeScan,
  call,
  description,
  seriousFindings,
  seriousInBothSchemes,
  syncNow,
  until,
  useChromium,
  waitForText,
} from './harness';
import type { Setup } from './harness';

const ZONE = 'Europe/Berlin';
const DAY = 86_400_000;

/** The next `count` instants after `now` at which Berlin's clocks read one of `times`, any day. */
function dailySlots(now: number, times: string[], count: number): string[] {
  const out: string[] = [];
  let day = Date.parse(`${utcToZonedInput(new Date(now).toISOString(), ZONE).slice(0, 10)}T00:00:00Z`);
  while (out.length < count) {
    const date = new Date(day).toISOString().slice(0, 10);
    for (const time of times) {
      const at = Date.parse(zonedInputToUtc(`${date}T${time}`, ZONE));
      if (at > now && out.length < count) out.push(new Date(at).toISOString());
    }
    day += DAY;
  }
  return out;
}

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

const notices = (page: Page): Locator => page.getByRole('region', { name: 'Notifications' });

async function openView(page: Page, name: string): Promise<void> {
  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name });
  await tabTo(page, button);
  await page.keyboard.press('Enter');
}

/** The Queue's section of the sandbox's default X account. */
const xAccount = (page: Page): Locator => page.getByRole('region', { name: 'X · Acme @acme' });

/** A draft X post of the default account, made through the core (what the test is not about). */
async function xDraft(s: Setup, title: string, content: string) {
  const post = await call(s, 'posts.create', { workspace: s.sandbox.fixtures.workspace, title });
  return call(s, 'variants.create', {
    postId: post.id,
    platform: 'x',
    content,
    account: { kind: 'profile', profileId: s.sandbox.fixtures.profiles.xDefault },
  });
}

const scheduledAt = async (s: Setup, postId: string): Promise<string | null> =>
  (await call(s, 'posts.get', { id: postId })).variants[0]!.scheduledAt;

/** Opens a post from the list and puts the keyboard in its text. */
async function openPost(page: Page, title: string): Promise<void> {
  await openView(page, 'Posts');
  const row = page.getByRole('list', { name: 'Post list' }).getByRole('button', { name: new RegExp(title) });
  await row.first().waitFor();
  await tabTo(page, row.first());
  await page.keyboard.press('Enter');
  await until(
    'the post open',
    async () => (await page.getByLabel('Title', { exact: true }).inputValue()) === title,
  );
}

describe('the Queue with posting slots', () => {
  const chromium = useChromium();
  const connected = () => chromium.start({ timezoneId: ZONE, connect: true, manualClock: true });

  it(
    'sets posting times in the window; Add to queue by keyboard from the editor; fill an empty slot; move down and undo',
    { tags: ['dates'] },
    async () => {
      const s = await connected();
      const page = s.page;
      const now = s.sandbox.clock.now().getTime();
      const slots = dailySlots(now, ['09:00', '12:30'], 4);

      // Posting times, in the Queue: every day at 09:00 and 12:30, in Berlin.
      await openView(page, 'Queue');
      const account = xAccount(page);
      await waitForText(account, /No posting times yet/);
      await tabTo(page, account.getByRole('button', { name: 'Posting times of X · Acme' }));
      await page.keyboard.press('Enter');
      const panel = page.getByRole('form', { name: 'Posting times of X · Acme' });
      await panel.waitFor();
      // The panel opens on its first day, Monday, with the keyboard.
      expect(await panel.getByRole('checkbox', { name: 'Mon' }).evaluate(isFocused)).toBe(true);
      for (const day of ['Sat', 'Sun']) {
        await tabTo(page, panel.getByRole('checkbox', { name: day }));
        await page.keyboard.press('Space');
      }
      await tabTo(page, panel.getByRole('button', { name: 'Add a time' }));
      await page.keyboard.press('Enter');
      const added = panel.getByLabel('Time 2', { exact: true });
      expect(await added.evaluate(isFocused)).toBe(true);
      await added.fill('12:30');
      expect(await panel.getByLabel('Time zone').inputValue()).toBe(ZONE);
      await waitForText(panel, /Reads as: Mon–Sun 09:00, 12:30 \(Europe\/Berlin\)\./);
      expect(seriousFindings(await axeScan(page))).toEqual([]);
      await tabTo(page, panel.getByRole('button', { name: 'Save posting times' }));
      await page.keyboard.press('Enter');
      await waitForText(account, /Mon–Sun 09:00, 12:30\. Times in Europe\/Berlin\./);
      expect(await focusedName(page)).toBe('Posting times of X · Acme');
      const saved = await call(s, 'planning.slots', {
        workspace: s.sandbox.fixtures.workspace,
        profileId: s.sandbox.fixtures.profiles.xDefault,
      });
      expect([saved.zone, saved.slots.length]).toEqual([ZONE, 14]);
      await waitForText(account, /empty/);

      // Add to queue from the editor, with the keyboard only.
      const first = await xDraft(s, 'Flat white', 'Flat white, the house way.');
      await openPost(page, 'Flat white');
      const addButton = page.getByRole('button', { name: 'Add to queue' });
      await tabTo(page, addButton);
      await page.keyboard.press('Enter');
      await waitForText(
        page.getByRole('status').filter({ hasText: 'Added to the queue' }),
        /Added to the queue for /,
      );
      expect(await scheduledAt(s, first.postId)).toBe(slots[0]);
      // The keyboard goes on from what happened, not from Unschedule (Enter there would undo it).
      expect(await focusedName(page)).toMatch(/^Added to the queue for /);
      await page.keyboard.press('Enter');
      expect(await scheduledAt(s, first.postId)).toBe(slots[0]);
      await notices(page)
        .getByRole('button', { name: /^Undo: Added ‘Flat white’ \(X\) to the queue for / })
        .waitFor();

      // The Queue: the filled slot shows its post, the next ones are empty.
      const second = await xDraft(s, 'Cortado', 'A cortado, short and strong.');
      await openView(page, 'Queue');
      const row = (text: string | RegExp): Locator => account.getByRole('listitem').filter({ hasText: text });
      await waitForText(
        row('Flat white'),
        new RegExp(`${utcToZonedInput(slots[0]!, ZONE).slice(11, 16)}\\s*Flat white`),
      );
      const emptyAt = utcToZonedInput(slots[1]!, ZONE).slice(11, 16);
      await waitForText(account, new RegExp(`${emptyAt}\\s*empty`));

      // Fill the first empty slot: the picker offers the account's draft, with the focus on it.
      const fill = account.getByRole('button', { name: /^Fill / }).first();
      await tabTo(page, fill);
      await page.keyboard.press('Enter');
      const picker = account.getByRole('group', { name: /^Fill .* with a draft of this account$/ });
      await picker.getByRole('button', { name: /Cortado/ }).waitFor();
      expect(seriousFindings(await axeScan(page))).toEqual([]);
      expect(await focusedName(page)).toMatch(/^Cortado/);
      await page.keyboard.press('Enter');
      await picker.waitFor({ state: 'detached' });
      await row('Cortado').waitFor();
      expect(await scheduledAt(s, second.postId)).toBe(slots[1]);

      // Move "Flat white" down: the two trade times; the focus follows it; Ctrl+Z puts them back.
      const down = account.getByRole('button', { name: 'Move “Flat white” down' });
      await tabTo(page, down);
      await page.keyboard.press('Enter');
      await until('the times swapped', async () => (await scheduledAt(s, first.postId)) === slots[1]);
      expect(await scheduledAt(s, second.postId)).toBe(slots[0]);
      await until('the focus on Flat white, moved', async () => /Flat white/.test(await focusedName(page)));
      await notices(page)
        .getByRole('button', { name: 'Undo: Swapped the times of ‘Flat white’ (X) and ‘Cortado’ (X)' })
        .waitFor();
      await page.keyboard.press('Control+z');
      await waitForText(
        notices(page),
        /Undone\s*Swapped the times of ‘Flat white’ \(X\) and ‘Cortado’ \(X\)/,
      );
      await until('back in place', async () => (await scheduledAt(s, first.postId)) === slots[0]);
      expect(await scheduledAt(s, second.postId)).toBe(slots[1]);
      await waitForText(
        account.getByRole('listitem').first(),
        new RegExp(`${utcToZonedInput(slots[0]!, ZONE).slice(11, 16)}\\s*Flat white`),
      );
    },
  );

  it('offline, Add to queue schedules here; back online the time reaches the service once, and it goes out then', async () => {
    const s = await connected();
    const page = s.page;
    const f = s.sandbox.fixtures;
    await call(s, 'planning.setSlots', {
      workspace: f.workspace,
      profileId: f.profiles.xDefault,
      zone: ZONE,
      slots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday: weekday as 1, time: '12:30' })),
    });
    const [slot] = dailySlots(s.sandbox.clock.now().getTime(), ['12:30'], 1);
    const v = await xDraft(s, 'Cold brew', 'Cold brew is back.');
    await s.app.core.syncNow('user');
    const serverId = await until('on the service', () =>
      s.sandbox.inspect.variants().find((x) => x.content === 'Cold brew is back.'),
    ).then((x) => x.id);

    // The service goes away: every request is dropped before it is applied.
    s.sandbox.faults.add({ kind: 'drop_before_write', times: 1_000_000 });
    await openPost(page, 'Cold brew');
    await tabTo(page, page.getByRole('button', { name: 'Add to queue' }));
    await page.keyboard.press('Enter');
    await waitForText(
      page.getByRole('status').filter({ hasText: 'Added to the queue' }),
      /Added to the queue/,
    );
    expect(await scheduledAt(s, v.postId)).toBe(slot);
    await syncNow(page);
    await s.app.waitForEvent('syncStatus', (st) => st.phase !== 'syncing' && st.pending > 0);
    expect(s.sandbox.inspect.patchCount(serverId)).toBe(0);

    s.sandbox.faults.clear();
    await syncNow(page);
    await until(
      'the time on the service',
      () => s.sandbox.inspect.variants().find((x) => x.id === serverId)?.scheduled_at,
    );
    await syncNow(page);
    await s.app.waitForEvent('syncStatus', (st) => st.phase === 'idle' && st.pending === 0);
    const onService = s.sandbox.inspect.variants().find((x) => x.id === serverId)!;
    expect(Date.parse(onService.scheduled_at!)).toBe(Date.parse(slot!));
    expect(s.sandbox.inspect.patchCount(serverId)).toBe(1);
    await s.sandbox.clock.set(new Date(Date.parse(slot!) - 1_000));
    expect(s.sandbox.inspect.publishCount(serverId)).toBe(0);
    await s.sandbox.clock.set(new Date(slot!));
    expect(s.sandbox.inspect.publishCount(serverId)).toBe(1);
  });

  it('warns before publishing on a sign-off account, in the editor, Add to queue and the Publish dialog, whose focus is on Cancel', async () => {
    const s = await connected();
    const page = s.page;
    const f = s.sandbox.fixtures;
    await call(s, 'planning.setSlots', {
      workspace: f.workspace,
      profileId: f.profiles.blueskySignOff,
      zone: ZONE,
      slots: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday: weekday as 1, time: '10:00' })),
    });
    const post = await call(s, 'posts.create', { workspace: f.workspace, title: 'Brand review' });
    const bluesky = (content: string) =>
      call(s, 'variants.create', {
        postId: post.id,
        platform: 'bluesky',
        content,
        account: { kind: 'default' },
      });
    await bluesky('First, for the approvers.');
    await s.app.core.syncNow('user');
    await openPost(page, 'Brand review');

    // The first publish: nothing known yet, so it promises "right away"; the focus is on Cancel.
    const publishNow = page.getByRole('button', { name: 'Publish now' });
    await tabTo(page, publishNow);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Publish now?' });
    await dialog.waitFor();
    expect(await focusedName(page)).toBe('Cancel');
    expect(await dialog.textContent()).toMatch(/right away/);
    // Enter on the focus sends nothing.
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await tabTo(page, publishNow);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Publish', exact: true }), true);
    await page.keyboard.press('Enter');
    await syncNow(page);
    await until('waiting for sign-off', () =>
      s.sandbox.inspect
        .variants()
        .find((v) => v.content === 'First, for the approvers.' && v.status === 'needs_approval'),
    );

    // The account asks for sign-off: the next variant says so before anything is sent.
    const second = await bluesky('Second, also for the approvers.');
    await s.app.core.syncNow('user');
    await page.getByRole('tab').last().click();
    const note = page.getByText(/^This goes to sign-off first: this account's channel asks its approvers/);
    await note.waitFor();
    expect(await description(page.getByRole('button', { name: 'Add to queue' }))).toMatch(
      /This goes to sign-off first/,
    );
    expect(await description(publishNow)).toMatch(/This goes to sign-off first/);
    await tabTo(page, publishNow);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await focusedName(page)).toBe('Cancel');
    const words = (await dialog.textContent()) ?? '';
    expect(words).toMatch(/This goes to sign-off first\./);
    expect(words).not.toMatch(/right away/);
    await dialog.getByRole('button', { name: 'Send for sign-off' }).waitFor();
    expect(seriousFindings(await axeScan(page))).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Add to queue says it too, with the time it chose.
    await tabTo(page, page.getByRole('button', { name: 'Add to queue' }));
    await page.keyboard.press('Enter');
    await waitForText(
      page.getByRole('status').filter({ hasText: 'Added to the queue' }),
      /Added to the queue for .*This goes to sign-off first/,
    );
    expect(
      (await call(s, 'posts.get', { id: post.id })).variants.find((v) => v.id === second.id)!.scheduledAt,
    ).toBe(dailySlots(s.sandbox.clock.now().getTime(), ['10:00'], 1)[0]);
    await openView(page, 'Queue');
    await waitForText(
      page.getByRole('region', { name: /^Bluesky · Acme on Bluesky/ }),
      /This goes to sign-off first/,
    );
  });

  it('has no serious accessibility finding on the Queue, its slots panel and picker, in either colour scheme', async () => {
    const s = await connected();
    const page = s.page;
    const f = s.sandbox.fixtures;
    await call(s, 'planning.setSlots', {
      workspace: f.workspace,
      profileId: f.profiles.xDefault,
      zone: ZONE,
      slots: [
        { weekday: 1, time: '09:00' },
        { weekday: 3, time: '09:00' },
        { weekday: 5, time: '12:30' },
      ],
    });
    const queued = await xDraft(s, 'Espresso', 'Espresso, double.');
    await xDraft(s, 'Macchiato', 'A macchiato, marked.');
    await call(s, 'planning.addToQueue', { variantIds: [queued.id] });
    await openView(page, 'Queue');
    const account = xAccount(page);
    await account.getByRole('listitem').filter({ hasText: 'Espresso' }).waitFor();
    expect(await seriousInBothSchemes(page)).toEqual([]);
    await account.getByRole('button', { name: 'Posting times of X · Acme' }).click();
    await page.getByRole('form', { name: 'Posting times of X · Acme' }).waitFor();
    expect(await seriousInBothSchemes(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await account
      .getByRole('button', { name: /^Fill / })
      .first()
      .click();
    await account.getByRole('button', { name: /Macchiato/ }).waitFor();
    expect(await seriousInBothSchemes(page)).toEqual([]);
  });
});
