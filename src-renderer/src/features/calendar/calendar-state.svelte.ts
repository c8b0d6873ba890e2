// The calendar's state: the range shown (a week or a month around an anchor day), the items in
// it as the core last answered, where each one is placed (a chip being moved by keyboard shows
// where it would go), and rescheduling. Placement is by day; an hour grid would place by hour
// from the same items.
import type { PlanItem } from '../../../../src-preload/bridge';
import { errorMessage, invoke } from '../../lib/bridge';
import { clockTime } from '../../lib/plan-time';
import { localZone } from '../../lib/schedule-time';
import { stateLabel } from '../../lib/state-words';
import {
  addDays,
  dayKey,
  dayStart,
  longDay,
  monthLabel,
  onDay,
  stepAnchor,
  todayIn,
  visibleDays,
} from './calendar-days';
import { chipKey, type PendingMove } from './keyboard-move';

export type CalendarMode = 'week' | 'month';

/** A month's day shows its first few chips and "+N more" (thousands of chips would not be read). */
export const MONTH_CHIPS = 4;

/** A key on a chip: whether it was the calendar's, and when the chip takes the focus back (null: it keeps it). */
export interface KeyAnswer {
  handled: boolean;
  refocusAfter: Promise<void> | null;
}

const NOT_OURS: KeyAnswer = { handled: false, refocusAfter: null };

export class CalendarState {
  readonly zone: string;
  readonly today: string;
  mode = $state<CalendarMode>('week');
  anchor = $state('');
  items = $state.raw<PlanItem[]>([]);
  loaded = $state(false);
  /** The first day of the range whose items are shown (what a benchmark waits for). */
  loadedFrom = $state<string | null>(null);
  error = $state<string | null>(null);
  /** A chip being moved by keyboard: where it would go, not yet confirmed. */
  moving = $state<PendingMove | null>(null);
  /** Said to assistive technology after each step of a move. */
  announcement = $state('');

  days = $derived(visibleDays(this.anchor, this.mode));
  title = $derived(
    this.mode === 'month'
      ? monthLabel(this.anchor)
      : `${longDay(this.days[0]!)} – ${longDay(this.days[this.days.length - 1]!)}`,
  );
  /** Each day's items, earliest first, the moving chip where it would go. */
  placed = $derived.by(() => {
    const byDay: Record<string, PlanItem[]> = {};
    const moving = this.moving;
    for (const item of this.items) {
      const at = moving?.variantId === item.variantId ? moving.at : item.at;
      if (!at) continue;
      const key = dayKey(at, this.zone);
      (byDay[key] ??= []).push(moving?.variantId === item.variantId ? { ...item, at } : item);
    }
    for (const list of Object.values(byDay)) list.sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
    return byDay;
  });

  // Answers can arrive out of order (paging quickly): only the newest is shown.
  private sequence = 0;
  private readonly workspace: () => string | null;

  /** `workspace` answers the workspace shown, read each time the calendar loads. */
  constructor(workspace: () => string | null, zone: string = localZone(), now: number = Date.now()) {
    this.workspace = workspace;
    this.zone = zone;
    this.today = todayIn(zone, now);
    this.anchor = this.today;
  }

  async load(): Promise<void> {
    const mine = ++this.sequence;
    const first = this.days[0]!;
    const end = addDays(this.days[this.days.length - 1]!, 1);
    try {
      const answer = await invoke('planning.calendar', {
        workspace: this.workspace(),
        from: dayStart(first, this.zone),
        to: dayStart(end, this.zone),
      });
      if (mine !== this.sequence) return;
      this.items = answer.items;
      this.loaded = true;
      this.loadedFrom = first;
      this.error = null;
    } catch (e) {
      if (mine === this.sequence) this.error = errorMessage(e);
    }
  }

  step(direction: 1 | -1): void {
    this.anchor = stepAnchor(this.anchor, this.mode, direction);
  }

  goToday(): void {
    this.anchor = this.today;
  }

  /** The week of one day of the month ("+N more"). */
  showWeekOf(day: string): void {
    this.anchor = day;
    this.mode = 'week';
  }

  /** The chips a day shows: all in a week; in a month the first few, and the moving one. */
  shownOf(all: PlanItem[]): PlanItem[] {
    if (this.mode === 'week' || all.length <= MONTH_CHIPS) return all;
    const first = all.slice(0, MONTH_CHIPS);
    const moved = all.find((i) => i.variantId === this.moving?.variantId);
    return moved && !first.includes(moved) ? [...first.slice(0, MONTH_CHIPS - 1), moved] : first;
  }

  /** Sends the new time through the outbox (offline too), then reads the range again. */
  async reschedule(item: PlanItem, at: string): Promise<void> {
    try {
      await invoke('variants.schedule', { id: item.variantId, at });
      this.error = null;
      this.announcement = `Moved to ${longDay(dayKey(at, this.zone))}, ${clockTime(at)}.`;
      this.items = this.items.map((i) => (i.variantId === item.variantId ? { ...i, at } : i));
    } catch (e) {
      this.error = errorMessage(e);
      this.announcement = this.error;
    }
    this.moving = null;
    await this.load();
  }

  /** Where a chip dropped on `day` goes (its time of day kept), or null when it does not move. */
  dropTime(item: PlanItem, day: string): string | null {
    if (!item.at || !item.actions.includes('move') || dayKey(item.at, this.zone) === day) return null;
    return onDay(item.at, this.zone, day);
  }

  /** A key pressed on a chip (see keyboard-move.ts). A confirmed move is rescheduled. */
  key(item: PlanItem, key: { key: string; altKey: boolean }): KeyAnswer {
    const chip = { variantId: item.variantId, at: item.at, canMove: item.actions.includes('move') };
    const outcome = chipKey(this.moving, chip, key, this.zone);
    switch (outcome.kind) {
      case 'none':
        return NOT_OURS;
      case 'cancelled':
        this.moving = null;
        this.announcement = 'Move cancelled.';
        return { handled: true, refocusAfter: Promise.resolve() };
      case 'confirmed':
        // The chip is drawn again once the range is read again.
        return { handled: true, refocusAfter: this.reschedule(item, outcome.at) };
      case 'refused':
        this.announcement = `${stateLabel(item.state, item.stateText)}: its time cannot change.`;
        return { handled: true, refocusAfter: null };
      case 'moved': {
        const { at } = outcome.move;
        this.moving = outcome.move;
        this.announcement = `${longDay(dayKey(at, this.zone))}, ${clockTime(at)}. Enter to confirm, Escape to cancel.`;
        // Keep the moved chip in view: a move past the shown range turns the page.
        const day = dayKey(at, this.zone);
        if (!this.days.includes(day)) this.anchor = day;
        return { handled: true, refocusAfter: Promise.resolve() };
      }
    }
  }
}
