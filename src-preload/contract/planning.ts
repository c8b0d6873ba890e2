// What goes out when: the calendar, the queue, each account's posting times, Add to queue.
import type { BulkReport } from './bulk';
import type { ItemState, LocalId, VariantAction, VariantView } from './items';

/** One variant on the calendar or in the queue. */
export interface PlanItem {
  variantId: LocalId;
  postId: LocalId;
  postTitle: string;
  platform: string;
  /** The account's name: the one chosen, or the one the service picked as default; null when not known. */
  accountName: string | null;
  /** That account's profile id, for the calendar's filter; null when not known. */
  accountId: string | null;
  /** Where it is placed: its publication time once published, else its scheduled time; null if neither. */
  at: string | null;
  state: ItemState;
  stateText: string;
  /** The first line of its text. */
  firstLine: string;
  url: string | null;
  /** What the user can do with it now (the variant's own actions): `move` when its time may change. */
  actions: VariantAction[];
}

/** What the calendar shows of a range (`planning.calendar`). */
export interface CalendarView {
  /** In time order: every item of the range, or each span's first ones (see the payload's `spans`). */
  items: PlanItem[];
  /** How many items each span holds, shown or not ("+12 more"); one count without `spans`. */
  counts: number[];
}

export interface QueueView {
  /** Scheduled, soonest first. */
  nextUp: PlanItem[];
  waitingForSignOff: PlanItem[];
  /** Newest first. */
  published: PlanItem[];
  /** Failed, in conflict, or a publish of unknown outcome. */
  needsAttention: PlanItem[];
  /** Each account of the workspace with its posting slots, filled and empty, for the coming days. */
  accounts: AccountQueue[];
  /** Scheduled variants whose account is not known yet (none chosen, no single default). */
  unplaced: PlanItem[];
}

/** ISO weekday: Monday 1 ... Sunday 7. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** One weekly posting time of an account: a day and a 24-hour "HH:MM", in the account's zone. */
export interface PostingSlot {
  weekday: Weekday;
  time: string;
}

/** An account's posting times (kept in Outpost only: the service has no such thing). */
export interface PostingSchedule {
  workspace: string;
  profileId: string;
  /** The IANA zone its times are in; null until set (the user's zone applies). */
  zone: string | null;
  /** Sorted by day, then time; empty when it has none. */
  slots: PostingSlot[];
}

/** One time of an account's queue: a posting slot (filled or empty), or a time set by hand. */
export interface QueueSlot {
  at: string;
  /** One of the account's posting times; false for a variant scheduled at another time. */
  isSlot: boolean;
  /** What goes out then; null: an empty slot. */
  item: PlanItem | null;
}

/** One account's coming slots in the Queue, in its own zone. */
export interface AccountQueue {
  workspace: string;
  profileId: string;
  platform: string;
  /** The account's name, when the service gave one. */
  name: string | null;
  handle: string | null;
  isActive: boolean;
  /** The zone of its posting times; null when none are set (times show in the user's zone). */
  zone: string | null;
  slots: PostingSlot[];
  /** It answered a publish with "waiting for sign-off": what goes out from it waits for approvers. */
  signOffExpected: boolean;
  /** Its slots and scheduled variants in the coming days, in time order. */
  coming: QueueSlot[];
  /** How many of its variants are scheduled after those days. */
  later: number;
}

/** planning.*: the calendar, the queue and posting times. */
export interface PlanningCommands {
  /** Variants placed in [from, to) (ISO timestamps), for the calendar. */
  'planning.calendar': {
    payload: {
      workspace: string | null;
      from: string;
      to: string;
      /** Only the variants of these accounts (profile ids), of these platforms; omitted: all. */
      accounts?: string[];
      platforms?: string[];
      /**
       * Cuts [from, to) at these instants (ascending, the first at `from`: the user's days), and
       * answers each span's first `limit` items with its count. Omitted: every item, one count.
       */
      spans?: { starts: string[]; limit: number };
    };
    result: CalendarView;
  };
  /** `days`: how many days of each account's slots to show (default 7). */
  'planning.queue': { payload: { workspace: string | null; days?: number }; result: QueueView };
  /** An account's posting times. */
  'planning.slots': { payload: { workspace: string; profileId: string }; result: PostingSchedule };
  'planning.setSlots': {
    payload: { workspace: string; profileId: string; zone: string; slots: PostingSlot[] };
    result: PostingSchedule;
  };
  /**
   * Schedules each variant at its account's next free slot (one taken by no scheduled variant of
   * that account, those queued in the same call included), through the outbox, offline too: one
   * undo entry for the whole call. Refused ones say why.
   */
  'planning.addToQueue': {
    payload: { variantIds: LocalId[] };
    result: BulkReport & {
      scheduled: Array<{ variantId: LocalId; scheduledAt: string; signOffExpected: boolean }>;
    };
  };
  /**
   * Schedules each variant at the same time (a post's "Schedule all"), each checked as its own
   * schedule is and refused with its reason while the others go: one undo entry for the call.
   */
  'planning.scheduleMany': { payload: { variantIds: LocalId[]; at: string }; result: BulkReport };
  /** Swaps the times of two scheduled variants (moving one up or down its queue): one undo entry. */
  'planning.swapTimes': { payload: { variantIds: [LocalId, LocalId] }; result: VariantView[] };
  /** Draft variants that would go out from this account and have no time yet, newest first. */
  'planning.drafts': { payload: { workspace: string; profileId: string }; result: PlanItem[] };
}

/** The names of these commands (a host checks a name against every feature\'s). */
export const PLANNING_COMMANDS: Record<keyof PlanningCommands, true> = {
  'planning.calendar': true,
  'planning.queue': true,
  'planning.slots': true,
  'planning.setSlots': true,
  'planning.addToQueue': true,
  'planning.scheduleMany': true,
  'planning.swapTimes': true,
  'planning.drafts': true,
};
