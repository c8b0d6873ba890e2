// planning.calendar: what the calendar shows of a range. A month of a large library holds
// thousands of variants and a day of it shows four, so the range's places are read first (ids
// and times, through the index on the planned time), each span (a day of the user's) keeps its
// count and its first few, and only those are read whole and given their state and actions.
import type { Kysely } from 'kysely';
import type { CalendarView, CommandPayload } from '@preload/bridge';
import { lastAtOrBefore } from '@preload/last-at-or-before';
import { listPlacedInRange, listPlannedByIds, type PlacedRow } from '../../store/planning-queries';
import type { Database } from '../../store/schema';
import { itemsOf } from './views';

/** Each span's count and the ids of its first `limit` rows, in time order. */
export interface SpanCut {
  ids: string[];
  counts: number[];
}

/**
 * Cuts `rows` (earliest first) into the spans that begin at `starts` (ascending; the last runs to
 * the end of the range): how many rows each span holds and which come first in it.
 */
export function firstOfEachSpan(
  rows: readonly PlacedRow[],
  starts: readonly string[],
  limit: number,
): SpanCut {
  const bounds = starts.map((s) => Date.parse(s));
  const counts = bounds.map(() => 0);
  const ids: string[] = [];
  for (const row of rows) {
    const span = lastAtOrBefore(bounds, Date.parse(row.plan_at));
    if (span < 0) continue;
    if (counts[span]! < limit) ids.push(row.id);
    counts[span]!++;
  }
  return { ids, counts };
}

export async function calendarView(
  db: Kysely<Database>,
  p: CommandPayload<'planning.calendar'>,
): Promise<CalendarView> {
  const range = { from: new Date(p.from).toISOString(), to: new Date(p.to).toISOString() };
  const placed = await listPlacedInRange(db, p.workspace, range, {
    accounts: p.accounts,
    platforms: p.platforms,
  });
  const { ids, counts } = p.spans
    ? firstOfEachSpan(placed, p.spans.starts, p.spans.limit)
    : { ids: placed.map((r) => r.id), counts: [placed.length] };
  return { items: await itemsOf(db, await listPlannedByIds(db, ids)), counts };
}
