// How the versions of one text are kept compactly: every version of the last day, one per hour
// (the newest of it) up to a week back, one per day beyond; of those, the newest KEEP_NEWEST.
// The newest version always stays, so a version number is never given out twice.
// Versions are also bounded in bytes, per text and all texts together: a long text that changes
// at each read would otherwise add its whole length each sync. Over a bound, the oldest go first;
// the newest of each text, and a version that holds the text or the base an item has now, stay.

/** The most versions kept of one text. */
export const KEEP_NEWEST = 200;

const MIB = 1024 * 1024;

/** The bytes (UTF-8) the versions may take: of one text, and of every text together. */
export interface ByteBounds {
  perText: number;
  total: number;
}

export const BYTE_BOUNDS: ByteBounds = { perText: 4 * MIB, total: 64 * MIB };

/**
 * Once over the total, the versions are thinned to this share of it, so the versions kept right
 * after do not each thin the whole history again.
 */
export const TOTAL_THINNED_TO = 7 / 8;

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

/** A kept version as the byte bound weighs it. */
export interface Sized extends Dated {
  /** Whose text it is (a variant, or a post's title): versions of one text share it. */
  text: string;
  bytes: number;
  /** It holds the text an item has now, or the service's text a pending change or merge starts from. */
  heldNow: boolean;
}

/** Oldest first: by time (one that cannot be read counts as oldest), then by number. */
function oldestFirst(a: Sized, b: Sized): number {
  const at = (v: Sized) => {
    const ms = Date.parse(v.at);
    return Number.isNaN(ms) ? -Infinity : ms;
  };
  return at(a) - at(b) || a.number - b.number;
}

/**
 * The versions to let go, oldest first, until the rest take at most `budget` bytes. The newest
 * of each text and those held now always stay, even when they alone are over the budget.
 */
export function beyondBytes<V extends Sized>(versions: readonly V[], budget: number): V[] {
  const newest = new Map<string, number>();
  let bytes = 0;
  for (const v of versions) {
    newest.set(v.text, Math.max(newest.get(v.text) ?? -Infinity, v.number));
    bytes += v.bytes;
  }
  const drop: V[] = [];
  const candidates = versions.filter((v) => !v.heldNow && newest.get(v.text) !== v.number);
  for (const v of candidates.sort(oldestFirst)) {
    if (bytes <= budget) break;
    drop.push(v);
    bytes -= v.bytes;
  }
  return drop;
}
