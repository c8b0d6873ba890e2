// Many posts or variants at once, and reuse. Each item is checked against its own actions; the
// local change is one transaction, each item's change one outbox op, and the whole command one
// undo entry.
import type { LocalId, VariantView } from './items';

/** What a command over many items did: each item either changed or was refused with a reason. */
export interface BulkReport {
  done: number;
  refused: Array<{ id: LocalId; reason: string }>;
}

/**
 * How a bulk reschedule moves each time: `by` days (the same time of day, on the user's wall
 * clock) and minutes (time that passes), or onto `toDay` (`YYYY-MM-DD`), keeping each time of day.
 */
export type TimeShift = { by: { days: number; minutes: number } } | { toDay: string };

/** Many at once, and reuse. */
export interface BulkCommands {
  /** Every variant's time moved by `shift`, on the wall clock of `zone` (the window's IANA zone). */
  'variants.reschedule': { payload: { ids: LocalId[]; shift: TimeShift; zone: string }; result: BulkReport };
  'variants.unscheduleMany': { payload: { ids: LocalId[] }; result: BulkReport };
  /** Only variants that never reached the service; their ops are withdrawn. Undo restores both. */
  'variants.delete': { payload: { ids: LocalId[] }; result: BulkReport };
  /** Another variant's text of the same post, into this one, as an edit. */
  'variants.copyText': { payload: { id: LocalId; fromId: LocalId }; result: VariantView };
  /** Copies: title with " (copy)", every variant's text, platform and account, unscheduled. */
  'posts.duplicate': {
    payload: { ids: LocalId[] };
    result: BulkReport & { created: Array<{ from: LocalId; id: LocalId }> };
  };
  /** Only posts that never reached the service (the service offers no deletion). */
  'posts.delete': { payload: { ids: LocalId[] }; result: BulkReport };
  /** Only posts that never reached the service; `null` is the local space. */
  'posts.move': { payload: { ids: LocalId[]; workspace: string | null }; result: BulkReport };
  /** "Hide here": a local, reversible archive; the service keeps the post. */
  'posts.hide': { payload: { ids: LocalId[] }; result: BulkReport };
  'posts.show': { payload: { ids: LocalId[] }; result: BulkReport };
}

/** The names of these commands (a host checks a name against every feature\'s). */
export const BULK_COMMANDS: Record<keyof BulkCommands, true> = {
  'variants.reschedule': true,
  'variants.unscheduleMany': true,
  'variants.delete': true,
  'variants.copyText': true,
  'posts.duplicate': true,
  'posts.delete': true,
  'posts.move': true,
  'posts.hide': true,
  'posts.show': true,
};
