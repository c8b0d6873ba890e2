// The calendar's state without its view: the range it asks the core for, where each chip is
// placed while a keyboard move is shown, and a confirmed move sent as an ordinary schedule.
// Europe/Berlin, "now" Wednesday 6 March 2030.
import { beforeEach, describe, expect, it } from 'vitest';
import type { OutpostBridge, PlanItem } from '../../../src-preload/bridge';
import { CalendarState } from '../../../src-renderer/src/features/calendar/calendar-state.svelte';
import { longDay } from '../../../src-renderer/src/features/calendar/calendar-days';
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
let answers: Array<(items: PlanItem[]) => void> = [];
let refuseSchedule: string | null = null;

beforeEach(() => {
  asked = [];
  answers = [];
  refuseSchedule = null;
  const bridge = {
    invoke: (command: string, payload: Record<string, unknown>) => {
      asked.push({ command, payload });
      if (command === 'planning.calendar')
        return new Promise((resolve) =>
          answers.push((value) => resolve({ ok: true, value: { items: value, counts: [value.length] } })),
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
    const calendar = new CalendarState(() => 'acme', ZONE, NOW);
    expect(calendar.today).toBe('2030-03-06');
    expect(calendar.title).toBe(`${longDay('2030-03-04')} – ${longDay('2030-03-10')}`);
    const first = calendar.load();
    calendar.step(1);
    const second = calendar.load();
    expect(calendars()).toEqual([
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

  it('shows a chip moved by keyboard on its new day, turning the page past the range', async () => {
    const calendar = new CalendarState(() => null, ZONE, NOW);
    const loading = calendar.load();
    const sunday = item('v1', '2030-03-10T09:00:00Z');
    answers[0]!([sunday, item('v2', '2030-03-10T08:00:00Z')]);
    await loading;
    expect(calendar.placed['2030-03-10']?.map((i) => i.variantId)).toEqual(['v2', 'v1']);

    const answer = calendar.key(sunday, { key: 'ArrowRight', altKey: false });
    expect(answer.handled).toBe(true);
    expect(calendar.moving?.variantId).toBe('v1');
    expect(calendar.placed['2030-03-11']?.map((i) => i.variantId)).toEqual(['v1']);
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

  it('sends a confirmed move as a schedule, reads the range again, then gives the focus back', async () => {
    const calendar = new CalendarState(() => 'acme', ZONE, NOW);
    const chip = item('v1', '2030-03-06T09:00:00Z');
    calendar.items = [chip];
    calendar.key(chip, { key: 'ArrowDown', altKey: true });
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
    const calendar = new CalendarState(() => null, ZONE, NOW);
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

  it('in a month shows a day’s first four chips, and the one being moved', () => {
    const calendar = new CalendarState(() => null, ZONE, NOW);
    calendar.mode = 'month';
    const day = Array.from({ length: 6 }, (_, n) => item(`v${n}`, `2030-03-06T0${n}:00:00Z`));
    expect(calendar.shownOf(day).map((i) => i.variantId)).toEqual(['v0', 'v1', 'v2', 'v3']);
    calendar.moving = { variantId: 'v5', at: day[5]!.at! };
    expect(calendar.shownOf(day).map((i) => i.variantId)).toEqual(['v0', 'v1', 'v2', 'v5']);
    calendar.showWeekOf('2030-03-20');
    expect([calendar.mode, calendar.anchor, calendar.shownOf(day).length]).toEqual(['week', '2030-03-20', 6]);
  });

  it('drops a chip on another day at the same time of day, and not on its own day', () => {
    const calendar = new CalendarState(() => null, ZONE, NOW);
    const chip = item('v1', '2030-03-06T09:00:00Z');
    expect(Date.parse(calendar.dropTime(chip, '2030-04-01')!)).toBe(Date.parse('2030-04-01T08:00:00Z'));
    expect(calendar.dropTime(chip, '2030-03-06')).toBeNull();
    expect(calendar.dropTime({ ...chip, actions: [] }, '2030-03-07')).toBeNull();
  });
});
