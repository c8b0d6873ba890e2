// Wall-clock times in an IANA zone and the instants they name, for any zone rather than only
// the machine's: the window's schedule field and calendar (in the user's zone) and an account's
// posting times (in the account's own zone, in the core), and a bulk reschedule ("+1 day" keeps
// each time of day) read and write times through these.
// A "wall" value is a wall-clock reading written as if it were UTC milliseconds, so its date
// and weekday come from the getUTC* methods whatever zone the process runs in.

const DAY_MS = 86_400_000;
const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Building an Intl.DateTimeFormat costs far more than using one: one per zone.
const OFFSET_FORMATS = new Map<string, Intl.DateTimeFormat>();

function offsetFormat(timeZone: string): Intl.DateTimeFormat {
  let format = OFFSET_FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    OFFSET_FORMATS.set(timeZone, format);
  }
  return format;
}

/** The zone the machine (or the window's browser) runs in. */
export function systemZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The zone's name when this runtime knows it as an IANA zone, else null. Its case is put right
 * ("europe/berlin" gives "Europe/Berlin"); another name of the same zone stays as written
 * (ICU would answer "Asia/Calcutta" for "Asia/Kolkata").
 */
export function knownZone(zone: string): string | null {
  const name = zone.trim();
  if (name === '' || name.length > 100) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return null;
  }
}

/** Whether `timeZone` names a zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  return knownZone(timeZone) !== null;
}

/** Offset of `timeZone` from UTC at the instant `utcMs`, in milliseconds. */
export function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const parts = offsetFormat(timeZone).formatToParts(new Date(utcMs));
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? '0');
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** The wall-clock reading of `timeZone` at the instant `utcMs` (see the header). */
export function wallOf(utcMs: number, timeZone: string): number {
  return utcMs + zoneOffsetMs(utcMs, timeZone);
}

/**
 * The instant a wall-clock reading of `timeZone` names. A reading an autumn change has twice
 * is its first occurrence; one a spring change skips moves forward by the gap, as clocks do.
 */
export function instantOfWall(wall: number, timeZone: string): number {
  // The zone's offsets a day before and after cover any single daylight-saving change.
  // Both may give this wall time (an autumn hour that happens twice): take the first.
  // Neither may (a spring hour that is skipped): use the offset from before the change,
  // which moves the time forward by the gap.
  const before = wall - zoneOffsetMs(wall - DAY_MS, timeZone);
  const after = wall - zoneOffsetMs(wall + DAY_MS, timeZone);
  const valid = [before, after].filter((utc) => utc + zoneOffsetMs(utc, timeZone) === wall);
  return valid.length ? Math.min(...valid) : before;
}

/**
 * `YYYY-MM-DDTHH:mm` (what `<input type="datetime-local">` gives) read as a wall-clock time in
 * `timeZone`, as an ISO 8601 UTC string with "Z" (see instantOfWall for the daylight-saving
 * rules). Throws on malformed input.
 */
export function zonedInputToUtc(value: string, timeZone: string): string {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) throw new Error(`"${value}" is not a date and time (expected YYYY-MM-DDTHH:mm).`);
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) {
    throw new Error(`"${value}" is not a valid date and time.`);
  }
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (new Date(wall).getUTCDate() !== d) throw new Error(`"${value}" is not a valid date.`);
  return new Date(instantOfWall(wall, timeZone)).toISOString().replace('.000Z', 'Z');
}

/** An ISO instant as the `YYYY-MM-DDTHH:mm` wall-clock value of `timeZone`. */
export function utcToZonedInput(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`"${iso}" is not a timestamp.`);
  return new Date(wallOf(ms, timeZone)).toISOString().slice(0, 16);
}

/** Whether `day` is a real calendar day written `YYYY-MM-DD`. */
export function isDay(day: string): boolean {
  const match = DAY.exec(day);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The instant `days` days and `hours` hours of wall-clock time after `iso`, in `zone`. */
export function shiftTime(iso: string, zone: string, days: number, hours: number): string {
  const local = utcToZonedInput(iso, zone);
  const [y, m, d] = local.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [h, mi] = local.slice(11, 16).split(':').map(Number) as [number, number];
  const moved = new Date(Date.UTC(y, m - 1, d + days, h + hours, mi)).toISOString().slice(0, 16);
  return zonedInputToUtc(moved, zone);
}

/** `iso` moved to `day`, keeping its wall-clock time in `zone` (a drop on another day). */
export function onDay(iso: string, zone: string, day: string): string {
  return zonedInputToUtc(`${day}${utcToZonedInput(iso, zone).slice(10, 16)}`, zone);
}
