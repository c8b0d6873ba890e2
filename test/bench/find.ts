// "Search under 100 ms at 10,000 posts", and what the list's filters and orders cost,
// through the core (AppCore.invoke: zod, the query, the summaries) on a data folder seeded
// straight into its SQLite file: posts with titles and two variants of 20 to 60 words each,
// words drawn from a vocabulary with accents, times over a year. Timed as the window asks: the
// first screenful (posts.list, 60 posts, what it shows first), then the rest with posts.page a
// page at a time from the start (asked once the first is painted and the typing has paused):
// each page, and all of them together.
// Run: `npx tsx test/bench/find.ts` (prints JSON; `BENCH_FIND_POSTS=10000,50000`).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { LIST_PAGE_SIZES, type CommandPayload } from '@preload/bridge';
import { searchCopy } from '../../src-main/core/store/search-text';
import { summarize } from './lib/stats';
import type { FindCase, FindResult } from './lib/find-rows';
import { openQuietCore } from './lib/outpost-core';

const WORKSPACE = 'bench';
const DAY = 86_400_000;

const WORDS = (
  'coffee autumn blend launch cinnamon cocoa orange barista hiring shift leads harvest roast ' +
  'espresso latte pastry morning weekend market festival customers beans origin tasting menu ' +
  'team store opening season recipe brew filter cold drip grinder milk oat story behind farm ' +
  'family partners community event tickets today tomorrow week sale gift card winter spring ' +
  'summer café crème brûlée naïve über straße déjà façade jalapeño piñata açaí smörgåsbord'
).split(' ');

/** Made-up words beside the real ones, so a real word is in a share of the posts, not in all. */
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 've', 'bi', 'do', 'fu', 'ge'];
const MADE_UP = SYLLABLES.flatMap((a) => SYLLABLES.flatMap((b) => SYLLABLES.map((c) => a + b + c)));

/**
 * The same library at every run: a small linear congruential generator (32-bit, its high bits:
 * the low ones repeat in short cycles and left whole words out); 3 words in 10 are real.
 */
function words(seed: number, count: number): string {
  let s = seed >>> 0;
  const next = (): number => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    return s >>> 16;
  };
  const out: string[] = [];
  for (let i = 0; i < count; i++)
    out.push(
      next() % 10 < 3
        ? (WORDS[next() % WORDS.length] as string)
        : (MADE_UP[next() % MADE_UP.length] as string),
    );
  return out.join(' ');
}

/** A rare word: one post in a thousand has it, in the text of its LinkedIn variant. */
const RARE = 'zanzibar';

/** A data folder of `posts` posts of two variants each; returns the number of variants. */
export async function seedFindLibrary(dataDir: string, posts: number, now: Date): Promise<number> {
  const core = await openQuietCore(dataDir);
  await core.close();
  const db = new Database(join(dataDir, 'outpost.db'));
  const iso = now.toISOString();
  db.prepare(`insert into workspace (slug, name, raw, seen_at) values (?, 'Bench', '{}', ?)`).run(
    WORKSPACE,
    iso,
  );
  const profile = db.prepare(
    `insert into social_profile (workspace, id, platform, is_active, label, raw, seen_at) values (?, ?, ?, 1, ?, '{}', ?)`,
  );
  profile.run(WORKSPACE, 'p-x', 'x', 'Bench on X', iso);
  profile.run(WORKSPACE, 'p-li', 'linkedin', 'Bench Inc.', iso);
  const post = db.prepare(
    `insert into post (id, server_id, workspace, title, search_title, base, remote_state, conflict, error, created_at, updated_at)
     values (?, ?, ?, ?, ?, '{}', 'active', null, null, ?, ?)`,
  );
  const variant = db.prepare(
    `insert into variant (id, post_id, server_id, platform, content, search_content, account_mode, social_profile_id,
       scheduled_at, status, platform_post_url, base, published_at, remote_state, conflict, error, created_at, updated_at,
       reconcile_at, reconcile_attempts)
     values (?, ?, ?, ?, ?, ?, 'profile', ?, ?, ?, ?, null, ?, 'active', null, null, ?, ?, null, 0)`,
  );
  let variants = 0;
  db.transaction(() => {
    for (let i = 0; i < posts; i++) {
      const id = `post-${i}`;
      const title = `${words(i * 7 + 1, 3 + (i % 4))} ${i}`;
      const created = new Date(now.getTime() - (posts - i) * 60_000).toISOString();
      post.run(id, `s-${i}`, WORKSPACE, title, searchCopy(title), created, created);
      const at = new Date(now.getTime() + ((i * 365) / posts) * DAY).toISOString();
      for (const [platform, profileId] of [
        ['x', 'p-x'],
        ['linkedin', 'p-li'],
      ] as const) {
        const rare = platform === 'linkedin' && i % 1000 === 500 ? ` ${RARE}` : '';
        const content = `${words(i * 13 + platform.length, 20 + (i % 41))}${rare} #tag${i % 50} https://example.com/${i}`;
        const published = i % 6 === 0;
        const scheduled = !published && i % 3 === 0;
        variant.run(
          `${id}-${platform}`,
          id,
          `sv-${i}-${platform}`,
          platform,
          content,
          searchCopy(content),
          profileId,
          published || scheduled ? at : null,
          published ? 'published' : scheduled ? 'scheduled' : 'draft',
          published ? `https://social.example/${platform}/${i}` : null,
          published ? at : null,
          created,
          created,
        );
        variants++;
      }
    }
  })();
  db.close();
  return variants;
}

type ListPayload = Omit<CommandPayload<'posts.list'>, 'workspace'>;

/** What the window asks for, by name: searches, then the filters and the orders. */
export function findCases(now: Date): Array<{ name: string; kind: FindCase['kind']; payload: ListPayload }> {
  const month = { from: now.toISOString(), to: new Date(now.getTime() + 30 * DAY).toISOString() };
  return [
    { name: `search, a rare word ("${RARE}")`, kind: 'search', payload: { query: RARE } },
    { name: 'search, accents left out ("creme brulee")', kind: 'search', payload: { query: 'creme brulee' } },
    {
      name: 'search, a common word ("coffee", a third of the posts)',
      kind: 'search',
      payload: { query: 'coffee' },
    },
    { name: 'search, no match', kind: 'search', payload: { query: 'qwxyzzy' } },
    { name: 'X, next 30 days', kind: 'filter', payload: { platform: 'x', outAt: month } },
    { name: 'state: scheduled', kind: 'filter', payload: { filter: 'scheduled' } },
    { name: 'sorted by title', kind: 'sort', payload: { sort: 'title' } },
    { name: 'sorted by scheduled time', kind: 'sort', payload: { sort: 'scheduled' } },
  ];
}

export interface FindBenchOptions {
  posts?: number;
  /** Timed calls per case and shape (after one untimed). */
  runs?: number;
  /** Only the cases of these kinds (default: every case). */
  kinds?: ReadonlyArray<FindCase['kind']>;
}

export async function benchFind(options: FindBenchOptions = {}): Promise<FindResult> {
  const posts = options.posts ?? 10_000;
  const runs = options.runs ?? 15;
  const dataDir = await mkdtemp(join(tmpdir(), 'outpost-bench-find-'));
  const now = new Date();
  const variants = await seedFindLibrary(dataDir, posts, now);
  const core = await openQuietCore(dataDir);
  const page = async (payload: CommandPayload<'posts.page'>) => {
    const t0 = performance.now();
    const answer = await core.invoke('posts.page', payload);
    const ms = performance.now() - t0;
    if (!answer.ok) throw new Error(`posts.page: ${answer.error.message}`);
    return { ms, ...answer.value };
  };
  /** One untimed walk through the list, then `runs` timed ones, as the window asks for it. */
  const walk = async (payload: CommandPayload<'posts.list'>) => {
    const first: number[] = [];
    const pages: number[] = [];
    const rest: number[] = [];
    let found = 0;
    for (let i = 0; i <= runs; i++) {
      const t0 = performance.now();
      const opening = await core.invoke('posts.list', { ...payload, limit: LIST_PAGE_SIZES.firstScreenful });
      const firstMs = performance.now() - t0;
      if (!opening.ok) throw new Error(`posts.list: ${opening.error.message}`);
      let restMs = 0;
      const restPages: number[] = [];
      let seen = opening.value.length;
      if (seen === LIST_PAGE_SIZES.firstScreenful) {
        seen = 0;
        for (let from: number | null = 0; from !== null;) {
          const next = await page({ ...payload, from, limit: LIST_PAGE_SIZES.rest });
          restPages.push(next.ms);
          restMs += next.ms;
          seen += next.posts.length;
          from = next.next;
        }
      }
      found = seen;
      if (i === 0) continue;
      first.push(firstMs);
      pages.push(...restPages);
      rest.push(restMs);
    }
    return { first, pages, rest, found };
  };
  try {
    const cases: FindCase[] = [];
    for (const c of findCases(now).filter((f) => options.kinds?.includes(f.kind) ?? true)) {
      const timed = await walk({ workspace: WORKSPACE, ...c.payload });
      cases.push({
        name: c.name,
        kind: c.kind,
        found: timed.found,
        firstScreenful: summarize(timed.first),
        restPage: timed.pages.length === 0 ? null : summarize(timed.pages),
        rest: summarize(timed.rest),
      });
    }
    return { posts, variants, runs, cases };
  } finally {
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sizes = (process.env.BENCH_FIND_POSTS ?? '10000').split(',').map(Number);
  (async () => {
    const results: FindResult[] = [];
    for (const posts of sizes) results.push(await benchFind({ posts }));
    console.log(JSON.stringify(results, null, 2));
  })().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
