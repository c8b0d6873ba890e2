// The editor is focused through its state: whoever wants the caret asks the editor,
// and the field named takes it. Once, text typed right after "Add" went into the
// previous variant and replaced its text. The new variant's text field takes the caret at once,
// and every character typed, however soon, lands in the variant it was typed for: 60 rounds
// of Add and typing with no pause in between (three posts of twenty variants, one window), half
// typed key by key and half filled into the Content field.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { utcToZonedInput } from '../../src-renderer/src/lib/schedule-time';
import { addVariant, newPost, until, useChromium, useSharedSetup, waitForText } from './harness';
import { fillScheduledTime, scheduledTimeField } from './schedule-steps';
import { TEST_NOW } from '../support/test-date';

const ZONE = 'Europe/Paris';

/** The id of the control that has the focus (a piece of the date and time field: the field's). */
const focusedId = (page: Page) => page.evaluate<string>('document.activeElement?.closest("[id]")?.id ?? ""');

const ROUNDS = 20;
const PLATFORMS = ['x', 'mastodon', 'mastodon', 'bluesky', 'linkedin'];

describe('typing right after Add variant', () => {
  const setup = useSharedSetup();

  it.each([0, 1, 2])('post %i: every character lands in the new variant, 20 rounds', async (p) => {
    const { page, app } = setup();
    await newPost(page, `Quick fingers ${p}`);
    const typed: { platform: string; content: string }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const platform = PLATFORMS[r % PLATFORMS.length]!;
      const content = `p${p} r${r} typed`;
      typed.push({ platform, content });
      await page.getByRole('button', { name: 'Add variant' }).click();
      await page.getByLabel('Platform', { exact: true }).selectOption(platform);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      // No waiting of any kind: the keys follow the click as fast as they can be sent.
      if (r % 2 === 0) await page.keyboard.type(content);
      else await page.getByLabel('Content', { exact: true }).fill(content);
    }
    // Once the core has made the last variant (the new variant's field holds the text until
    // then), the caret is in that variant's own field, after its text.
    const last = typed.at(-1)!.content;
    const caret = () =>
      page.evaluate<[string, string, number]>(
        `[document.activeElement.id, document.activeElement.value, document.activeElement.selectionStart]`,
      );
    await until('the last variant made', async () => (await caret())[0] !== 'new-variant-content');
    expect(await caret()).toEqual(['variant-content', last, last.length]);

    // Everything typed is in the core, each text in its own variant and nowhere else.
    await page.getByLabel('Title', { exact: true }).focus();
    await waitForText(
      page.getByRole('article', { name: 'Editor' }).locator('[aria-live="polite"]'),
      /^Saved$/,
    );
    const list = await app.core.invoke('posts.list', { workspace: null });
    const summary = (list.ok ? (list.value as { id: string; title: string }[]) : []).find(
      (post) => post.title === `Quick fingers ${p}`,
    );
    const got = await app.core.invoke('posts.get', { id: summary?.id ?? '' });
    const stored = got.ok
      ? got.value.variants.map((v) => ({ platform: v.platform, content: v.content }))
      : [];
    const misplaced = typed
      .filter((v, r) => stored[r]?.content !== v.content)
      .reduce((sum, v) => sum + v.content.length, 0);
    expect(misplaced).toBe(0);
    expect(stored).toEqual(typed);
  });

  it('the Schedule shortcut goes to the time, then to why Schedule cannot be used yet', async () => {
    const { page } = setup();
    await newPost(page, 'Local only');
    await addVariant(page, 'x', 'Not in a workspace yet.');
    await page.keyboard.press('Alt+S');
    expect(await focusedId(page)).toBe('schedule-time');
    await fillScheduledTime(
      page,
      utcToZonedInput(new Date(TEST_NOW.getTime() + 86_400_000).toISOString(), ZONE),
    );
    await page.getByLabel('Title', { exact: true }).focus();
    await page.keyboard.press('Alt+S');
    // A local draft cannot be scheduled: the button, whose description says why, has the focus.
    expect(await focusedId(page)).toBe('schedule-button');
    expect(await page.locator('#schedule-button').getAttribute('aria-disabled')).toBe('true');
  });
});

describe('the Schedule shortcut in a workspace', () => {
  const chromium = useChromium();

  it('schedules once a time is set, and only where the editor is on screen', async () => {
    const s = await chromium.start({ timezoneId: ZONE, connect: true });
    await newPost(s.page, 'Shortcut');
    await addVariant(s.page, 'x', 'Scheduled from the keyboard.');
    const scheduledAt = async (): Promise<string | null> => {
      const list = await s.app.core.invoke('posts.list', { workspace: s.sandbox.fixtures.workspace });
      const id = (list.ok ? (list.value as { id: string; title: string }[]) : []).find(
        (p) => p.title === 'Shortcut',
      )?.id;
      const post = await s.app.core.invoke('posts.get', { id: id ?? '' });
      return post.ok ? (post.value.variants[0]?.scheduledAt ?? null) : null;
    };
    // From another view it does nothing, then or later: back in the editor, the caret is not
    // taken by the time field.
    const nav = s.page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Queue' }).click();
    await s.page.keyboard.press('Alt+S');
    await nav.getByRole('button', { name: 'Posts' }).click();
    await scheduledTimeField(s.page).waitFor();
    expect(await focusedId(s.page)).not.toBe('schedule-time');

    await fillScheduledTime(
      s.page,
      utcToZonedInput(new Date(TEST_NOW.getTime() + 86_400_000).toISOString(), ZONE),
    );
    await s.page.getByLabel('Content', { exact: true }).focus();
    expect(await scheduledAt()).toBeNull();
    await s.page.keyboard.press('Alt+S');
    await until('the time in the core', scheduledAt);
  });
});
