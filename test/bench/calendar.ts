// "The calendar month < 300 ms at 50,000 posts" (first set at 10,000), in Chromium
// through the browser host, as test/bench/render.ts measures the post list. The client's own
// database is filled directly (a library of 50,000 posts whose X and LinkedIn variants are
// scheduled over the next twelve months, a sixth of them published), so no sync is involved.
// Timed: from the click on "Month" (or "Next month") to the frame after the month's chips are
// in the page.
// Run: `npm run build && npx tsx test/bench/calendar.ts` (prints JSON); or call
// `benchCalendarMonth()` from a harness.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { launchChromium } from '../support/chromium';
import { startHost } from './lib/browser-host';
import { summarize } from './lib/stats';
import { openQuietCore } from './lib/outpost-core';

const WORKSPACE = 'bench';
const DAY = 86_400_000;

export interface CalendarBenchOptions {
  posts?: number;
  /** Month openings timed (each a different month). */
  runs?: number;
}

export interface CalendarBenchResult {
  posts: number;
  variants: number;
  /** Chips shown per timed month (the variants placed in it). */
  chipsPerMonth: number[];
  openMonthMs: number[];
  summary: ReturnType<typeof summarize>;
  goalMs: 300;
  met: boolean;
}

/** A data folder with `posts` posts, each with a scheduled X and LinkedIn variant. */
export async function seedDataDir(dataDir: string, posts: number, now: Date): Promise<number> {
  // The core makes the schema (migrations) exactly as the app does.
  const core = await openQuietCore(dataDir);
  await core.close();
  const db = new Database(join(dataDir, 'outpost.db'));
  const iso = now.toISOString();
  db.prepare(`insert into workspace (slug, name, raw, seen_at) values (?, ?, ?, ?)`).run(
    WORKSPACE,
    'Bench',
    '{}',
    iso,
  );
  db.prepare(`insert or replace into setting (key, value) values ('currentWorkspace', ?)`).run(
    JSON.stringify(WORKSPACE),
  );
  const profile = db.prepare(
    `insert into social_profile (workspace, id, platform, is_active, label, raw, seen_at) values (?, ?, ?, 1, ?, ?, ?)`,
  );
  profile.run(WORKSPACE, 'p-x', 'x', 'Bench on X', '{"handle":"bench"}', iso);
  profile.run(WORKSPACE, 'p-li', 'linkedin', 'Bench Inc.', '{}', iso);
  const post = db.prepare(
    `insert into post (id, server_id, workspace, title, base, remote_state, conflict, error, created_at, updated_at)
     values (?, ?, ?, ?, ?, 'active', null, null, ?, ?)`,
  );
  const variant = db.prepare(
    `insert into variant (id, post_id, server_id, platform, content, account_mode, social_profile_id, scheduled_at,
       status, platform_post_url, base, published_at, remote_state, conflict, error, created_at, updated_at,
       reconcile_at, reconcile_attempts)
     values (?, ?, ?, ?, ?, 'profile', ?, ?, ?, ?, null, ?, 'active', null, null, ?, ?, null, 0)`,
  );
  let variants = 0;
  db.transaction(() => {
    for (let i = 0; i < posts; i++) {
      const id = `post-${i}`;
      const title = `Bench post ${i}`;
      // A base as the app stores it while the title is the service's (store/stored-base.ts).
      post.run(id, `s-${i}`, WORKSPACE, title, '{}', iso, iso);
      // Spread over a year, at working hours.
      const at = new Date(now.getTime() + ((i * 365) / posts) * DAY);
      at.setUTCHours(7 + (i % 10), (i * 7) % 60, 0, 0);
      for (const [platform, profileId] of [
        ['x', 'p-x'],
        ['linkedin', 'p-li'],
      ] as const) {
        const published = i % 6 === 0;
        variant.run(
          `${id}-${platform}`,
          id,
          `sv-${i}-${platform}`,
          platform,
          `Post ${i} for ${platform}: what we ship this week, and why it matters.`,
          profileId,
          at.toISOString(),
          published ? 'published' : 'scheduled',
          published ? `https://social.example/${platform}/${i}` : null,
          // Published at its time, as the service says: the calendar places it there.
          published ? at.toISOString() : null,
          iso,
          iso,
        );
        variants++;
      }
    }
  })();
  db.close();
  return variants;
}

/**
 * Clicks the button named `label` and resolves, in the page's clock, when the calendar shows the
 * range starting after `previousFrom` and the next frame has been drawn.
 */
const TIMED_CLICK = (label: string, previousFrom: string) => `
  new Promise((resolve) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === ${JSON.stringify(label)});
    const t0 = performance.now();
    button.click();
    const check = () => {
      const from = document.querySelector('section.calendar')?.getAttribute('data-loaded-from');
      if (from && from !== ${JSON.stringify(previousFrom)})
        requestAnimationFrame(() => resolve({ ms: performance.now() - t0, from, chips: document.querySelectorAll('[data-chip]').length }));
      else requestAnimationFrame(check);
    };
    check();
  })`;

export async function benchCalendarMonth(options: CalendarBenchOptions = {}): Promise<CalendarBenchResult> {
  const posts = options.posts ?? 50_000;
  const runs = options.runs ?? 8;
  const dataDir = await mkdtemp(join(tmpdir(), 'outpost-bench-calendar-'));
  const variants = await seedDataDir(dataDir, posts, new Date());
  const host = await startHost(dataDir);
  const browser = await launchChromium(true);
  try {
    const page = await browser.newPage({
      viewport: { width: 1440, height: 900 },
      timezoneId: 'Europe/Berlin',
    });
    await page.goto(host.url);
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Calendar' }).click();
    await page.locator('section.calendar[data-loaded-from]').waitFor();
    const openMonthMs: number[] = [];
    const chipsPerMonth: number[] = [];
    let from = (await page.locator('section.calendar').getAttribute('data-loaded-from')) ?? '';
    // The first opening: week to month.
    const first = await page.evaluate<{ ms: number; from: string; chips: number }>(
      TIMED_CLICK('Month', from),
    );
    openMonthMs.push(first.ms);
    chipsPerMonth.push(first.chips);
    from = first.from;
    // Then the following months, one by one.
    for (let i = 1; i < runs; i++) {
      const next = await page.evaluate<{ ms: number; from: string; chips: number }>(
        TIMED_CLICK('Next month', from),
      );
      openMonthMs.push(next.ms);
      chipsPerMonth.push(next.chips);
      from = next.from;
    }
    const summary = summarize(openMonthMs);
    return { posts, variants, chipsPerMonth, openMonthMs, summary, goalMs: 300, met: summary.p95 < 300 };
  } finally {
    await browser.close();
    await host.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const posts = Number(process.env.BENCH_CALENDAR_POSTS ?? 50_000);
  benchCalendarMonth({ posts })
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
