// An account's weekly posting times written as words, the way `outpost slots --set` takes
// them and the window and the CLI show them: day ranges and lists, then 24-hour times, in
// groups separated by ";".
//
//   Mon-Fri 09:00 12:30          every weekday at 09:00 and 12:30
//   Sat,Sun 10:00                the weekend at 10:00
//   Mon,Wed-Fri 8:15; Sat 11:00  groups: each its own days and times
//   none                         no posting times
//
// Days are Mon Tue Wed Thu Fri Sat Sun (any case, full names too); a range may wrap over the
// week's end (Fri-Mon). Pure functions, shared by the core, the CLI and the window.
import type { PostingSlot, Weekday } from './bridge';
import { formatWallClock, weekdayName, type ClockPreferences } from './words/clock';

export const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const FULL_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

export const POSTING_TIMES_EXAMPLE = 'Mon-Fri 09:00 12:30';
const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

export type PostingTimesParse = { ok: true; slots: PostingSlot[] } | { ok: false; message: string };

function weekdayOf(word: string): Weekday | null {
  const w = word.toLowerCase();
  const index = FULL_NAMES.findIndex((full) => full === w || full.slice(0, 3) === w);
  return index === -1 ? null : ((index + 1) as Weekday);
}

/** A word as a message quotes it: a line pasted by mistake is not quoted whole. */
const shown = (text: string): string => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

const NOT_A_DAY = (word: string) =>
  `"${shown(word)}" is not a day: use Mon, Tue, Wed, Thu, Fri, Sat or Sun (e.g. "${POSTING_TIMES_EXAMPLE}").`;

/** `Mon`, `Mon-Fri`, `Sat,Sun`, `Mon,Wed-Fri`: the days a word names, or why it names none. */
function daysOf(word: string): Weekday[] | string {
  const days: Weekday[] = [];
  // Part by part, not split at once: a pasted line that is one long wrong word stops at its first.
  for (let start = 0, end = 0; end < word.length; start = end + 1) {
    end = word.indexOf(',', start);
    if (end === -1) end = word.length;
    const part = word.slice(start, end);
    const ends = part.split('-');
    if (part === '' || ends.length > 2 || ends.some((e) => e === ''))
      return `"${shown(word)}" is not a list of days: write them like Mon-Fri, Sat,Sun or Mon,Wed-Fri.`;
    const [from, to = from] = ends.map(weekdayOf);
    if (from === null || from === undefined) return NOT_A_DAY(ends[0] ?? part);
    if (to === null) return NOT_A_DAY(ends[1] ?? part);
    // A range runs forward and may wrap over the week's end: Fri-Mon is Fri, Sat, Sun, Mon.
    for (let d = from; ; d = ((d % 7) + 1) as Weekday) {
      days.push(d);
      if (d === to) break;
    }
  }
  return days;
}

/** "9:05" or "09:05" as "09:05"; null when it is not a 24-hour time. */
export function normalTime(word: string): string | null {
  const m = TIME.exec(word);
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : null;
}

/** Minutes since midnight of an "HH:MM" time. */
export function minuteOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Sorted by day, then time, each slot once. */
export function sortSlots(slots: readonly PostingSlot[]): PostingSlot[] {
  const seen = new Set<string>();
  return [...slots]
    .sort((a, b) => a.weekday - b.weekday || minuteOf(a.time) - minuteOf(b.time))
    .filter((s) => {
      const key = `${s.weekday} ${s.time}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Unicode white space, as `\s` has it, without a pattern per character. */
function isSpace(code: number): boolean {
  return (
    (code >= 9 && code <= 13) ||
    code === 32 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const joinsWords = (ch: string | undefined) => ch === ',' || ch === '-';

interface Group {
  /** The group as written, for messages. */
  text: string;
  /** Its words, "Mon, Wed - Fri" read as "Mon,Wed-Fri". */
  words: string[];
}

/**
 * Hands each group of a line and its words to `read`, in one pass over the line's characters,
 * and stops at the first message `read` answers: splitting group by group and word by word
 * made a pasted megabyte take seconds, and a group is let go once read.
 */
function eachGroup(text: string, read: (group: Group) => string | null): string | null {
  let groupStart = 0;
  let words: string[] = [];
  let wordStart = -1;
  // Just after the current word's last character that is not a space.
  let wordEnd = -1;
  const closeWord = () => {
    if (wordStart === -1) return;
    const word = text.slice(wordStart, wordEnd);
    words.push(wordEnd - wordStart > 1 && /\s/.test(word) ? word.replace(/\s+/g, '') : word);
    wordStart = -1;
  };
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === ';') {
      closeWord();
      const message = read({ text: text.slice(groupStart, i), words });
      if (message !== null) return message;
      groupStart = i + 1;
      words = [];
      continue;
    }
    if (isSpace(text.charCodeAt(i))) continue;
    // A space ends a word unless a "," or "-" on either side joins it to the next.
    if (wordStart !== -1 && wordEnd < i && !joinsWords(text[i]) && !joinsWords(text[wordEnd - 1]))
      closeWord();
    if (wordStart === -1) wordStart = i;
    wordEnd = i + 1;
  }
  return null;
}

/** A word read once however often a line repeats it (a long line repeats a few). */
function readOnce<T>(read: (word: string) => T): (word: string) => T {
  const seen = new Map<string, T>();
  return (word) => {
    if (seen.has(word)) return seen.get(word) as T;
    const value = read(word);
    seen.set(word, value);
    return value;
  };
}

const timeOf = (word: string) => {
  const time = normalTime(word);
  return time === null ? null : { time, minute: minuteOf(time) };
};

/** Reads posting times written as words (see the header); the message says what is wrong. */
export function parsePostingTimes(text: string): PostingTimesParse {
  const trimmed = text.trim();
  if (/^none$/i.test(trimmed)) return { ok: true, slots: [] };
  if (trimmed === '')
    return {
      ok: false,
      message: `Give days and 24-hour times, e.g. "${POSTING_TIMES_EXAMPLE}" (or "none" for no posting times).`,
    };
  const slots: PostingSlot[] = [];
  // Each slot once as it is read: a long line repeats the same few, and sorting them all costs.
  const seen = new Set<number>();
  const days = readOnce(daysOf);
  const time = readOnce(timeOf);
  const message = eachGroup(trimmed, (group) => {
    const [dayWord, ...timeWords] = group.words;
    if (dayWord === undefined) return 'An empty group between ";": remove the extra ";".';
    if (time(dayWord) !== null)
      return `"${shown(group.text.trim())}" starts with a time: start with the days, e.g. "${POSTING_TIMES_EXAMPLE}".`;
    const weekdays = days(dayWord);
    if (typeof weekdays === 'string') return weekdays;
    if (timeWords.length === 0)
      return `"${shown(group.text.trim())}" has no times: add one or more 24-hour times, e.g. "${POSTING_TIMES_EXAMPLE}".`;
    for (const word of timeWords) {
      const read = time(word);
      if (read === null)
        return `"${shown(word)}" is not a 24-hour time: write HH:MM, from 00:00 to 23:59 (e.g. "${POSTING_TIMES_EXAMPLE}").`;
      for (const weekday of weekdays) {
        const key = weekday * 1440 + read.minute;
        if (!seen.has(key)) slots.push({ weekday, time: read.time });
        seen.add(key);
      }
    }
    return null;
  });
  return message === null ? { ok: true, slots: sortSlots(slots) } : { ok: false, message };
}

/** Runs of days: Mon-Fri for three or more in a row, Sat,Sun for two. */
function dayList(
  days: readonly Weekday[],
  name: (day: Weekday) => string = (d) => WEEKDAY_NAMES[d - 1]!,
  style: { range: string; separator: string } = { range: '-', separator: ',' },
): string {
  const runs: Weekday[][] = [];
  for (const d of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === d - 1) run.push(d);
    else runs.push([d]);
  }
  return runs
    .map((run) =>
      run.length >= 3
        ? `${name(run[0]!)}${style.range}${name(run.at(-1)!)}`
        : run.map(name).join(style.separator),
    )
    .join(style.separator);
}

/** Days that share the same times, and those times: how posting times are written and edited. */
export interface SlotGroup {
  days: Weekday[];
  times: string[];
}

/** The slots as groups of days with the same times, in the order of their first day. */
export function slotGroups(slots: readonly PostingSlot[]): SlotGroup[] {
  const byDay = new Map<Weekday, string[]>();
  for (const s of sortSlots(slots)) byDay.set(s.weekday, [...(byDay.get(s.weekday) ?? []), s.time]);
  const groups = new Map<string, SlotGroup>();
  for (const [day, times] of byDay) {
    const key = times.join(' ');
    const group = groups.get(key) ?? { days: [], times };
    group.days.push(day);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The slots of groups (each of its days at each of its times), sorted, each once. */
export function slotsOfGroups(groups: readonly SlotGroup[]): PostingSlot[] {
  return sortSlots(
    groups.flatMap((g) => g.days.flatMap((weekday) => g.times.map((time) => ({ weekday, time })))),
  );
}

/** Posting times as words: days with the same times together ("Mon-Fri 09:00 12:30; Sat 10:00"). */
export function formatPostingTimes(slots: readonly PostingSlot[]): string {
  const groups = slotGroups(slots);
  if (groups.length === 0) return 'none';
  return groups.map((g) => `${dayList(g.days)} ${g.times.join(' ')}`).join('; ');
}

/**
 * Posting times for the reader: weekday names in their language and times on their clock
 * ("Mon–Fri 9:00 AM, 12:30 PM; Sat 10:00 AM" in en-US, "Mo.–Fr. 09:00, 12:30" in de-DE).
 * `formatPostingTimes` stays the form the parser and the command line read.
 */
export function describePostingTimes(
  slots: readonly PostingSlot[],
  preferences: ClockPreferences,
  locale?: string,
): string {
  return slotGroups(slots)
    .map((g) => {
      const days = dayList(g.days, (d) => weekdayName(d, locale), { range: '–', separator: ', ' });
      return `${days} ${g.times.map((t) => formatWallClock(t, preferences, locale)).join(', ')}`;
    })
    .join('; ');
}
