// The Queue's accounts: each account of a workspace with its posting slots over the
// coming days, a filled slot showing what goes out then and an empty one nothing, and the
// variants scheduled by hand at other times between them. A scheduled variant whose account
// cannot be told yet (none chosen, no single default) is "unplaced". Built from facts read by
// the caller (views.ts).
import type { AccountQueue, PlanItem, QueueSlot } from '@preload/bridge';
import { slotsBetween } from '../../domain/slots';
import type { PlannedRow } from '../../store/planning-queries';
import type { SocialProfileRow } from '../../store/schema';
import type { StoredSchedule } from '../../store/slots-repository';
import { profileFact, profileHandle, sendingAccountOf } from '../../domain/accounts';

export interface AccountQueueFacts {
  workspace: string;
  profiles: SocialProfileRow[];
  schedules: ReadonlyMap<string, StoredSchedule>;
  signOff: ReadonlySet<string>;
  /** The scheduled variants the queue shows ("next up"), with their rows. */
  next: ReadonlyArray<{ item: PlanItem; row: PlannedRow }>;
  nowMs: number;
  /** The end of the coming days shown. */
  untilMs: number;
}

export function accountQueues(f: AccountQueueFacts): { accounts: AccountQueue[]; unplaced: PlanItem[] } {
  const facts = f.profiles.map(profileFact);
  const byAccount = new Map<string, PlanItem[]>();
  const unplaced: PlanItem[] = [];
  for (const { item, row } of f.next) {
    const account = sendingAccountOf(row, facts);
    if (account === null) unplaced.push(item);
    else byAccount.set(account, [...(byAccount.get(account) ?? []), item]);
  }
  const accounts: AccountQueue[] = [];
  for (const p of f.profiles) {
    const schedule = f.schedules.get(p.id);
    const items = byAccount.get(p.id) ?? [];
    byAccount.delete(p.id);
    // An inactive account is shown only while something of it is planned.
    if (p.is_active !== 1 && items.length === 0 && schedule === undefined) continue;
    const soon = items.filter((i) => Date.parse(i.at ?? '') < f.untilMs);
    accounts.push({
      workspace: f.workspace,
      profileId: p.id,
      platform: p.platform,
      name: p.label,
      handle: profileHandle(p.raw),
      isActive: p.is_active === 1,
      zone: schedule?.zone ?? null,
      slots: schedule?.slots ?? [],
      signOffExpected: f.signOff.has(p.id),
      coming: comingTimes(schedule, soon, f.nowMs, f.untilMs),
      later: items.length - soon.length,
    });
  }
  // Variants of an account the workspace no longer lists: shown without an account.
  for (const items of byAccount.values()) unplaced.push(...items);
  return { accounts: accounts.sort(byPlanned), unplaced };
}

/** Accounts with something coming first, then those with posting times, then the rest (stable). */
function byPlanned(a: AccountQueue, b: AccountQueue): number {
  const rank = (q: AccountQueue): number =>
    q.coming.some((s) => s.item !== null) || q.later > 0 ? 0 : q.slots.length > 0 ? 1 : 2;
  return rank(a) - rank(b);
}

/** The slots of [now, until) and the items before `until`, in time order; an item fills its slot. */
function comingTimes(
  schedule: StoredSchedule | undefined,
  items: readonly PlanItem[],
  nowMs: number,
  untilMs: number,
): QueueSlot[] {
  const slots = schedule === undefined ? [] : slotsBetween(schedule, nowMs, untilMs);
  const open = new Map(slots.map((ms) => [ms, true]));
  const coming: Array<QueueSlot & { ms: number }> = [];
  for (const item of items) {
    const ms = Date.parse(item.at ?? '');
    const isSlot = open.get(ms) === true;
    if (isSlot) open.set(ms, false);
    coming.push({ at: new Date(ms).toISOString(), isSlot, item, ms });
  }
  for (const [ms, empty] of open)
    if (empty) coming.push({ at: new Date(ms).toISOString(), isSlot: true, item: null, ms });
  coming.sort((a, b) => a.ms - b.ms || Number(b.isSlot) - Number(a.isSlot));
  return coming.map(({ ms: _ms, ...slot }) => slot);
}
