// A seeded PRNG for workloads and kill points, so a failing run can be replayed with the same seed.

export interface Rng {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
  words: (count: number) => string;
}

const WORDS = [
  'launch',
  'coffee',
  'autumn',
  'release',
  'notes',
  'team',
  'update',
  'today',
  'we',
  'ship',
  'new',
  'feature',
  'thanks',
  'community',
  'join',
  'us',
  'live',
  'beta',
  'café',
  'naïve',
  '🚀',
  '日本語',
  'ok',
];

/** mulberry32: small, fast, reproducible. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)] as T;
    },
    chance: (p: number) => next() < p,
    words: (count: number) => Array.from({ length: count }, () => WORDS[int(0, WORDS.length - 1)]).join(' '),
  };
}
