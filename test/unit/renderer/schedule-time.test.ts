import { describe, expect, it } from 'vitest';
import {
  checkSchedule,
  formatUtc,
  utcToZonedInput,
  zonedInputToUtc,
} from '../../../src-renderer/src/lib/schedule-time';

describe('schedule time: the user zone to UTC', () => {
  it.each([
    ['2026-07-01T09:30', 'UTC', '2026-07-01T09:30:00Z'],
    ['2026-07-01T09:30', 'Europe/Paris', '2026-07-01T07:30:00Z'], // summer, UTC+2
    ['2026-01-15T09:30', 'Europe/Paris', '2026-01-15T08:30:00Z'], // winter, UTC+1
    ['2026-07-01T09:30', 'America/New_York', '2026-07-01T13:30:00Z'], // EDT, UTC-4
    ['2026-12-01T09:30', 'America/New_York', '2026-12-01T14:30:00Z'], // EST, UTC-5
    ['2026-03-01T00:15', 'Asia/Kolkata', '2026-02-28T18:45:00Z'], // +5:30, crosses a day
    ['2026-12-31T23:00', 'Pacific/Auckland', '2026-12-31T10:00:00Z'], // NZDT, UTC+13
    ['2026-12-31T20:00', 'America/Los_Angeles', '2027-01-01T04:00:00Z'], // crosses a year
  ])('%s in %s sends at %s', (local, zone, utc) => {
    expect(zonedInputToUtc(local, zone)).toBe(utc);
    expect(utcToZonedInput(utc, zone)).toBe(local);
  });

  it('moves a wall time skipped by daylight saving forward, as clocks do', () => {
    // New York skipped 02:00-03:00 on 2026-03-08; 02:30 does not exist there.
    const utc = zonedInputToUtc('2026-03-08T02:30', 'America/New_York');
    expect(utc).toBe('2026-03-08T07:30:00Z');
    expect(utcToZonedInput(utc, 'America/New_York')).toBe('2026-03-08T03:30');
  });

  it('reads an ambiguous autumn wall time one way, consistently', () => {
    // 01:30 happens twice in New York on 2026-11-01; either reading is an hour apart.
    const utc = zonedInputToUtc('2026-11-01T01:30', 'America/New_York');
    expect(['2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z']).toContain(utc);
    expect(utcToZonedInput(utc, 'America/New_York')).toBe('2026-11-01T01:30');
  });

  it.each(['', 'tomorrow', '2026-02-30T10:00', '2026-13-01T10:00', '2026-01-01T24:00', '2026-01-01 10:00'])(
    'refuses %j with a clear message',
    (value) => {
      expect(() => zonedInputToUtc(value, 'UTC')).toThrow(/date/);
    },
  );

  it('says when the time is in the past, and what UTC it sends', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(checkSchedule('2026-06-01T13:59', 'Europe/Paris', now)).toEqual({
      utc: '2026-06-01T11:59:00Z',
      past: true,
      error: null,
    });
    expect(checkSchedule('2026-06-01T14:01', 'Europe/Paris', now)).toEqual({
      utc: '2026-06-01T12:01:00Z',
      past: false,
      error: null,
    });
    expect(checkSchedule('', 'UTC', now)).toEqual({ utc: null, past: false, error: null });
    expect(checkSchedule('soon', 'UTC', now).error).toMatch(/not a date/);
  });

  it('formats the UTC send time', () => {
    expect(formatUtc('2026-11-22T14:05:00Z')).toBe('2026-11-22 14:05 UTC');
  });
});
