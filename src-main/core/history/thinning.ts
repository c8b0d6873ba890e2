// How the versions of one text are kept compactly: every version of the last day, one per hour
// (the newest of it) up to a week back, one per day beyond; of those, the newest KEEP_NEWEST.
// The newest version always stays, so a version number is never given out twice.

/** The most versions kept of one text. */
export const KEEP_NEWEST = 200;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

export interface Dated {
  number: number;
  at: string;
}

/** The numbers of the versions to let go, given every version of one text (in any order). */
export function versionsToDrop(versions: readonly Dated[], now: Date): number[] {
  const newestFirst = [...versions].sort((a, b) => b.number - a.number);
  const seen = new Set<string>();
  const drop: number[] = [];
  let kept = 0;
  for (const [i, v] of newestFirst.entries()) {
    const at = Date.parse(v.at);
    const age = now.getTime() - at;
    // One version per hour, or per day, of an age: the first met is that span's newest.
    const span = !(age > DAY_MS)
      ? null
      : age > WEEK_MS
        ? `day ${Math.floor(at / DAY_MS)}`
        : `hour ${Math.floor(at / HOUR_MS)}`;
    const keep = i === 0 || (kept < KEEP_NEWEST && (span === null || !seen.has(span)));
    if (span !== null) seen.add(span);
    if (keep) kept += 1;
    else drop.push(v.number);
  }
  return drop;
}
