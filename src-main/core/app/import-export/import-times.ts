// A row's time as written in a spreadsheet: an ISO 8601 time with its offset (an instant), a
// local date and time read on the clocks of the import's zone, `queue` (the account's next free
// posting slot), or nothing (no time: a draft, or the queue when the account has posting
// times). A local time the clocks skip or show twice is said to be so, never guessed.
import { ROW_PROBLEMS } from '@preload/words/import';
import { zoneOffsetMs } from '@preload/zoned-time';

export type RowTime =
  | { kind: 'empty' }
  | { kind: 'queue' }
  | { kind: 'instant'; at: number }
  | { kind: 'problem'; reason: string };

const DAY_MS = 86_400_000;
const DATE_TIME =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

const pad = (n: number): string => String(n).padStart(2, '0');

const QUARTER_MS = 900_000;
const OFFSETS = new Map<string, number>();

/**
 * A zone's offset, remembered per quarter of an hour: an import reads thousands of times that
 * cluster on a few slots, and each reading through Intl costs far more than a lookup. Exact
 * for every time a plan holds (zones change their offset on a quarter hour).
 */
function offsetAt(utcMs: number, zone: string): number {
  const key = `${zone}|${Math.floor(utcMs / QUARTER_MS)}`;
  let offset = OFFSETS.get(key);
  if (offset === undefined) {
    if (OFFSETS.size > 50_000) OFFSETS.clear();
    offset = zoneOffsetMs(Math.floor(utcMs / QUARTER_MS) * QUARTER_MS, zone);
    OFFSETS.set(key, offset);
  }
  return offset;
}

/** The instants a wall-clock reading of `zone` names: none in a gap, two in an hour shown twice. */
export function instantsOfWall(wall: number, zone: string): number[] {
  const before = offsetAt(wall - DAY_MS, zone);
  const after = offsetAt(wall + DAY_MS, zone);
  // No change of the clocks within a day either side: the one offset names the one instant.
  if (before === after) return [wall - before];
  const valid = [wall - before, wall - after].filter((utc) => utc + offsetAt(utc, zone) === wall);
  return [...new Set(valid)].sort((a, b) => a - b);
}

function offsetMs(offset: string): number {
  if (offset.toUpperCase() === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
}

/** "+02:00" */
function offsetText(ms: number): string {
  const minutes = Math.abs(ms) / 60_000;
  return `${ms < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

export function readRowTime(value: string, zone: string): RowTime {
  const written = value.trim();
  if (written === '') return { kind: 'empty' };
  if (written.toLowerCase() === 'queue') return { kind: 'queue' };
  const match = DATE_TIME.exec(written);
  const problem = { kind: 'problem', reason: ROW_PROBLEMS.unknownTime(written) } as const;
  // A date alone names no time of day: it is not guessed.
  if (!match || match[4] === undefined) return problem;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = match.slice(1, 7).map((n) => Number(n ?? 0));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const date = new Date(wall);
  if (mo > 12 || h > 23 || mi > 59 || s > 59 || date.getUTCDate() !== d || date.getUTCMonth() !== mo - 1)
    return problem;
  const offset = match[7];
  if (offset !== undefined) return { kind: 'instant', at: wall - offsetMs(offset) };
  const shown = `${y}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}`;
  const instants = instantsOfWall(wall, zone);
  if (instants.length === 0) return { kind: 'problem', reason: ROW_PROBLEMS.gap(shown, zone) };
  if (instants.length > 1)
    return {
      kind: 'problem',
      reason: ROW_PROBLEMS.twice(
        shown,
        zone,
        instants.map((at) => offsetText(wall - at)),
      ),
    };
  return { kind: 'instant', at: instants[0]! };
}
