// How the versions of one text are kept compactly, by age and in bytes (history/thinning.ts),
// and the words of where each came from (history/origins.ts).
import { describe, expect, it } from 'vitest';
import { ORIGIN_WORDS } from '@preload/words/history';
import { relabels, VERSION_ORIGINS } from '../../../../src-main/core/history/origins';
import {
  beyondBytes,
  KEEP_NEWEST,
  versionsToDrop,
  type Sized,
} from '../../../../src-main/core/history/thinning';

const NOW = new Date('2030-06-15T12:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Versions numbered 1.. (oldest first), each `ago` ms before NOW. */
function versions(...ago: number[]) {
  return ago.map((ms, i) => ({ number: i + 1, at: new Date(NOW.getTime() - ms).toISOString() }));
}

describe('versionsToDrop', () => {
  it('keeps every version of the last day', () => {
    expect(versionsToDrop(versions(23 * HOUR, 2 * HOUR, 10 * MINUTE, MINUTE, 0), NOW)).toEqual([]);
  });

  it('keeps the newest of each hour between a day and a week old', () => {
    // Three in one hour two days ago, one in the next hour, one today.
    const base = 2 * DAY + 30 * MINUTE;
    const list = versions(base + 20 * MINUTE, base + 10 * MINUTE, base, base - HOUR, HOUR);
    expect(versionsToDrop(list, NOW).sort()).toEqual([1, 2]);
  });

  it('keeps the newest of each day beyond a week', () => {
    const tenDays = 10 * DAY + 2 * HOUR;
    const list = versions(tenDays + 5 * HOUR, tenDays + HOUR, tenDays, 9 * DAY, 0);
    expect(versionsToDrop(list, NOW).sort()).toEqual([1, 2]);
  });

  it(`keeps at most the newest ${KEEP_NEWEST}, and always the newest of all however old`, () => {
    const many = versions(
      ...Array.from({ length: KEEP_NEWEST + 30 }, (_, i) => (KEEP_NEWEST + 30 - i) * MINUTE),
    );
    const dropped = versionsToDrop(many, NOW);
    expect(dropped.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(versionsToDrop(versions(400 * DAY), NOW)).toEqual([]);
    expect(versionsToDrop(versions(400 * DAY, 300 * DAY + HOUR, 300 * DAY), NOW)).toEqual([2]);
  });

  it('keeps a version whose time cannot be read rather than guess its age', () => {
    expect(
      versionsToDrop(
        [
          { number: 1, at: 'not a time' },
          { number: 2, at: NOW.toISOString() },
        ],
        NOW,
      ),
    ).toEqual([]);
  });
});

/** Versions of `text` numbered 1.. (oldest first), each of `bytes`, a minute apart. */
function sized(text: string, ...bytes: number[]): Sized[] {
  return bytes.map((b, i) => ({
    text,
    number: i + 1,
    at: new Date(NOW.getTime() - (bytes.length - i) * MINUTE).toISOString(),
    bytes: b,
    heldNow: false,
  }));
}

const numbers = (list: Sized[]) => list.map((v) => `${v.text} ${v.number}`);

describe('beyondBytes', () => {
  it('lets nothing go within the budget, however many versions', () => {
    expect(beyondBytes(sized('a', 10, 10, 10), 30)).toEqual([]);
  });

  it('lets the oldest go first, until the rest fit, and keeps the newest versions', () => {
    // Five versions of 2 MB (the text that changed at each read), a budget of 5 MB.
    const mb = 1024 * 1024;
    expect(numbers(beyondBytes(sized('a', 2 * mb, 2 * mb, 2 * mb, 2 * mb, 2 * mb), 5 * mb))).toEqual([
      'a 1',
      'a 2',
      'a 3',
    ]);
  });

  it('always keeps the newest version of a text, even alone over the budget', () => {
    expect(beyondBytes(sized('a', 5, 50), 10).map((v) => v.number)).toEqual([1]);
    expect(beyondBytes(sized('a', 50), 10)).toEqual([]);
  });

  it('keeps a version that holds the text or the base an item has now, and goes past it', () => {
    const list = sized('a', 10, 10, 10, 10);
    list[0]!.heldNow = true;
    expect(numbers(beyondBytes(list, 20))).toEqual(['a 2', 'a 3']);
  });

  it('across texts: the oldest of all go first, and the newest of each text stays', () => {
    const older = sized('a', 10, 10, 10).map((v) => ({
      ...v,
      at: new Date(Date.parse(v.at) - DAY).toISOString(),
    }));
    const newer = sized('b', 10, 10, 10);
    expect(numbers(beyondBytes([...newer, ...older], 30))).toEqual(['a 1', 'a 2', 'b 1']);
    // Only the newest of each is left when the budget allows no more.
    expect(numbers(beyondBytes([...newer, ...older], 0))).toEqual(['a 1', 'a 2', 'b 1', 'b 2']);
  });

  it('counts a version whose time cannot be read as the oldest', () => {
    const list = sized('a', 10, 10, 10);
    list[1]!.at = 'not a time';
    expect(numbers(beyondBytes(list, 20))).toEqual(['a 2']);
  });
});

describe('origins', () => {
  it('has words for every origin, in the words the History panel shows', () => {
    expect(VERSION_ORIGINS).toHaveLength(7);
    expect(ORIGIN_WORDS.typed).toBe('typed here');
    expect(ORIGIN_WORDS.service).toBe('from the service');
    expect(ORIGIN_WORDS.before_discard).toBe('before discard');
    expect(ORIGIN_WORDS.not_sent_published).toBe('not sent: published before it could go');
    for (const origin of VERSION_ORIGINS) expect(ORIGIN_WORDS[origin]).not.toMatch(/_/);
  });

  it('lets a moment name a typed version of the same text, never the service’s or another moment’s', () => {
    expect(relabels('typed', 'before_discard')).toBe(true);
    expect(relabels('typed', 'not_sent_published')).toBe(true);
    expect(relabels('typed', 'typed')).toBe(false);
    expect(relabels('typed', 'service')).toBe(false);
    expect(relabels('service', 'before_merge')).toBe(false);
    expect(relabels('before_restore', 'before_discard')).toBe(false);
  });
});
