// Typing lands where it is shown while the editor switches under the keys: a post started from
// the calendar, another post opened from the list by keyboard, another variant by its shortcut,
// and the open post read again by a sync. The keys follow each switch with no pause; every
// token typed is in the text it was typed into, none is lost and none reaches another text.
// In one window: 30 rounds of each switch whose timing is left to the machine (the more rounds,
// the likelier a race shows), and 10 of the late sync read, whose order the test forces (two
// rounds of each of its five kinds).
import { describe, expect, it } from 'vitest';
import type { Locator, Page, Route } from 'playwright-core';
import { utcToZonedInput } from '../../src-renderer/src/lib/schedule-time';
import { TEST_NOW, TEST_ZONE } from '../support/test-date';
import { addVariant, newPost, syncNow, until, useSharedSetup, waitForText, type Setup } from './harness';
import { openCalendarOn } from './calendar-steps';
import { addDays } from '../../src-renderer/src/lib/calendar-days';

/** Rounds of a switch whose timing the machine decides. */
const ROUNDS = 30;
/** Rounds of the late read, whose order the test forces: each kind of round twice. */
const FORCED_ROUNDS = 10;

/** What each text should hold, as typed: a token appended, or (after a select-all) put in its place. */
class TypedModel {
  readonly texts = new Map<string, string>();

  constructor(initial: Record<string, string>) {
    for (const [key, text] of Object.entries(initial)) this.texts.set(key, text);
  }

  type(key: string, token: string, replacing = false): void {
    this.texts.set(key, replacing ? token : (this.texts.get(key) ?? '') + token);
  }

  /** Tokens missing from the text they were typed into, and tokens in a text they were not typed into. */
  compare(stored: Record<string, string>): { lost: string[]; misplaced: string[] } {
    const tokens = (text: string): string[] => text.match(/\[\d+\]/g) ?? [];
    const lost: string[] = [];
    const misplaced: string[] = [];
    for (const [key, expected] of this.texts) {
      const got = tokens(stored[key] ?? '');
      lost.push(...tokens(expected).filter((t) => !got.includes(t)));
      misplaced.push(...got.filter((t) => !tokens(expected).includes(t)));
    }
    return { lost, misplaced };
  }
}

const saved = (page: Page): Promise<string> =>
  waitForText(page.getByRole('article', { name: 'Editor' }).locator('[aria-live="polite"]'), /^Saved$/);

/** The caret leaves the text field (which writes it), and the editor says it is saved. */
async function leaveText(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'History of the title' }).focus();
  await saved(page);
}

async function postIdOf(s: Setup, title: string): Promise<string> {
  const list = await s.app.core.invoke('posts.list', { workspace: s.sandbox.fixtures.workspace });
  const found = (list.ok ? (list.value as { id: string; title: string }[]) : []).find(
    (p) => p.title === title,
  );
  if (!found) throw new Error(`no post "${title}"`);
  return found.id;
}

/** Each variant's text as the core has it, by variant id. */
async function textsInCore(app: Setup['app'], postId: string): Promise<Record<string, string>> {
  const got = await app.core.invoke('posts.get', { id: postId });
  if (!got.ok) throw new Error(got.error.message);
  return Object.fromEntries(got.value.variants.map((v) => [v.id, v.content]));
}

/** A post with one variant per platform, each with its text; answers the post's id. */
async function postWith(s: Setup, title: string, texts: [string, string][]): Promise<string> {
  await newPost(s.page, title);
  for (const [platform, content] of texts) await addVariant(s.page, platform, content);
  await saved(s.page);
  return postIdOf(s, title);
}

/** The variant whose text field is on screen, by the tab selected. */
async function shownVariant(page: Page): Promise<string> {
  const id = await page.getByRole('tab', { selected: true }).getAttribute('id');
  return (id ?? '').replace(/^tab-/, '');
}

const hasCaret = (el: { ownerDocument: { activeElement: unknown } }): boolean =>
  el.ownerDocument.activeElement === el;

const postRow = (page: Page, title: string): Locator =>
  page.getByRole('list', { name: 'Post list' }).getByRole('button', { name: new RegExp(`^${title}`) });

/** The caret in the text of the variant shown, after its text. */
async function caretInText(page: Page): Promise<void> {
  const field = page.getByLabel('Content', { exact: true });
  await field.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Control+End');
}

/** Waits for the text field on screen to show `text`; answers the field. */
async function contentShows(page: Page, text: string): Promise<Locator> {
  const content = page.getByLabel('Content', { exact: true });
  await until(`the text "${text}" shown`, async () => (await content.inputValue()) === text);
  return content;
}

/**
 * Opens a post from its row by the keyboard, its answer held back: the post comes once the
 * test lets the answer go (`stop`).
 */
async function openHeldBack(page: Page, title: string): Promise<LateAnswers> {
  const late = new LateAnswers(page, '**/bridge/invoke/posts.get');
  await late.start();
  const read = late.holdNext();
  await postRow(page, title).focus();
  await page.keyboard.press('Enter');
  await read;
  return late;
}

/** Now, as the window's calendar names its hours: the day and the hour ("2026-11-18", 10). */
function windowNow(): { day: string; hour: number } {
  const local = utcToZonedInput(TEST_NOW.toISOString(), TEST_ZONE);
  return { day: local.slice(0, 10), hour: Number(local.slice(11, 13)) };
}

/**
 * The calendar, opened from the navigation as a person does, and one of its empty hours still
 * ahead: later today (its first page), or else a day of the next week.
 */
async function aheadSlot(page: Page, round: number): Promise<Locator> {
  const { day, hour } = windowNow();
  const first = hour + 2;
  if (first + 3 <= 23) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Calendar' }).click();
    await page.locator('section.calendar[data-loaded-from]').waitFor();
    return page.locator(`[data-cell="${day}T${String(first + (round % 4)).padStart(2, '0')}"]`);
  }
  const later = addDays(day, 7);
  await openCalendarOn(page, 'week', day, later);
  return page.locator(`[data-cell^="${later}T"]`).nth(round % 4);
}

describe('typing while the editor switches', () => {
  const setup = useSharedSetup({ connect: true, timezoneId: TEST_ZONE });

  it('a post started from the calendar: the title typed at once is its own, 30 rounds', async () => {
    const s = setup();
    const { page } = s;
    const workspace = s.sandbox.fixtures.workspace;
    const titles = async (): Promise<string[]> => {
      const list = await s.app.core.invoke('posts.list', { workspace });
      return (list.ok ? (list.value as { title: string }[]) : []).map((p) => p.title);
    };
    const before = await titles();
    const typed: string[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const slot = await aheadSlot(page, r);
      const title = `From the calendar ${r}`;
      typed.push(title);
      // Half by the mouse, half by the keyboard.
      if (r % 2 === 0) await slot.click();
      else {
        await slot.focus();
        await page.keyboard.press('Enter');
      }
      await page.keyboard.type(title);
      // The last keys of the round are in the post's own field before the calendar opens again.
      await until('the title typed in its own field', () =>
        page.evaluate<boolean>(
          `document.activeElement?.id === 'post-title' && document.activeElement.value === ${JSON.stringify(title)}`,
        ),
      );
    }
    await leaveText(page);
    const after = await titles();
    const lost = typed.filter((t) => !after.includes(t));
    const misplaced = after.filter((t) => !before.includes(t) && !typed.includes(t));
    expect({ lost, misplaced }).toEqual({ lost: [], misplaced: [] });
    expect(after.toSorted()).toEqual([...before, ...typed].toSorted());
  });

  it('another post opened from the list by keyboard: the keys go to its text, none to the one left, 30 rounds', async () => {
    const s = setup();
    const { page, app } = s;
    const a = await postWith(s, 'Switch alpha', [['x', 'Alpha ']]);
    const b = await postWith(s, 'Switch beta', [['mastodon', 'Beta ']]);
    const [va] = Object.keys(await textsInCore(app, a));
    const [vb] = Object.keys(await textsInCore(app, b));
    const model = new TypedModel({ [va!]: 'Alpha ', [vb!]: 'Beta ' });
    await caretInText(page);
    let shown = vb!;
    for (let r = 0; r < ROUNDS; r++) {
      // Every fifth round selects all first: the token takes the whole text's place.
      const replacing = r % 5 === 4;
      if (replacing) await page.keyboard.press('Control+A');
      await page.keyboard.type(`[${r}]`);
      model.type(shown, `[${r}]`, replacing);
      // The keyboard reaches the other post's row and opens it; the keys follow at once.
      const next = shown === va ? 'Switch beta' : 'Switch alpha';
      await postRow(page, next).focus();
      await page.keyboard.press('Enter');
      shown = shown === va ? vb! : va!;
    }
    await page.keyboard.type('[end]');
    model.type(shown, '[end]');
    await leaveText(page);
    const stored = { ...(await textsInCore(app, a)), ...(await textsInCore(app, b)) };
    expect(model.compare(stored)).toEqual({ lost: [], misplaced: [] });
    expect(stored).toEqual(Object.fromEntries(model.texts));
  });

  it('the keyboard moves on to the next row while the post opened last still loads: that post takes its keys, not the caret', async () => {
    const s = setup();
    const { page, app } = s;
    const a = await postWith(s, 'Moved on alpha', [['x', 'Alpha ']]);
    const b = await postWith(s, 'Moved on beta', [['mastodon', 'Beta ']]);
    await caretInText(page);
    const late = await openHeldBack(page, 'Moved on alpha');
    // Typed for alpha while it loads; then the keyboard goes on to beta's row.
    await page.keyboard.type('[1]');
    const betaRow = postRow(page, 'Moved on beta');
    await betaRow.focus();
    await late.stop();
    await contentShows(page, 'Alpha [1]');
    // Alpha came with the keys typed for it, and left the caret on the row it was taken to.
    expect(await betaRow.evaluate(hasCaret)).toBe(true);
    await page.keyboard.press('Enter');
    await contentShows(page, 'Beta ');
    await page.keyboard.type('[2]');
    await leaveText(page);
    expect(Object.values(await textsInCore(app, a))).toEqual(['Alpha [1]']);
    expect(Object.values(await textsInCore(app, b))).toEqual(['Beta [2]']);
  });

  it('a click elsewhere while the post opened last still loads: that post takes the keys typed for it, the click keeps the caret', async () => {
    const s = setup();
    const { page, app } = s;
    const a = await postWith(s, 'Clicked away alpha', [['x', 'Alpha ']]);
    await postWith(s, 'Clicked away beta', [['mastodon', 'Beta ']]);
    await caretInText(page);
    const late = await openHeldBack(page, 'Clicked away alpha');
    await page.keyboard.type('[1]');
    const search = page.getByRole('searchbox', { name: 'Search posts' });
    await search.click();
    await late.stop();
    const content = await contentShows(page, 'Alpha [1]');
    // What is typed after the click is the search's.
    expect(await search.evaluate(hasCaret)).toBe(true);
    await page.keyboard.type('zz');
    expect(await search.inputValue()).toBe('zz');
    await search.fill('');
    await content.focus();
    await leaveText(page);
    expect(Object.values(await textsInCore(app, a))).toEqual(['Alpha [1]']);
  });

  it('another variant by its shortcut while typing: each key lands in the variant shown, 30 rounds', async () => {
    const s = setup();
    const { page, app } = s;
    const id = await postWith(s, 'Three variants', [
      ['x', 'On X '],
      ['mastodon', 'On Mastodon '],
      ['bluesky', 'On Bluesky '],
    ]);
    const model = new TypedModel(await textsInCore(app, id));
    await page.getByRole('tab').first().click();
    await caretInText(page);
    for (let r = 0; r < ROUNDS; r++) {
      const shown = await shownVariant(page);
      const replacing = r % 5 === 4;
      if (replacing) await page.keyboard.press('Control+A');
      await page.keyboard.type(`[${r}]`);
      model.type(shown, `[${r}]`, replacing);
      await page.keyboard.press(r % 3 === 2 ? 'Alt+BracketLeft' : 'Alt+BracketRight');
    }
    await page.keyboard.type('[end]');
    model.type(await shownVariant(page), '[end]');
    await leaveText(page);
    const stored = await textsInCore(app, id);
    expect(model.compare(stored)).toEqual({ lost: [], misplaced: [] });
    expect(stored).toEqual(Object.fromEntries(model.texts));
  });

  it('a sync reads the open post again while typing, its answer late: nothing typed is lost or moved, 10 rounds', async () => {
    const s = setup();
    const { page, app, sandbox } = s;
    const id = await postWith(s, 'Read again', [
      ['x', 'Typed on '],
      ['mastodon', 'Other '],
    ]);
    await syncNow(page);
    const remote = await until('the post on the service', () =>
      sandbox.inspect.posts(sandbox.fixtures.workspace).find((p) => p.title === 'Read again'),
    );
    const [typedIn, other] = Object.keys(await textsInCore(app, id));
    const model = new TypedModel({ [typedIn!]: 'Typed on ' });
    await page.getByRole('tab').first().click();
    await caretInText(page);
    // The window's reads of the post are answered by the core at once and reach the window
    // late, once the keys typed meanwhile are saved: the slowest order a busy machine allows.
    const late = new LateAnswers(page, '**/bridge/invoke/posts.get');
    await late.start();
    for (let r = 0; r < FORCED_ROUNDS; r++) {
      // A colleague renames the post and a sync brings it (every fifth round: a sync takes a
      // while), or another text of the post changes: either way the window reads it again.
      const read = late.holdNext();
      if (r % 5 === 0) {
        sandbox.renamePost(remote.id, `Renamed ${r}`);
        await app.core.invoke('sync.now', undefined);
      } else await app.core.invoke('variants.update', { id: other!, content: `Other ${r}` });
      await read;
      const replacing = r % 5 === 4;
      if (replacing) await page.keyboard.press('Control+A');
      await page.keyboard.type(`[${r}]`);
      model.type(typedIn!, `[${r}]`, replacing);
      await saved(page);
      await late.release();
    }
    await late.stop();
    // Typing goes on after the last late answer.
    await page.keyboard.type('[end]');
    model.type(typedIn!, '[end]');
    await leaveText(page);
    const stored = await textsInCore(app, id);
    expect(model.compare({ [typedIn!]: stored[typedIn!]! })).toEqual({ lost: [], misplaced: [] });
    expect(stored[typedIn!]).toBe(model.texts.get(typedIn!));
    // The field shows what the core has, and the title the colleague's last one.
    expect(await page.getByLabel('Content', { exact: true }).inputValue()).toBe(stored[typedIn!]);
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(`Renamed ${FORCED_ROUNDS - 5}`);
  });
});

/**
 * Answers to one bridge command: the next one asked for is read from the core at once and
 * handed to the window when the test says; the others pass as usual.
 */
class LateAnswers {
  private armed = false;
  private held: (() => Promise<void>) | null = null;
  private onHeld: (() => void) | null = null;
  private readonly page: Page;
  private readonly url: string;
  private readonly handler = async (route: Route): Promise<void> => {
    if (!this.armed) return route.continue();
    this.armed = false;
    const response = await route.fetch();
    this.held = () => route.fulfill({ response });
    this.onHeld?.();
  };

  constructor(page: Page, url: string) {
    this.page = page;
    this.url = url;
  }

  async start(): Promise<void> {
    await this.page.route(this.url, this.handler);
  }

  /** Holds the next answer; resolves once it is read and held. */
  holdNext(): Promise<void> {
    this.armed = true;
    return new Promise((resolve) => (this.onHeld = resolve));
  }

  /** The answer held reaches the window. */
  async release(): Promise<void> {
    const fulfil = this.held;
    this.held = null;
    await fulfil?.();
  }

  async stop(): Promise<void> {
    this.armed = false;
    await this.release();
    await this.page.unroute(this.url, this.handler);
  }
}
