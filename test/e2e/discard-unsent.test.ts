// A change still waiting to sync, discarded in the window (browser host, Chromium, the sandbox):
// written while the service is away, it is taken back from the editor and from the Outbox, with
// the keyboard only. The question shows what goes and what comes back (the text word by word,
// the time in words); Undo puts the change back, and once the service is back it receives what
// was undone, once, and never what stayed discarded.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { utcToZonedInput, zonedInputToUtc } from '../../src-renderer/src/lib/schedule-time';
import { axeScan, call, seriousFindings, until, useChromium, waitForText } from './harness';
import type { Setup } from './harness';
import { TEST_ZONE } from '../support/test-date';

const ZONE = TEST_ZONE;
const DAY = 86_400_000;

/** A synced X variant of a new post, scheduled on the service for tomorrow at `hour`. */
async function synced(s: Setup, title: string, content: string, hour: number) {
  const post = await call(s, 'posts.create', { workspace: s.sandbox.fixtures.workspace, title });
  const v = await call(s, 'variants.create', {
    postId: post.id,
    platform: 'x',
    content,
    account: { kind: 'default' },
  });
  const day = utcToZonedInput(new Date(s.now() + DAY).toISOString(), ZONE).slice(0, 10);
  const at = (h: number) => zonedInputToUtc(`${day}T${String(h).padStart(2, '0')}:00`, ZONE);
  await call(s, 'variants.schedule', { id: v.id, at: at(hour) });
  await s.app.core.syncNow('user');
  const onService = await until(`"${title}" on the service`, () =>
    s.sandbox.inspect.variants().find((x) => x.content === content && x.scheduled_at !== null),
  );
  return { post, variant: v, serverId: onService.id, at };
}

/** The service goes away: every request is cut before it is read. Answers how to bring it back. */
function goAway(s: Setup): () => void {
  const id = s.sandbox.faults.add({ kind: 'drop_before_write', path: '/api/*' });
  return () => s.sandbox.faults.remove(id);
}

const serviceVariant = (s: Setup, serverId: string) =>
  s.sandbox.inspect.variants().find((v) => v.id === serverId)!;

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

/** The words a screen reader reads for the struck-through and the underlined pieces. */
async function marked(dialog: Locator): Promise<{ goes: string[]; comesBack: string[] }> {
  return {
    goes: await dialog.locator('del').allTextContents(),
    comesBack: await dialog.locator('ins').allTextContents(),
  };
}

describe('a change waiting to sync, discarded', () => {
  const chromium = useChromium();

  it('from the editor: asks with the words that go and come back, discards, and Undo brings it back to be sent once', async () => {
    const s = await chromium.start({ timezoneId: ZONE, connect: true });
    const { post, serverId } = await synced(s, 'Launch day', 'We launch tomorrow at ten.', 10);
    const back = goAway(s);
    const page = s.page;
    const open = page.getByRole('button', { name: /Launch day/ }).first();
    await open.waitFor();
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const content = page.getByLabel('Content', { exact: true });
    await content.waitFor();
    await tabTo(page, content);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('We launch Friday at ten.');

    // Saved, not sent: the editor offers to take the change back, beside the variant's state.
    const discard = page.getByRole('tabpanel').getByRole('button', { name: 'Discard change' });
    await discard.waitFor();
    await tabTo(page, discard, true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Discard the unsent text?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      'This text of ‘Launch day’ (X) has not reached the service. Discarding it puts back what the service holds.',
    );
    expect(await marked(dialog)).toEqual({
      goes: ['[goes: Friday]'],
      comesBack: ['[comes back: tomorrow]'],
    });
    expect(await dialog.textContent()).toContain(
      'The text: the struck-through words go (1), and the underlined ones come back (1).',
    );
    expect(await focusedName(page)).toBe('Cancel');
    expect(seriousFindings(await axeScan(page))).toEqual([]);
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Discard text');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });

    // The service's text is back, with the caret; nothing waits any more.
    await until(
      "the service's text, with the caret",
      async () =>
        (await content.inputValue()) === 'We launch tomorrow at ten.' && (await content.evaluate(isFocused)),
    );
    await discard.waitFor({ state: 'detached' });
    expect(await call(s, 'outbox.list', undefined)).toEqual([]);
    expect(seriousFindings(await axeScan(page))).toEqual([]);

    const offer = notices(page).getByRole('button', {
      name: 'Undo: Discarded the unsent text of ‘Launch day’ (X)',
    });
    await tabTo(page, offer);
    await page.keyboard.press('Enter');
    await waitForText(notices(page), /Undone\s*Discarded the unsent text of ‘Launch day’ \(X\)/);
    await until(
      'the change is back',
      async () => (await content.inputValue()) === 'We launch Friday at ten.',
    );
    expect((await call(s, 'outbox.list', undefined)).map((op) => [op.kind, op.state])).toEqual([
      ['update_variant', 'pending'],
    ]);

    back();
    const patches = s.sandbox.inspect.patchCount(serverId);
    await s.app.core.syncNow('user');
    await s.app.core.syncNow('user');
    expect(serviceVariant(s, serverId).content).toBe('We launch Friday at ten.');
    expect(s.sandbox.inspect.patchCount(serverId)).toBe(patches + 1);
    expect((await call(s, 'posts.get', { id: post.id })).variants[0]!.state).toBe('scheduled');
  });

  it('from the Outbox: a text undone goes out once, a time discarded never does', async () => {
    const s = await chromium.start({ timezoneId: ZONE, connect: true });
    const { variant, serverId, at } = await synced(s, 'Menu card', 'Flat white, cortado.', 9);
    const back = goAway(s);
    await call(s, 'variants.update', { id: variant.id, content: 'Flat white, cortado, filter.' });
    await call(s, 'variants.schedule', { id: variant.id, at: at(15) });
    const page = s.page;
    const outbox = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Outbox' });
    await tabTo(page, outbox);
    await page.keyboard.press('Enter');
    const row = (kind: string) => page.getByRole('row').filter({ hasText: kind });
    await row('Update variant').waitFor();
    await waitForText(row('Update variant'), /Waiting to send/);

    // The text: asked, kept with Escape, then discarded and undone from its notice.
    const discardText = row('Update variant').getByRole('button', { name: 'Discard change' });
    await tabTo(page, discardText);
    await page.keyboard.press('Enter');
    const textDialog = page.getByRole('dialog', { name: 'Discard the unsent text?' });
    await textDialog.waitFor();
    expect(await textDialog.textContent()).toContain(
      'This text of “Menu card” · X has not reached the service.',
    );
    expect(await marked(textDialog)).toEqual({ goes: ['[goes: , filter]'], comesBack: [] });
    expect(seriousFindings(await axeScan(page))).toEqual([]);
    await page.keyboard.press('Escape');
    await textDialog.waitFor({ state: 'hidden' });
    expect(await focusedName(page)).toBe('Discard change');
    await page.keyboard.press('Enter');
    await textDialog.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await row('Update variant').waitFor({ state: 'detached' });
    const offer = notices(page).getByRole('button', {
      name: 'Undo: Discarded the unsent text of ‘Menu card’ (X)',
    });
    await tabTo(page, offer);
    await page.keyboard.press('Enter');
    await waitForText(notices(page), /Undone\s*Discarded the unsent text of ‘Menu card’ \(X\)/);
    await row('Update variant').waitFor();

    // The time: said in words, the one set here going and the service's coming back.
    const discardTime = row('Schedule').getByRole('button', { name: 'Discard change' });
    await tabTo(page, discardTime);
    await page.keyboard.press('Enter');
    const timeDialog = page.getByRole('dialog', { name: 'Discard the unsent time?' });
    await timeDialog.waitFor();
    expect(await timeDialog.textContent()).toMatch(
      /The time: [^.]*15:00 goes, and the service’s time, [^.]*09:00, comes back\./,
    );
    expect(await timeDialog.locator('del, ins').count()).toBe(0);
    expect(seriousFindings(await axeScan(page))).toEqual([]);
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Discard time');
    await page.keyboard.press('Enter');
    await row('Schedule').waitFor({ state: 'detached' });
    expect(seriousFindings(await axeScan(page))).toEqual([]);

    back();
    const patches = s.sandbox.inspect.patchCount(serverId);
    await s.app.core.syncNow('user');
    await s.app.core.syncNow('user');
    expect(serviceVariant(s, serverId).content).toBe('Flat white, cortado, filter.');
    expect(Date.parse(serviceVariant(s, serverId).scheduled_at ?? '')).toBe(Date.parse(at(9)));
    expect(s.sandbox.inspect.patchCount(serverId)).toBe(patches + 1);
    await page.getByText('Nothing waiting. Everything is sent.').waitFor();
  });
});
