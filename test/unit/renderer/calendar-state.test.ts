// The calendar's state without its view: the range it asks the core for, where each chip is
// placed while a keyboard move is shown, and a confirmed move sent as an ordinary schedule.
// Europe/Berlin, "now" Wednesday 6 March 2030.
import { beforeEach, describe, expect, it } from 'vitest';
import type { OutpostBridge, PlanItem } from '@preload/bridge';
import { CalendarState } from '../../../src-renderer/src/features/calendar/calendar-state.svelte';
import { dayStart, longDay } from '../../../src-renderer/src/lib/calendar-days';
import { useClock } from '../../../src-renderer/src/lib/clock.svelte';
import { clockTime } from '../../../src-renderer/src/lib/plan-time';

const ZONE = 'Europe/Berlin';
const NOW = Date.parse('2030-03-06T12:00:00Z');

function item(variantId: string, at: string | null, over: Partial<PlanItem> = {}): PlanItem {
  return {
    variantId,
    postId: `post-${variantId}`,
    postTitle: `Post ${variantId}`,
    platform: 'x',
    accountName: 'Acme',
    accountId: 'p-acme',
    at,
    state: 'scheduled',
    stateText: 'Scheduled',
    firstLine: 'Hello',
    url: null,
    actions: ['edit', 'schedule', 'unschedule', 'move', 'publish'],
    ...over,
  };
}

let asked: Array<{ command: string; payload: Record<string, unknown> }> = [];
/** Calendar answers wait here until the test gives them. */
let answers: Array<(items: PlanItem[], counts?: number[]) => void> = [];
let refuseSchedule: string | null = null;

/** Answers the `n`th calendar question with these items and counts. */
function answerWith(n: number, items: PlanItem[], counts: number[]): void {
  answers[n]!(items, counts);
}

beforeEach(() => {
  // These weeks run Monday to Sunday, whatever the machine's language says.
  useClock({ hourCycle: 'locale', weekStart: 'monday' });
  const saved = new Map<string, string>();
  (globalThis as { sessionStorage?: unknown }).sessionStorage = {
    getItem: (key: string) => saved.get(key) ?? null,
    setItem: (key: string, value: string) => void saved.set(key, value),
  };
  asked = [];
  answers = [];
  refuseSchedule = null;
  const bridge = {
    invoke: (command: string, payload: Record<string, unknown>) => {
      asked.push({ command, payload });
      if (command === 'planning.calendar')
        return new Promise((resolve) =>
          answers.push((items, counts) =>
            resolve({ ok: true, value: { items, counts: counts ?? [items.length] } }),
          ),
        );
      if (command === 'variants.schedule')
        return Promise.resolve(
          refuseSchedule
            ? { ok: false, error: { code: 'invalid_state', message: refuseSchedule } }
            : { ok: true, value: {} },
        );
      return Promise.reject(new Error(`unexpected ${command}`));
    },
    subscribe: () => () => undefined,
  } as unknown as OutpostBridge;
  (globalThis as { window?: unknown }).window = { outpost: bridge };
});

const calendars = () => asked.filter((a) => a.command === 'planning.calendar').map((a) => a.payload);

describe('the calendar state', () => {
  it("asks for the week in the user's zone and shows only the newest answer", async () => {
    const calendar = new CalendarState(
      () => 'acme',
      ZONE,
      () => NOW,
    );
    expect(calendar.today).toBe('2030-03-06');
    expect(calendar.title).toBe(`${longDay('2030-03-04')} – ${longDay('2030-03-10')}`);
    const first = calendar.load();
    calendar.step(1);
    const second = calendar.load();
    expect(calendars().map(({ workspace, from, to }) => ({ workspace, from, to }))).toEqual([
      { workspace: 'acme', from: '2030-03-03T23:00:00Z', to: '2030-03-10T23:00:00Z' },
      { workspace: 'acme', from: '2030-03-10T23:00:00Z', to: '2030-03-17T23:00:00Z' },
    ]);
    answers[1]!([item('v2', '2030-03-12T09:00:00Z')]);
    await second;
    answers[0]!([item('v1', '2030-03-05T09:00:00Z')]);
    await first;
    expect(calendar.items.map((i) => i.variantId)).toEqual(['v2']);
    expect(calendar.loadedFrom).toBe('2030-03-11');
  });

  it('follows the first day of the week chosen in Settings at once: Sunday, then Saturday', () => {
    const calendar = new CalendarState(
      () => 'acme',
      ZONE,
      () => NOW,
    );
    useClock({ hourCycle: 'locale', weekStart: 'sunday' });
    expect(calendar.days[0]).toBe('2030-03-03');
    expect(calendar.title).toBe(`${longDay('2030-03-03')} – ${longDay('2030-03-09')}`);
    useClock({ hourCycle: 'locale', weekStart: 'saturday' });
    expect(calendar.days[0]).toBe('2030-03-02');
  });

  it('shows a chip moved by keyboard on its new day, turning the page past the range', async () => {
    const calendar = new CalendarState(
      () => null,
      ZONE,
      () => NOW,
    );
    const loading = calendar.load();
    const sunday = item('v1', '2030-03-10T09:00:00Z');
    answers[0]!([sunday, item('v2', '2030-03-10T08:00:00Z')]);
    await loading;
    // The week places each chip in its hour (Berlin is UTC+1 in March).
    expect(calendar.placed['2030-03-10T10']?.map((i) => i.variantId)).toEqual(['v1']);
    expect(calendar.placed['2030-03-10T09']?.map((i) => i.variantId)).toEqual(['v2']);

    const answer = calendar.key(sunday, { key: 'ArrowRight', altKey: false });
    expect(answer.handled).toBe(true);
    expect(calendar.moving?.variantId).toBe('v1');
    expect(calendar.placed['2030-03-11T10']?.map((i) => i.variantId)).toEqual(['v1']);
    expect(calendar.anchor).toBe('2030-03-11');
    expect(calendar.announcement).toBe(
      `${longDay('2030-03-11')}, ${clockTime(calendar.moving!.at)}. Enter to confirm, Escape to cancel.`,
    );
    expect(asked.some((a) => a.command === 'variants.schedule')).toBe(false);

    expect(calendar.key(sunday, { key: 'Escape', altKey: false }).handled).toBe(true);
    expect(calendar.moving).toBeNull();
    expect(calendar.announcement).toBe('Move cancelled.');
    expect(calendar.key(sunday, { key: 'Tab', altKey: false })).toEqual({
      handled: false,
      refocusAfter: null,
    });
  });

  it('keeps a move that turned the page on the new range, for every key after it', async () => {
    const calendar = new CalendarState(
      () => 'acme',
      ZONE,
      () => NOW,
    );
    const first = calendar.load();
    // Sunday 10 March, the week's last column, 10:00 in Berlin.
    const sunday = item('v1', '2030-03-10T09:00:00Z');
    answers[0]!([sunday]);
    await first;
    calendar.key(sunday, { key: 'ArrowRight', altKey: false });
    expect(calendar.anchor).toBe('2030-03-11');
    // The next week is read (as the view does when its range changes): the chip is not in it.
    const next = calendar.load();
    answers[1]!([item('v9', '2030-03-12T09:00:00Z')]);
    await next;
    const shown = calendar.placed['2030-03-11T10'];
    expect(shown?.map((i) => i.variantId)).toEqual(['v1']);
    // The next key moves it on from where it is shown, and Enter sends that time.
    calendar.key(shown![0]!, { key: 'ArrowDown', altKey: false });
    expect(calendar.placed['2030-03-11T11']?.map((i) => i.variantId)).toEqual(['v1']);
    expect(calendar.moving?.at).toBe('2030-03-11T10:00:00Z');
    expect(calendar.announcement).toBe(
      `${longDay('2030-03-11')}, ${clockTime('2030-03-11T10:00:00Z')}. Enter to confirm, Escape to cancel.`,
    );
    const { refocusAfter } = calendar.key(calendar.placed['2030-03-11T11']![0]!, {
      key: 'Enter',
      altKey: false,
    });
    await expect.poll(() => answers.length).toBe(3);
    const schedule = asked.find((a) => a.command === 'variants.schedule')!.payload;
    expect(Date.parse(schedule.at as string)).toBe(Date.parse('2030-03-11T10:00:00Z'));
    // Sent, and shown where it went while the range is read again: its chip never leaves.
    expect(calendar.moving).toBeNull();
    expect(calendar.placed['2030-03-11T11']?.map((i) => i.variantId)).toEqual(['v1']);
    // The core announces the change meanwhile, and the view reads the range once more: the
    // focus comes back once the newest read is shown, not the one it overtook.
    let refocused = false;
    void refocusAfter?.then(() => (refocused = true));
    const again = calendar.load();
    answers[2]!([]);
    await Promise.resolve();
    await Promise.resolve();
    expect(refocused).toBe(false);
    answers[3]!([{ ...sunday, at: '2030-03-11T10:00:00Z' }]);
    await again;
    await refocusAfter;
    expect(refocused).toBe(true);
    expect(calendar.placed['2030-03-11T11']?.map((i) => i.variantId)).toEqual(['v1']);
  });

  it('goes back to the chip’s own page when a move that turned it is cancelled', async () => {
    const calendar = new CalendarState(
      () => 'acme',
      ZONE,
      () => NOW,
    );
    calendar.mode = 'month';
    const first = calendar.load();
    // Sunday 31 March, the month's last day: a week down is April.
    const last = item('v1', '2030-03-31T08:00:00Z');
    answers[0]!([last]);
    await first;
    calendar.key(last, { key: 'ArrowDown', altKey: false });
    expect(calendar.anchor).toBe('2030-04-07');
    expect(calendar.placed['2030-04-07']?.map((i) => i.variantId)).toEqual(['v1']);
    const april = calendar.load();
    answers[1]!([]);
    await april;
    expect(calendar.placed['2030-04-07']?.map((i) => i.variantId)).toEqual(['v1']);

    const { refocusAfter } = calendar.key(calendar.placed['2030-04-07']![0]!, {
      key: 'Escape',
      altKey: false,
    });
    expect(calendar.moving).toBeNull();
    expect(calendar.anchor).toBe('2030-03-31');
    // The focus comes back once March is read again (the view reads it when the range changes).
    let refocused = false;
    void refocusAfter?.then(() => (refocused = true));
    const march = calendar.load();
    await Promise.resolve();
    expect(refocused).toBe(false);
    answers[2]!([last]);
    await march;
    await refocusAfter;
    expect(refocused).toBe(true);
    expect(calendar.placed['2030-03-31']?.map((i) => i.variantId)).toEqual(['v1']);
  });

  it('sends a confirmed move as a schedule, reads the range again, then gives the focus back', async () => {
    const calendar = new CalendarState(
      () => 'acme',
      ZONE,
      () => NOW,
    );
    const chip = item('v1', '2030-03-06T09:00:00Z');
    calendar.items = [chip];
    // Down is an hour later in the week.
    calendar.key(chip, { key: 'ArrowDown', altKey: false });
    const { refocusAfter } = calendar.key(chip, { key: 'Enter', altKey: false });
    await expect.poll(() => answers.length).toBe(1);
    const schedule = asked.find((a) => a.command === 'variants.schedule')!.payload;
    expect(schedule.id).toBe('v1');
    expect(Date.parse(schedule.at as string)).toBe(Date.parse('2030-03-06T10:00:00Z'));
    expect(calendar.moving).toBeNull();
    expect(calendar.announcement).toBe(
      `Moved to ${longDay('2030-03-06')}, ${clockTime(schedule.at as string)}.`,
    );
    let refocused = false;
    void refocusAfter?.then(() => (refocused = true));
    await Promise.resolve();
    expect(refocused).toBe(false);
    answers[0]!([{ ...chip, at: '2030-03-06T10:00:00Z' }]);
    await refocusAfter;
    expect(refocused).toBe(true);
  });

  it('says why a move was refused, by the core or because the time cannot change', async () => {
    const calendar = new CalendarState(
      () => null,
      ZONE,
      () => NOW,
    );
    const published = item('v1', '2030-03-06T09:00:00Z', {
      actions: [],
      state: 'published',
      stateText: 'Published',
    });
    expect(calendar.key(published, { key: 'ArrowLeft', altKey: false })).toEqual({
      handled: true,
      refocusAfter: null,
    });
    expect(calendar.announcement).toBe('Published: its time cannot change.');

    refuseSchedule = 'This variant is waiting for sign-off.';
    const moving = calendar.reschedule(item('v2', '2030-03-06T09:00:00Z'), '2030-03-07T09:00:00Z');
    await expect.poll(() => answers.length).toBe(1);
    expect([calendar.error, calendar.announcement]).toEqual([refuseSchedule, refuseSchedule]);
    answers[0]!([]);
    await moving;
  });

  it("in a month asks for each day's first four chips and its count, and says how many more", async () => {
    const calendar = new CalendarState(
      () => 'acme',
      ZONE,
      () => NOW,
    );
    calendar.mode = 'month';
    const loading = calendar.load();
    const { spans, from, to } = calendars()[0]!;
    const days = calendar.days;
    expect(days[0]).toBe('2030-02-25');
    expect(spans).toEqual({ starts: days.map((d) => dayStart(d, ZONE)), limit: 4 });
    expect([from, to]).toEqual([dayStart('2030-02-25', ZONE), dayStart('2030-04-01', ZONE)]);
    const first = Array.from({ length: 4 }, (_, n) => item(`v${n}`, `2030-03-06T0${n + 6}:00:00Z`));
    const counts = days.map((d) => (d === '2030-03-06' ? 9 : 0));
    answerWith(0, first, counts);
    await loading;
    expect(calendar.placed['2030-03-06']?.map((i) => i.variantId)).toEqual(['v0', 'v1', 'v2', 'v3']);
    expect(calendar.moreByCell['2030-03-06']).toBe(5);
    expect(calendar.moreByCell['2030-03-07']).toBe(0);
    // "+5 more" opens the week of that day.
    calendar.showWeekOf('2030-03-06');
    expect([calendar.mode, calendar.anchor]).toEqual(['week', '2030-03-06']);
  });

  it("in a week asks for each hour's first four chips; an hour's “+N more” shows it whole", async () => {
    const calendar = new CalendarState(
      () => 'acme',
      ZONE,
      () => NOW,
    );
    const loading = calendar.load();
    const { spans } = calendars()[0]! as { spans: { starts: string[]; limit: number } };
    expect(spans.limit).toBe(4);
    expect(spans.starts).toHaveLength(7 * 24);
    expect(spans.starts.slice(0, 2)).toEqual(['2030-03-03T23:00:00.000Z', '2030-03-04T00:00:00.000Z']);
    // Thursday 7 March, 15:00 in Berlin: six planned, four drawn.
    const first = Array.from({ length: 4 }, (_, n) => item(`v${n}`, `2030-03-07T14:0${n}:00Z`));
    const thursday15 = 3 * 24 + 15;
    answerWith(
      0,
      first,
      spans.starts.map((_, i) => (i === thursday15 ? 6 : 0)),
    );
    await loading;
    expect(calendar.placed['2030-03-07T15']).toHaveLength(4);
    expect(calendar.moreByCell['2030-03-07T15']).toBe(2);
    const showing = calendar.showAll({ day: '2030-03-07', hour: 15 });
    expect(calendars()[1]).toEqual({
      workspace: 'acme',
      from: '2030-03-07T14:00:00Z',
      to: '2030-03-07T15:00:00Z',
    });
    const all = [...first, item('v4', '2030-03-07T14:30:00Z'), item('v5', '2030-03-07T14:50:00Z')];
    answerWith(1, all, [6]);
    await showing;
    expect(calendar.placed['2030-03-07T15']?.map((i) => i.variantId)).toEqual([
      'v0',
      'v1',
      'v2',
      'v3',
      'v4',
      'v5',
    ]);
    expect(calendar.moreByCell['2030-03-07T15']).toBe(0);
    // Read again (a change came in), the hour stays whole.
    const again = calendar.load();
    answerWith(
      2,
      first,
      spans.starts.map((_, i) => (i === thursday15 ? 6 : 0)),
    );
    answerWith(3, all, [6]);
    await again;
    expect(calendar.placed['2030-03-07T15']).toHaveLength(6);
    expect(calendar.moreByCell['2030-03-07T15']).toBe(0);
  });

  it('drops a chip on an hour at that hour, on another day at its own time of day, and not where it is', () => {
    const calendar = new CalendarState(
      () => null,
      ZONE,
      () => NOW,
    );
    const chip = item('v1', '2030-03-06T09:15:00Z');
    calendar.items = [chip];
    expect(calendar.dropTime(chip, { day: '2030-03-07', hour: 14 })).toBe('2030-03-07T13:00:00Z');
    expect(calendar.dropTime(chip, { day: '2030-03-06', hour: 10 })).toBeNull();
    expect(calendar.dropTime({ ...chip, actions: [] }, { day: '2030-03-07', hour: 14 })).toBeNull();
    calendar.mode = 'month';
    expect(Date.parse(calendar.dropTime(chip, { day: '2030-04-01', hour: null })!)).toBe(
      Date.parse('2030-04-01T08:15:00Z'),
    );
    expect(calendar.dropTime(chip, { day: '2030-03-06', hour: null })).toBeNull();
  });

  it('offers the hours still ahead to start a post, one in the tab order, the arrows moving it', () => {
    // Wednesday 6 March, 13:00 in Berlin: 14:00 is the first hour ahead.
    const calendar = new CalendarState(
      () => null,
      ZONE,
      () => NOW,
    );
    expect(calendar.openCells.has('2030-03-06T13')).toBe(false);
    expect(calendar.openCells.has('2030-03-05T20')).toBe(false);
    expect(calendar.tabCell).toBe('2030-03-06T14');
    expect(calendar.plannedTime({ day: '2030-03-06', hour: 14 })).toBe('2030-03-06T13:00:00Z');
    expect(calendar.plannedTime({ day: '2030-03-06', hour: 9 })).toBeNull();
    // Left goes past the days already gone: nothing there.
    expect(calendar.cellKeyMove({ day: '2030-03-06', hour: 14 }, 'ArrowLeft')).toBeNull();
    expect(calendar.cellKeyMove({ day: '2030-03-06', hour: 14 }, 'ArrowRight')).toBe('2030-03-07T14');
    expect(calendar.tabCell).toBe('2030-03-07T14');
    // Up from 14:00 today skips nothing ahead: 13:00 has begun.
    expect(calendar.cellKeyMove({ day: '2030-03-06', hour: 14 }, 'ArrowUp')).toBeNull();
    calendar.mode = 'month';
    expect(calendar.tabCell).toBe('2030-03-06');
    // A day of the month: its morning, or today the next whole hour.
    expect(calendar.plannedTime({ day: '2030-03-06', hour: null })).toBe('2030-03-06T13:00:00Z');
    expect(calendar.plannedTime({ day: '2030-03-08', hour: null })).toBe('2030-03-08T08:00:00Z');
    expect(calendar.cellKeyMove({ day: '2030-03-06', hour: null }, 'ArrowDown')).toBe('2030-03-13');
  });

  it('asks for the accounts and platforms of the filter, kept for each workspace in this session', () => {
    const calendar = new CalendarState(
      () => 'acme',
      ZONE,
      () => NOW,
    );
    void calendar.load();
    expect(calendars()[0]).not.toHaveProperty('accounts');
    void calendar.setFilter({ account: 'p-acme', platform: 'x' });
    expect(calendars()[1]).toMatchObject({ accounts: ['p-acme'], platforms: ['x'] });
    // The same workspace in a new calendar (the view opened again) has it still; another has its own.
    const again = new CalendarState(
      () => 'acme',
      ZONE,
      () => NOW,
    );
    void again.load();
    expect(calendars()[2]).toMatchObject({ accounts: ['p-acme'], platforms: ['x'] });
    const other = new CalendarState(
      () => 'globex',
      ZONE,
      () => NOW,
    );
    void other.load();
    expect(calendars()[3]).not.toHaveProperty('accounts');
    expect(other.filter).toEqual({ account: null, platform: null });
  });
});
