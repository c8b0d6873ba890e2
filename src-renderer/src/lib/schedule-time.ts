// The schedule field shows a date and time in the user's zone; the service wants UTC with a
// "Z". The conversions between the two, for any IANA zone, are shared with the core
// (src-preload/zoned-time.ts); this adds what only the window shows.
import { systemZone, utcToZonedInput, zonedInputToUtc } from '@preload/zoned-time';

export { utcToZonedInput, zonedInputToUtc };

/** The zone the window shows times in: the user's. */
export function localZone(): string {
  return systemZone();
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
