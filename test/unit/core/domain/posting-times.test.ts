// The words `outpost slots --set` takes for an account's posting times, and how they are shown.
import { describe, expect, it } from 'vitest';
import type { PostingSlot, Weekday } from '@preload/bridge';
import { formatPostingTimes, parsePostingTimes, slotGroups, slotsOfGroups } from '@preload/posting-times';

const slots = (days: Weekday[], times: string[]): PostingSlot[] =>
  days.flatMap((weekday) => times.map((time) => ({ weekday, time })));

function parsed(text: string): PostingSlot[] {
  const result = parsePostingTimes(text);
  if (!result.ok) throw new Error(result.message);
  return result.slots;
}

describe('posting times as words', () => {
  it.each([
    ['Mon-Fri 09:00 12:30', slots([1, 2, 3, 4, 5], ['09:00', '12:30'])],
    ['Sat,Sun 10:00', slots([6, 7], ['10:00'])],
    ['Mon,Wed-Fri 8:15', slots([1, 3, 4, 5], ['08:15'])],
    ['mon, wed - fri 08:15', slots([1, 3, 4, 5], ['08:15'])],
    ['Monday 07:00', slots([1], ['07:00'])],
    ['Fri-Mon 23:59', slots([1, 5, 6, 7], ['23:59'])],
    ['Sun 00:00 12:00; Sat 10:00', [...slots([6], ['10:00']), ...slots([7], ['00:00', '12:00'])]],
    ['Mon 12:30 09:00 09:00; Mon 09:00', slots([1], ['09:00', '12:30'])],
    ['none', []],
    ['  NONE ', []],
  ])('"%s"', (text, expected) => {
    expect(parsed(text)).toEqual(expected);
  });

  it.each([
    ['', /Give days and 24-hour times/],
    ['Mon-Fry 09:00', /"Fry" is not a day: use Mon, Tue/],
    ['Funday 09:00', /"Funday" is not a day/],
    ['Mon-Fri', /"Mon-Fri" has no times/],
    ['09:00 Mon', /starts with a time: start with the days/],
    ['Mon-Fri 25:00', /"25:00" is not a 24-hour time/],
    ['Mon-Fri 9am', /"9am" is not a 24-hour time/],
    ['Mon-Fri 09:60', /"09:60" is not a 24-hour time/],
    ['Mon--Fri 09:00', /"Mon--Fri" is not a list of days/],
    ['Mon,,Fri 09:00', /is not a list of days/],
    ['Mon 09:00;;Tue 10:00', /An empty group/],
  ])('refuses "%s" with a clear reason', (text, reason) => {
    const result = parsePostingTimes(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(reason);
  });

  it.each([
    [slots([1, 2, 3, 4, 5], ['09:00', '12:30']), 'Mon-Fri 09:00 12:30'],
    [slots([6, 7], ['10:00']), 'Sat,Sun 10:00'],
    [[...slots([1, 2, 3, 4, 5], ['09:00']), ...slots([6], ['11:00'])], 'Mon-Fri 09:00; Sat 11:00'],
    [slots([1, 3, 4, 5], ['08:15']), 'Mon,Wed-Fri 08:15'],
    [slots([1, 2, 4], ['08:15']), 'Mon,Tue,Thu 08:15'],
    [[], 'none'],
  ])('shows %j as "%s", which reads back the same', (given, words) => {
    expect(formatPostingTimes(given)).toBe(words);
    expect(parsed(words)).toEqual(given);
  });
});

describe('posting times as groups of days (how the window edits them)', () => {
  it('groups days that share their times, and gives the same slots back', () => {
    const given = parsed('Mon-Fri 09:00 12:30; Sat 10:00; Sun 09:00 12:30');
    const groups = slotGroups(given);
    expect(groups).toEqual([
      { days: [1, 2, 3, 4, 5, 7], times: ['09:00', '12:30'] },
      { days: [6], times: ['10:00'] },
    ]);
    expect(slotsOfGroups(groups)).toEqual(given);
    expect(
      slotsOfGroups([
        { days: [2], times: ['09:00'] },
        { days: [2], times: ['09:00', '08:00'] },
      ]),
    ).toEqual(slots([2], ['08:00', '09:00']));
  });
});

describe('a line pasted by mistake, a megabyte long', () => {
  // Not timed here (the bench times it: test/bench/posting-times.ts); a parser that retries at
  // every space of such a line would not finish at all.
  const MB = 1024 * 1024;

  it('a long run of spaces between the days and the time still reads', () => {
    expect(parsePostingTimes(`Mon${' '.repeat(MB)}09:00`)).toEqual({
      ok: true,
      slots: [{ weekday: 1, time: '09:00' }],
    });
  });

  it('a long run of commas and spaces is refused, the message quoting only its start', () => {
    const parsed = parsePostingTimes(`Mon${' , '.repeat(MB / 3)}09:00`);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message.length).toBeLessThan(300);
  });

  it('the 120,000 spaces that once took 19.5 s read as the one slot they hold', () => {
    expect(parsed(`Tue${' '.repeat(120_000)}18:45`)).toEqual(slots([2], ['18:45']));
  });

  it('a megabyte of valid groups reads to its few slots, each once', () => {
    const groups = Array.from({ length: Math.floor(MB / 30) }, (_, i) =>
      i % 2 === 0 ? 'Mon-Fri 09:00 12:30' : 'sat , sun 10:00 9:00',
    );
    expect(parsed(groups.join('; '))).toEqual([
      ...slots([1, 2, 3, 4, 5], ['09:00', '12:30']),
      ...slots([6, 7], ['09:00', '10:00']),
    ]);
  });

  it('a wrong word at the end of a megabyte of groups is found and named', () => {
    const line = `${Array.from({ length: Math.floor(MB / 21) }, () => 'Mon-Fri 09:00 12:30').join('; ')}; Mon 25:00`;
    expect(parsePostingTimes(line)).toEqual({
      ok: false,
      message:
        '"25:00" is not a 24-hour time: write HH:MM, from 00:00 to 23:59 (e.g. "Mon-Fri 09:00 12:30").',
    });
  });
});
