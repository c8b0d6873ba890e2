// The calendar's state: the range shown (a week of hours or a month of days around an anchor
// day), the filter, the items in it as the core last answered, where each one is placed (a chip
// being moved by keyboard shows where it would go), rescheduling, and the empty places a post
// can be started from (one of them reached by Tab, the arrows move among them).
import { tick } from 'svelte';
import type { PlanItem } from '@preload/bridge';
import { errorMessage, invoke } from '../../lib/bridge';
import { firstDay } from '../../lib/clock.svelte';
import { clockTime } from '../../lib/plan-time';
import { localZone } from '../../lib/schedule-time';
import { stateLabel } from '@preload/words/states';
import { filterPayload, loadFilter, saveFilter, EVERYTHING, type CalendarFilter } from './calendar-filter';
import {
  addDays,
  dayKey,
  dayStart,
  longDay,
  monthLabel,
  stepAnchor,
  todayIn,
  visibleDays,
} from '../../lib/calendar-days';
import {
  cellAfterKey,
  cellKey,
  dropTime,
  DAY_POST_HOUR,
  hourBounds,
  hourCounts,
  hourSpans,
  hourStart,
  HOURS,
  placeByHour,
  plannedTime,
  type Cell,
} from './calendar-grid';
import { chipKey, type PendingMove } from './keyboard-move';

export type CalendarMode = 'week' | 'month';

/**
 * A month's day and a week's hour show their first few chips and "+N more": a month of a large
 * library holds thousands, which would neither be read nor drawn in time.
 */
export const MONTH_CHIPS = 4;
export const HOUR_CHIPS = 4;

/** A key on a chip: whether it was the calendar's, and when the chip takes the focus back (null: it keeps it). */
export interface KeyAnswer {
  handled: boolean;
  refocusAfter: Promise<void> | null;
}

const NOT_OURS: KeyAnswer = { handled: false, refocusAfter: null };

const byTime = (a: PlanItem, b: PlanItem): number => (a.at ?? '').localeCompare(b.at ?? '');

export class CalendarState {
  readonly zone: string;
  readonly today: string;
  mode = $state<CalendarMode>('week');
  anchor = $state('');
  filter = $state<CalendarFilter>(EVERYTHING);
  items = $state.raw<PlanItem[]>([]);
  /** Per cell (`cellKey`): how many of its items are not drawn ("+N more"). */
  moreByCell = $state.raw<Record<string, number>>({});
  /** An hour of the week shown whole after its "+N more": its cell and every item in it. */
  expanded = $state.raw<{ key: string; items: PlanItem[] } | null>(null);
  loaded = $state(false);
  /** The first day of the range whose items are shown, and the view it was read for (what tests and the bench wait for). */
  loadedFrom = $state<string | null>(null);
  loadedMode = $state<CalendarMode | null>(null);
  error = $state<string | null>(null);
  /** A chip being moved by keyboard: where it would go, not yet confirmed. */
  moving = $state<PendingMove | null>(null);
  /**
   * The item being moved, as it was when the move began: a move that turns the page (a day
   * past the week's end, a week past the month's) shows it on a range whose items do not hold
   * it, and it must stay there, focused, for the next key.
   */
  private movingItem = $state.raw<PlanItem | null>(null);
  /** Said to assistive technology after each step of a move. */
  announcement = $state('');
  /** The empty place last focused (a `cellKey`): the one Tab reaches. */
  activeCell = $state<string | null>(null);

  days = $derived(visibleDays(this.anchor, this.mode, firstDay()));
  /** The instants the range shown begins and ends at. */
  range = $derived.by(() => ({
    from: dayStart(this.days[0]!, this.zone),
    to: dayStart(addDays(this.days[this.days.length - 1]!, 1), this.zone),
  }));
  /** The instants the week's hours begin at: its rows. */
  bounds = $derived.by(() => (this.mode === 'week' ? hourBounds(this.days, this.zone) : []));
  title = $derived(
    this.mode === 'month'
      ? monthLabel(this.anchor)
      : `${longDay(this.days[0]!)} – ${longDay(this.days[this.days.length - 1]!)}`,
  );
  /** Each cell's items (by `cellKey`: days in the month, hours in the week), earliest first, the moving chip where it would go. */
  placed = $derived.by(() => {
    const moving = this.moving;
    const expanded = this.expanded;
    const loaded = expanded
      ? [...this.items, ...expanded.items.filter((e) => !this.items.some((i) => i.variantId === e.variantId))]
      : this.items;
    const movingItem = this.movingItem;
    const all =
      movingItem && !loaded.some((i) => i.variantId === movingItem.variantId)
        ? [...loaded, movingItem]
        : loaded;
    const shown = all.map((item) =>
      moving?.variantId === item.variantId ? { ...item, at: moving.at } : item,
    );
    const byCell = this.mode === 'week' ? placeByHour(shown, this.days, this.bounds) : this.byDay(shown);
    for (const list of Object.values(byCell)) list.sort(byTime);
    return byCell;
  });
  /** The places a post can be started from now: those with a time still ahead. */
  openCells = $derived.by(() => {
    const now = this.now();
    const bounds = this.bounds;
    const open =
      this.mode === 'week'
        ? this.days.flatMap((day, d) =>
            HOURS.filter((hour) => bounds[d * 24 + hour]! > now).map((hour) => cellKey({ day, hour })),
          )
        : this.days.filter((day) => plannedTime({ day, hour: null }, this.zone, now) !== null);
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- made anew by each derivation, never changed
    return new Set(open);
  });
  /** The one empty place in the tab order: the last focused, else the first of the working day. */
  tabCell = $derived.by(() => {
    if (this.activeCell !== null && this.openCells.has(this.activeCell)) return this.activeCell;
    const open = [...this.openCells];
    return open.find((key) => key.length === 10 || Number(key.slice(11)) >= DAY_POST_HOUR) ?? open[0] ?? null;
  });

  // Answers can arrive out of order (paging quickly): only the newest is shown.
  private sequence = 0;
  /** The newest load, for what waits until the range shown is read (`idle`). */
  private loading: Promise<void> = Promise.resolve();
  private readonly workspace: () => string | null;
  private readonly now: () => number;
  /** The workspace whose filter is in `filter` (each keeps its own). */
  private filterOf: string | null | undefined = undefined;

  /** `workspace` answers the workspace shown, read each time the calendar loads. */
  constructor(
    workspace: () => string | null,
    zone: string = localZone(),
    now: () => number = () => Date.now(),
  ) {
    this.workspace = workspace;
    this.zone = zone;
    this.now = now;
    this.today = todayIn(zone, now());
    this.anchor = this.today;
  }

  private byDay(items: PlanItem[]): Record<string, PlanItem[]> {
    const byDay: Record<string, PlanItem[]> = {};
    for (const item of items) if (item.at) (byDay[dayKey(item.at, this.zone)] ??= []).push(item);
    return byDay;
  }

  load(): Promise<void> {
    const loading = this.read();
    this.loading = loading;
    return loading;
  }

  /** Resolves once the newest load, and any started while it ran, is done. */
  async idle(): Promise<void> {
    let waited: Promise<void> | null = null;
    while (waited !== this.loading) {
      waited = this.loading;
      await waited;
    }
  }

  private async read(): Promise<void> {
    const mine = ++this.sequence;
    const workspace = this.workspace();
    if (workspace !== this.filterOf) {
      this.filter = loadFilter(workspace);
      this.filterOf = workspace;
    }
    const { days, bounds } = this;
    const month = this.mode === 'month';
    // Each day of a month, each hour of a week: its first chips and its count.
    const starts = month ? days.map((d) => dayStart(d, this.zone)) : hourSpans(bounds);
    const expanded = this.expanded;
    try {
      const [answer, whole] = await Promise.all([
        invoke('planning.calendar', {
          workspace,
          from: dayStart(days[0]!, this.zone),
          to: dayStart(addDays(days[days.length - 1]!, 1), this.zone),
          ...filterPayload(this.filter),
          spans: { starts, limit: month ? MONTH_CHIPS : HOUR_CHIPS },
        }),
        // An hour shown whole stays whole while its week is shown.
        expanded && !month && days.includes(expanded.key.slice(0, 10)) ? this.hourItems(expanded.key) : null,
      ]);
      if (mine !== this.sequence) return;
      const counts = month
        ? Object.fromEntries(days.map((d, i) => [d, answer.counts[i] ?? 0]))
        : hourCounts(days, bounds, answer.counts);
      const drawn = month ? this.byDay(answer.items) : placeByHour(answer.items, days, bounds);
      this.expanded = whole && expanded ? { key: expanded.key, items: whole } : null;
      this.moreByCell = Object.fromEntries(
        Object.entries(counts).map(([key, n]) => [
          key,
          key === this.expanded?.key ? 0 : n - (drawn[key]?.length ?? 0),
        ]),
      );
      this.items = answer.items;
      this.loaded = true;
      this.loadedFrom = days[0]!;
      this.loadedMode = month ? 'month' : 'week';
      this.error = null;
    } catch (e) {
      if (mine === this.sequence) this.error = errorMessage(e);
    }
  }

  /** Every item of one hour of the week, as the filter keeps them. */
  private async hourItems(key: string): Promise<PlanItem[]> {
    const day = key.slice(0, 10);
    const hour = Number(key.slice(11));
    const to = hour < 23 ? hourStart(day, hour + 1, this.zone) : dayStart(addDays(day, 1), this.zone);
    const answer = await invoke('planning.calendar', {
      workspace: this.workspace(),
      from: hourStart(day, hour, this.zone),
      to,
      ...filterPayload(this.filter),
    });
    return answer.items;
  }

  /** Shows every chip of an hour of the week ("+N more"). */
  async showAll(cell: Cell): Promise<void> {
    const key = cellKey(cell);
    try {
      const items = await this.hourItems(key);
      this.expanded = { key, items };
      this.moreByCell = { ...this.moreByCell, [key]: 0 };
    } catch (e) {
      this.error = errorMessage(e);
    }
  }

  /** Shows only what `filter` keeps, remembered for this workspace in this session. */
  async setFilter(filter: CalendarFilter): Promise<void> {
    this.filter = filter;
    saveFilter(this.workspace(), filter);
    await this.load();
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

  /** The cell an item is drawn in now. */
  cellOf(item: PlanItem): string | null {
    for (const [key, list] of Object.entries(this.placed)) if (list.includes(item)) return key;
    return null;
  }

  /**
   * Sends the new time through the outbox (offline too), then reads the range again; resolves
   * once the newest read is shown (a change the core announces meanwhile starts another).
   */
  async reschedule(item: PlanItem, at: string): Promise<void> {
    try {
      await invoke('variants.schedule', { id: item.variantId, at });
      this.error = null;
      this.announcement = `Moved to ${longDay(dayKey(at, this.zone))}, ${clockTime(at)}.`;
      // Shown at its new time at once, even on a page the range read did not hold it on, so
      // the chip (and its focus) stays while the range is read again.
      const moved = { ...item, at };
      this.items = this.items.some((i) => i.variantId === item.variantId)
        ? this.items.map((i) => (i.variantId === item.variantId ? moved : i))
        : [...this.items, moved];
    } catch (e) {
      this.error = errorMessage(e);
      this.announcement = this.error;
    }
    this.endMove();
    void this.load();
    await this.idle();
  }

  private endMove(): void {
    this.moving = null;
    this.movingItem = null;
  }

  /** Where a chip dropped on `cell` goes (an hour's start, or another day at its time), or null when it does not move. */
  dropTime(item: PlanItem, cell: Cell): string | null {
    if (!item.at || !item.actions.includes('move')) return null;
    const current = this.mode === 'week' ? this.cellOf(item) : dayKey(item.at, this.zone);
    return dropTime(item.at, cell, this.zone, current ?? '');
  }

  /** When a post started from `cell` is planned, or null when its time has passed. */
  plannedTime(cell: Cell): string | null {
    return plannedTime(cell, this.zone, this.now());
  }

  /** An arrow key on an empty place: the open place it moves to (now the one Tab reaches), if any. */
  cellKeyMove(cell: Cell, key: string): string | null {
    const open = this.openCells;
    let next = cellAfterKey(cell, key, this.days);
    // Over places already past (earlier today), on to the first still ahead.
    while (next && !open.has(cellKey(next))) next = cellAfterKey(next, key, this.days);
    if (!next) return null;
    this.activeCell = cellKey(next);
    return this.activeCell;
  }

  /** A key pressed on a chip (see keyboard-move.ts). A confirmed move is rescheduled. */
  key(item: PlanItem, key: { key: string; altKey: boolean }): KeyAnswer {
    const chip = { variantId: item.variantId, at: item.at, canMove: item.actions.includes('move') };
    const outcome = chipKey(this.moving, chip, key, { zone: this.zone, view: this.mode });
    switch (outcome.kind) {
      case 'none':
        return NOT_OURS;
      case 'cancelled': {
        const home = this.movingItem?.at ? dayKey(this.movingItem.at, this.zone) : null;
        this.endMove();
        this.announcement = 'Move cancelled.';
        if (home === null || this.days.includes(home))
          return { handled: true, refocusAfter: Promise.resolve() };
        // Back to the page the chip lives on, once it is read.
        this.anchor = home;
        return { handled: true, refocusAfter: tick().then(() => this.idle()) };
      }
      case 'confirmed':
        // The chip is drawn again once the range is read again.
        return { handled: true, refocusAfter: this.reschedule(item, outcome.at) };
      case 'refused':
        this.announcement = `${stateLabel(item.state, item.stateText)}: its time cannot change.`;
        return { handled: true, refocusAfter: null };
      case 'moved': {
        const { at } = outcome.move;
        if (this.moving?.variantId !== item.variantId) this.movingItem = item;
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
