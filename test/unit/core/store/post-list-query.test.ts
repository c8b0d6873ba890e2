// The post list's query as data: the words a search looks for, the filters a payload asks, and
// the order each sort gives (the one post_changed_order walks for "last changed").
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { POST_SORTS } from '@preload/bridge';
import { platformSpellings } from '@preload/platforms';
import { listSpec } from '../../../../src-main/core/app/find/post-list';
import {
  listPageWindowQuery,
  orderListed,
  variantConditions,
  whereListed,
} from '../../../../src-main/core/store/post-list-query';

import type { Database } from '../../../../src-main/core/store/schema';
import BetterSqlite3 from 'better-sqlite3';
import {
  containsPattern,
  foldForSearch,
  searchCopy,
  searchWords,
} from '../../../../src-main/core/store/search-text';

// Builds SQL without a database.
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe('search text', () => {
  it('folds case, accents, ligatures and letters without a base', () => {
    expect(foldForSearch('Crème BRÛLÉE')).toBe('creme brulee');
    expect(foldForSearch('ÉTÉ à Paris')).toBe('ete a paris');
    expect(foldForSearch('Straße, Æsop, Œuvre, Øre, Łódź, đ')).toBe('strasse, aesop, oeuvre, ore, lodz, d');
    expect(foldForSearch('ﬁne ＡＢＣ')).toBe('fine abc');
    expect(foldForSearch('naïve café 🙂')).toBe('naive cafe 🙂');
  });

  it('keeps a folded copy only of a text whose fold does more than lower ASCII letters', () => {
    expect(searchCopy('Launch WEEK: 100% ready, see https://Example.com/A_b')).toBeNull();
    expect(searchCopy('arrows → and 🙂 stay as they are')).toBeNull();
    expect(searchCopy('Crème BRÛLÉE')).toBe('creme brulee');
    expect(searchCopy('naïve')).toBe('naive');
    expect(searchCopy('ﬁne')).toBe('fine');
    expect(searchCopy('ÉTÉ')).toBe('ete');
    expect(searchCopy('Straße')).toBe('strasse');
  });

  it('never keeps a copy of ASCII text, since its fold only lowers A to Z', () => {
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));
    for (const character of ascii) expect(foldForSearch(character)).toBe(character.toLowerCase());
    expect(searchCopy(ascii.join(''))).toBeNull();
    expect(searchCopy('Line one\r\n\tLine TWO')).toBeNull();
    // One character past ASCII is enough to be looked at again.
    expect(searchCopy('Launch day\u00a0ONE')).toBe('launch day one');
    expect(searchCopy('LAUNCH Ⅻ')).toBe('launch xii');
  });

  it('finds with SQLite’s LIKE in the text or its copy what it finds in the folded text', () => {
    const sqlite = new BetterSqlite3(':memory:');
    const like = sqlite.prepare<[string, string], { found: number }>("select ? like ? escape '\\' as found");
    const texts = [
      'Launch WEEK: 100% ready',
      'Crème BRÛLÉE for the TEAM',
      'naïve Café, ﬁne ＡＢＣ',
      'Straße und Œuvre → 🙂',
      'under_score and back\\slash',
      'İstanbul KİLİM',
    ];
    const words = [
      'launch',
      'week',
      '100%',
      'creme',
      'brulee',
      'team',
      'cafe',
      'fine',
      'abc',
      'strasse',
      'oeuvre',
      '→',
      '_score',
      'back\\s',
      'istanbul',
      'kilim',
      'e',
    ];
    try {
      for (const text of texts)
        for (const word of words) {
          const stored = searchCopy(text) ?? text;
          const found = (t: string) => like.get(t, containsPattern(word))?.found;
          expect(found(stored), `${word} in ${text}`).toBe(found(foldForSearch(text)));
        }
    } finally {
      sqlite.close();
    }
  });

  it('splits a query into folded words, once each, at most eight', () => {
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords('   ')).toEqual([]);
    expect(searchWords('  Café  LAUNCH café ')).toEqual(['cafe', 'launch']);
    expect(searchWords('a b c d e f g h i j')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });

  it('takes %, _ and \\ literally in a LIKE pattern', () => {
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('_under')).toBe('%\\_under%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
  });
});

describe('what a payload asks for', () => {
  it('folds the search, spells the platform every way, normalises the times, leaves hidden posts out and sorts by last changed by default', () => {
    expect(listSpec({ workspace: 'acme' })).toEqual({
      workspace: 'acme',
      words: [],
      platforms: undefined,
      account: undefined,
      outAt: undefined,
      hidden: false,
      sort: 'changed',
    });
    expect(
      listSpec({
        workspace: null,
        query: 'Été',
        platform: 'Twitter',
        account: '101',
        outAt: { from: '2030-03-04T01:00:00+01:00', to: '2030-03-11T00:00Z' },
        sort: 'title',
        hidden: true,
      }),
    ).toEqual({
      workspace: null,
      words: ['ete'],
      platforms: ['x', 'twitter'],
      account: '101',
      outAt: { from: '2030-03-04T00:00:00.000Z', to: '2030-03-11T00:00:00.000Z' },
      hidden: true,
      sort: 'title',
    });
    expect(listSpec({ workspace: 'acme', outAt: { to: '2030-03-11T00:00:00Z' } }).outAt).toEqual({
      from: undefined,
      to: '2030-03-11T00:00:00.000Z',
    });
  });

  it('knows each platform by all its spellings', () => {
    expect(platformSpellings('x')).toEqual(['x', 'twitter']);
    expect(platformSpellings(' BSKY ')).toEqual(['bluesky', 'bsky']);
    expect(platformSpellings('LinkedIn')).toEqual(['linkedin']);
    expect(platformSpellings(' TikTok ')).toEqual(['tiktok']);
  });

  it('asks one variant for the platform, the account and the time together, and nothing without them', () => {
    const spec = listSpec({ workspace: 'acme', query: 'x' });
    expect(variantConditions(spec)).toEqual([]);
    const all = listSpec({
      workspace: 'acme',
      platform: 'x',
      account: 'p',
      outAt: { from: '2030-01-01T00:00:00Z' },
    });
    expect(variantConditions(all)).toHaveLength(3);
    const { sql, parameters } = whereListed(db.selectFrom('post').select('post.id'), all).compile();
    // One subquery holds the three conditions: they apply to the same variant. Read whole, the
    // list finds a time's variants in one pass (IN); a page asks each of its posts (EXISTS).
    expect(sql.match(/from "variant"/g)).toHaveLength(1);
    expect(sql).toMatch(/"post"\."id" in \(select "variant"\."post_id" from "variant" where/);
    expect(parameters).toEqual(['acme', 'x', 'twitter', 'p', '2030-01-01T00:00:00.000Z']);
    const page = listPageWindowQuery(db, all, { from: 0, size: 10 }).compile().sql;
    expect(page.match(/from "variant"/g)).toHaveLength(1);
    expect(page.match(/exists/g)).toHaveLength(1);
    // Without a time, one pass would read every variant: each post is asked, as before.
    const noTime = listSpec({ workspace: 'acme', platform: 'x', account: 'p' });
    expect(
      whereListed(db.selectFrom('post').select('post.id'), noTime)
        .compile()
        .sql.match(/exists/g),
    ).toHaveLength(1);
  });
});

describe('the order of each sort', () => {
  const orderOf = (sort: (typeof POST_SORTS)[number]) =>
    orderListed(db.selectFrom('post').select('post.id'), sort)
      .compile()
      .sql.replace(/^.* order by /s, '')
      .replace(/\s+/g, ' ');

  it('ends every order with the title, then the id, so ties never shift', () => {
    for (const sort of POST_SORTS)
      expect(orderOf(sort)).toMatch(/coalesce\(post\.search_title, lower\(post\.title\)\), "post"\."id"$/);
  });

  it('leads with the time changed, the time created, the next time, or nothing but the title', () => {
    // The columns of the post_changed_order index, which "last changed" walks backwards.
    const title = 'coalesce(post.search_title, lower(post.title))';
    expect(orderOf('changed')).toBe(`"post"."updated_at" desc, ${title}, "post"."id"`);
    expect(orderOf('created')).toBe(`"post"."created_at" desc, ${title}, "post"."id"`);
    expect(orderOf('title')).toBe(`${title}, "post"."id"`);
    expect(orderOf('scheduled')).toMatch(/^coalesce\(\(select min\(variant\.scheduled_at\)/);
  });
});
