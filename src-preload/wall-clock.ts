// Times on a wall clock: the user sees a date and a time in their zone, the service wants UTC
// with a "Z". Pure functions for any IANA zone, shared by the window (the schedule field, the
// calendar) and the core (a bulk reschedule "+1 day" keeps each time of day), so both move a
// time the same way whatever the machine's own zone.

const DAY_MS = 86_400_000;
const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// One formatter per zone: building an Intl.DateTimeFormat costs far more than using one, and a
// bulk reschedule of a thousand variants reads each zone's offset thousands of times.
const FORMATS = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = FORMATS.get(timeZone);
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
    FORMATS.set(timeZone, format);
  }
  return format;
}

/** Offset of `timeZone` from UTC at the instant `utcMs`, in milliseconds. */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const parts = formatIn(timeZone).formatToParts(new Date(utcMs));
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

/** Whether `timeZone` names a zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * `YYYY-MM-DDTHH:mm` (what `<input type="datetime-local">` gives) read as a wall-clock time in
 * `timeZone`, as an ISO 8601 UTC string with "Z". A time that does not exist (skipped by a
 * daylight-saving change) moves forward by the gap, as clocks do. Throws on malformed input.
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
  // The zone's offsets a day before and after cover any single daylight-saving change.
  // Both may give this wall time (an autumn hour that happens twice): take the first.
  // Neither may (a spring hour that is skipped): use the offset from before the change,
  // which moves the time forward by the gap, as clocks do.
  const before = wall - zoneOffsetMs(wall - DAY_MS, timeZone);
  const after = wall - zoneOffsetMs(wall + DAY_MS, timeZone);
  const valid = [before, after].filter((utc) => utc + zoneOffsetMs(utc, timeZone) === wall);
  const utc = valid.length ? Math.min(...valid) : before;
  return new Date(utc).toISOString().replace('.000Z', 'Z');
}

/** An ISO instant as the `YYYY-MM-DDTHH:mm` wall-clock value of `timeZone`. */
export function utcToZonedInput(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`"${iso}" is not a timestamp.`);
  const local = new Date(ms + zoneOffsetMs(ms, timeZone));
  return local.toISOString().slice(0, 16);
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
