// The schedule field shows a date and time in the user's zone; the service wants UTC with a
// "Z". These pure functions convert between the two for any IANA zone, so they can be tested
// without depending on the machine's own zone.

export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const DAY_MS = 86_400_000;
const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

// One formatter per zone: making one costs far more than using it, and the calendar's week
// converts each of its 168 hours.
const ZONE_FORMATS = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = ZONE_FORMATS.get(timeZone);
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
    ZONE_FORMATS.set(timeZone, format);
  }
  return format;
}

/** Offset of `timeZone` from UTC at the instant `utcMs`, in milliseconds. */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const parts = zoneFormat(timeZone).formatToParts(new Date(utcMs));
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

export interface ScheduleCheck {
  utc: string | null;
  past: boolean;
  error: string | null;
}

/** Everything the schedule field shows about what the user typed. */
export function checkSchedule(value: string, timeZone: string, now: Date): ScheduleCheck {
  if (!value) return { utc: null, past: false, error: null };
  try {
    const utc = zonedInputToUtc(value, timeZone);
    return { utc, past: Date.parse(utc) <= now.getTime(), error: null };
  } catch (error) {
    return { utc: null, past: false, error: (error as Error).message };
  }
}

/** "2026-11-22 14:05 UTC": how the send time is shown next to the local field. */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** A timestamp in the user's zone and locale, for lists and badges. */
export function formatLocal(iso: string, timeZone?: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(ms);
}
