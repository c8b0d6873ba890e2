// The bulk reschedule's shift: what the user types, and what it does to each time on the wall
// clock of their zone (src-preload/time-shift.ts, shared by the window and the core).
import { describe, expect, it } from 'vitest';
import { applyShift, parseTimeShift, shiftProblem } from '@preload/time-shift';

describe('parseTimeShift', () => {
  it.each([
    ['+1 day', { days: 1, minutes: 0 }],
    ['-2 h', { days: 0, minutes: -120 }],
    ['+3 days', { days: 3, minutes: 0 }],
    ['1d', { days: 1, minutes: 0 }],
    ['+1 week 3 h', { days: 7, minutes: 180 }],
    ['- 1 wk, 30 min', { days: -7, minutes: -30 }],
    ['+90 minutes', { days: 0, minutes: 90 }],
    ['  +2 HOURS ', { days: 0, minutes: 120 }],
    ['+1 hour 1 hour', { days: 0, minutes: 120 }],
  ])('%s', (text, by) => {
    expect(parseTimeShift(text)).toEqual({ ok: true, shift: { by } });
  });

  it.each(['', '+', 'tomorrow', '+1', '+1 fortnight', '+0 days', '1 day later', '+-1 day', '+1.5 h'])(
    'refuses %j with an example of what works',
    (text) => {
      expect(parseTimeShift(text)).toEqual({
        ok: false,
        message: 'Say how far to move them, for example +1 day, -2 h or +1 week 3 h.',
      });
    },
  );

  it('refuses more than ten years', () => {
    expect(parseTimeShift('+600 weeks')).toEqual({
      ok: false,
      message: 'That is more than ten years: move them by less.',
    });
  });
});

describe('shiftProblem: what the core refuses', () => {
  it.each([
    [{ by: { days: 0, minutes: 0 } }, 'A shift of nothing moves nothing.'],
    [{ by: { days: 4000, minutes: 0 } }, 'A shift is at most ten years.'],
    [{ by: { days: 0.5, minutes: 0 } }, 'A shift is whole days and minutes.'],
    [{ toDay: '2030-02-30' }, '"2030-02-30" is not a day (YYYY-MM-DD).'],
    [{ toDay: 'Tuesday' }, '"Tuesday" is not a day (YYYY-MM-DD).'],
    [{ toDay: '2030-02-28' }, null],
    [{ by: { days: -1, minutes: 30 } }, null],
  ])('%o -> %s', (shift, problem) => {
    expect(shiftProblem(shift)).toBe(problem);
  });
});

describe('applyShift', () => {
  it('moves days on the wall clock: the time of day stays across a daylight-saving change', () => {
    // Paris moves to summer time on 2030-03-31: 09:00 stays 09:00 (07:00Z, was 08:00Z).
    expect(applyShift('2030-03-30T08:00:00.000Z', { by: { days: 1, minutes: 0 } }, 'Europe/Paris')).toBe(
      '2030-03-31T07:00:00.000Z',
    );
  });

  it('moves hours and minutes as time that passes', () => {
    expect(applyShift('2030-03-31T00:30:00.000Z', { by: { days: 0, minutes: -120 } }, 'Europe/Paris')).toBe(
      '2030-03-30T22:30:00.000Z',
    );
    expect(applyShift('2030-01-01T09:00:00.000Z', { by: { days: -7, minutes: 30 } }, 'UTC')).toBe(
      '2029-12-25T09:30:00.000Z',
    );
  });

  it('moves onto a day, keeping the time of day in the zone', () => {
    // 23:30 in New York is 04:30Z the next day: the day is New York's.
    expect(applyShift('2030-06-02T03:30:00.000Z', { toDay: '2030-06-10' }, 'America/New_York')).toBe(
      '2030-06-11T03:30:00.000Z',
    );
  });
});
