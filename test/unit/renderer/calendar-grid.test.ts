// The calendar's places, one rule a row: a chip's hour in the week, where the week opens, when a
// post started from an empty place is planned, where a dropped chip goes, and where the arrows
// take the focus among the empty places. Europe/Berlin.
import { describe, expect, it } from 'vitest';
import { visibleDays } from '../../../src-renderer/src/lib/calendar-days';
import {
  cellAfterKey,
  cellKey,
  dropTime,
  hourBounds,
  hourCounts,
  hourSpans,
  openingHour,
  placeByHour,
  plannedTime,
} from '../../../src-renderer/src/features/calendar/calendar-grid';

const ZONE = 'Europe/Berlin';
const at = (iso: string) => ({ at: iso });

describe('the week’s hour grid', () => {
  // Monday 4 to Sunday 10 March 2030 (UTC+1).
  const week = visibleDays('2030-03-06', 'week');
  const bounds = hourBounds(week, ZONE);

  it('has 24 rows a day, each starting at its hour in the user’s zone', () => {
    expect(bounds).toHaveLength(7 * 24);
    expect(new Date(bounds[0]!).toISOString()).toBe('2030-03-03T23:00:00.000Z');
    expect(new Date(bounds[2 * 24 + 14]!).toISOString()).toBe('2030-03-06T13:00:00.000Z');
  });

  it('places each chip in its hour, minutes and all, and leaves out what is outside the week', () => {
    const items = [
      at('2030-03-06T13:00:00Z'),
      at('2030-03-06T13:59:59Z'),
      at('2030-03-06T14:00:00Z'),
      at('2030-03-03T22:59:00Z'),
      at('2030-03-10T22:59:00Z'),
      { at: null },
    ];
    const placed = placeByHour(items, week, bounds);
    expect(placed).toEqual({
      '2030-03-06T14': [items[0], items[1]],
      '2030-03-06T15': [items[2]],
      '2030-03-10T23': [items[4]],
    });
  });

  it('keeps the hours of a daylight-saving change: a skipped hour holds nothing, a repeated one both', () => {
    // Sunday 31 March 2030: 02:00 becomes 03:00. Sunday 27 October 2030: 03:00 goes back to 02:00.
    const spring = visibleDays('2030-03-31', 'week');
    const springPlaced = placeByHour([at('2030-03-31T01:30:00Z')], spring, hourBounds(spring, ZONE));
    expect(Object.keys(springPlaced)).toEqual(['2030-03-31T03']);
    const autumn = visibleDays('2030-10-27', 'week');
    const twice = [at('2030-10-27T00:30:00Z'), at('2030-10-27T01:30:00Z')];
    expect(placeByHour(twice, autumn, hourBounds(autumn, ZONE))).toEqual({ '2030-10-27T02': twice });
  });

  it('asks for each hour once, a skipped hour holding nothing and its span counted to the next', () => {
    expect(hourSpans(bounds)).toHaveLength(7 * 24);
    const spring = visibleDays('2030-03-31', 'week');
    const springBounds = hourBounds(spring, ZONE);
    const spans = hourSpans(springBounds);
    // Sunday 31 March has 23 hours.
    expect(spans).toHaveLength(7 * 24 - 1);
    const counts = spans.map((start) => (start === '2030-03-31T01:00:00.000Z' ? 3 : 0));
    const byCell = hourCounts(spring, springBounds, counts);
    expect([byCell['2030-03-31T02'], byCell['2030-03-31T03'], byCell['2030-03-31T04']]).toEqual([0, 3, 0]);
  });

  it('opens at the working day, or at the first hour with something planned when earlier', () => {
    expect(openingHour([])).toBe(8);
    expect(openingHour(['2030-03-06T14', '2030-03-07T10'])).toBe(8);
    expect(openingHour(['2030-03-06T14', '2030-03-07T06'])).toBe(6);
  });
});

describe('an empty place', () => {
  // Wednesday 6 March 2030, 13:30 in Berlin.
  const now = Date.parse('2030-03-06T12:30:00Z');

  it('starts a post at its hour, while that hour is ahead', () => {
    expect(plannedTime({ day: '2030-03-06', hour: 14 }, ZONE, now)).toBe('2030-03-06T13:00:00Z');
    expect(plannedTime({ day: '2030-03-06', hour: 13 }, ZONE, now)).toBeNull();
    expect(plannedTime({ day: '2030-03-05', hour: 20 }, ZONE, now)).toBeNull();
  });

  it('starts a post on a day at 09:00, today at the next whole hour, never on a day gone', () => {
    expect(plannedTime({ day: '2030-03-07', hour: null }, ZONE, now)).toBe('2030-03-07T08:00:00Z');
    expect(plannedTime({ day: '2030-03-06', hour: null }, ZONE, now)).toBe('2030-03-06T13:00:00Z');
    expect(plannedTime({ day: '2030-03-05', hour: null }, ZONE, now)).toBeNull();
    const lateEvening = Date.parse('2030-03-06T22:10:00Z');
    expect(plannedTime({ day: '2030-03-06', hour: null }, ZONE, lateEvening)).toBeNull();
  });

  it('takes the arrows: an hour up and down and a day aside in the week, a week up and down in the month', () => {
    const week = visibleDays('2030-03-06', 'week');
    const month = visibleDays('2030-03-06', 'month');
    const hour = { day: '2030-03-06', hour: 14 };
    expect(cellAfterKey(hour, 'ArrowUp', week)).toEqual({ day: '2030-03-06', hour: 13 });
    expect(cellAfterKey(hour, 'ArrowDown', week)).toEqual({ day: '2030-03-06', hour: 15 });
    expect(cellAfterKey(hour, 'ArrowRight', week)).toEqual({ day: '2030-03-07', hour: 14 });
    expect(cellAfterKey({ day: '2030-03-10', hour: 14 }, 'ArrowRight', week)).toBeNull();
    expect(cellAfterKey({ day: '2030-03-06', hour: 23 }, 'ArrowDown', week)).toBeNull();
    expect(cellAfterKey(hour, 'Enter', week)).toBeNull();
    const day = { day: '2030-03-06', hour: null };
    expect(cellAfterKey(day, 'ArrowDown', month)).toEqual({ day: '2030-03-13', hour: null });
    expect(cellAfterKey(day, 'ArrowLeft', month)).toEqual({ day: '2030-03-05', hour: null });
    expect(cellAfterKey({ day: '2030-03-31', hour: null }, 'ArrowDown', month)).toBeNull();
    expect([cellKey(hour), cellKey(day)]).toEqual(['2030-03-06T14', '2030-03-06']);
  });
});

describe('a dropped chip', () => {
  const chip = '2030-03-06T09:15:00Z';

  it('takes the hour it is dropped on, on the hour', () => {
    expect(dropTime(chip, { day: '2030-03-07', hour: 14 }, ZONE, '2030-03-06T10')).toBe(
      '2030-03-07T13:00:00Z',
    );
    expect(dropTime(chip, { day: '2030-03-06', hour: 10 }, ZONE, '2030-03-06T10')).toBeNull();
  });

  it('keeps its time of day on another day of the month, across a clock change', () => {
    expect(Date.parse(dropTime(chip, { day: '2030-04-02', hour: null }, ZONE, '2030-03-06')!)).toBe(
      Date.parse('2030-04-02T08:15:00Z'),
    );
    expect(dropTime(chip, { day: '2030-03-06', hour: null }, ZONE, '2030-03-06')).toBeNull();
  });
});
