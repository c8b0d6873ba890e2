// Damage run: a database of many local drafts (never synced, so this file is their only home),
// a copy made, more drafts after it, then random pages of the file overwritten with random bytes,
// again and again on a fresh copy of the folder, as a failing disk or a sync tool copying the
// file mid-write would leave it. Every start must open, keep the damaged file byte for byte, and
// hold every draft written before the copy; the drafts written after it come back where their
// pages could still be read.
import { closeSync, cpSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createAppCore } from '../../src-main/core/app/create-app-core';
import { DATABASE_FILE } from '../../src-main/core/paths';
import { MemorySecretStore } from '../../src-main/core/secrets/memory-store';
import { PAGE, pagesInUse } from '../support/damage';
import { FIGURES, SEED } from './support/config';
import { createRng, type Rng } from './support/random';
import { tempDir } from './support/harness';

const open = (dataDir: string) =>
  createAppCore({
    dataDir,
    secrets: new MemorySecretStore(),
    host: 'cli',
    version: 'reliability',
    syncIntervalMs: false,
    syncAfterChangeMs: false,
  });

/** Drafts written straight into the file (the core made its schema): thousands through the bridge take minutes. */
function seedDrafts(file: string, count: number, rng: Rng): void {
  const db = new BetterSqlite3(file);
  const at = new Date(Date.UTC(2026, 10, 1)).toISOString();
  const post = db.prepare(
    `insert into post (id, server_id, workspace, title, base, remote_state, conflict, error, created_at, updated_at)
     values (?, null, null, ?, null, 'active', null, null, ?, ?)`,
  );
  const variant = db.prepare(
    `insert into variant (id, post_id, server_id, platform, content, account_mode, social_profile_id, scheduled_at,
       status, platform_post_url, base, remote_state, conflict, error, created_at, updated_at,
       reconcile_at, reconcile_attempts)
     values (?, ?, null, ?, ?, 'none', null, null, null, null, null, 'active', null, null, ?, ?, null, 0)`,
  );
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      post.run(`seeded-${i}`, `Draft ${i}: ${rng.words(4)}`, at, at);
      variant.run(
        `seeded-${i}-x`,
        `seeded-${i}`,
        'x',
        `Draft ${i} for X. ${rng.words(rng.int(5, 40))}`,
        at,
        at,
      );
    }
  })();
  db.close();
}

/** Drafts made through the bridge, as the window makes them (their changes wait in the outbox). */
async function draftThroughCore(dataDir: string, label: string, count: number, rng: Rng): Promise<void> {
  const core = await open(dataDir);
  try {
    for (let i = 0; i < count; i++) {
      const post = await core.invoke('posts.create', { workspace: null, title: `${label} ${i}` });
      if (!post.ok) throw new Error(post.error.message);
      const content = `${label} ${i} for LinkedIn. ${rng.words(rng.int(5, 60))}`;
      const made = await core.invoke('variants.create', {
        postId: post.value.id,
        platform: 'linkedin',
        content,
        account: { kind: 'none' },
      });
      if (!made.ok) throw new Error(made.error.message);
    }
  } finally {
    await core.close(1_000);
  }
}

type Texts = Map<string, string>;

/** Every post's title and every variant's text in a file, by id. */
function textsIn(file: string): Texts {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const texts: Texts = new Map();
    for (const p of db.prepare('select id, title from post').all() as Array<{ id: string; title: string }>)
      texts.set(`post ${p.id}`, p.title);
    for (const v of db.prepare('select id, content from variant').all() as Array<{
      id: string;
      content: string;
    }>)
      texts.set(`variant ${v.id}`, v.content);
    return texts;
  } finally {
    db.close();
  }
}

/** A folder of drafts, a copy of it, and drafts written after the copy; closed, its log folded in. */
async function library(): Promise<{ dir: string; beforeCopy: Texts; afterCopy: Texts }> {
  const rng = createRng(SEED);
  const dir = tempDir('damage-library');
  const file = join(dir, DATABASE_FILE);
  await (await open(dir)).close(1_000);
  seedDrafts(file, FIGURES.damagePosts, rng);
  await draftThroughCore(dir, 'Before the copy', 20, rng);
  const core = await open(dir);
  const copy = await core.invoke('data.backup', undefined);
  await core.close(1_000);
  if (!copy.ok) throw new Error(copy.error.message);
  const beforeCopy = textsIn(copy.value.file);
  await draftThroughCore(dir, 'After the copy', FIGURES.damageDraftsAfterCopy, rng);
  const afterCopy = new Map([...textsIn(file)].filter(([key]) => !beforeCopy.has(key)));
  return { dir, beforeCopy, afterCopy };
}

/** Whole pages of random bytes, so no two damaged pages look alike. */
function scribble(file: string, pages: readonly number[], rng: Rng): void {
  const fd = openSync(file, 'r+');
  try {
    for (const page of pages) {
      const bytes = Buffer.alloc(PAGE);
      for (let i = 0; i < PAGE; i++) bytes[i] = rng.int(0, 255);
      writeSync(fd, bytes, 0, PAGE, (page - 1) * PAGE);
    }
  } finally {
    closeSync(fd);
  }
}

interface RunOutcome {
  pages: number;
  started: boolean;
  recovered: boolean;
  keptByteForByte: boolean;
  lostBeforeCopy: string[];
  backAfterCopy: number;
  startMs: number;
}

/** One damaged folder: random pages overwritten, then a start, and what it holds. */
async function damagedStart(
  lib: { dir: string; beforeCopy: Texts; afterCopy: Texts },
  rng: Rng,
): Promise<RunOutcome> {
  const dir = tempDir('damage-run');
  try {
    cpSync(lib.dir, dir, { recursive: true });
    const file = join(dir, DATABASE_FILE);
    const inUse = pagesInUse(file);
    const count = rng.int(1, 8);
    // Now and then the first page too: the header and the schema's root.
    const pages = new Set<number>(rng.chance(0.2) ? [1] : []);
    while (pages.size < count) pages.add(rng.pick(inUse));
    scribble(file, [...pages], rng);
    const damaged = readFileSync(file);

    const started = Date.now();
    let core: Awaited<ReturnType<typeof open>>;
    try {
      core = await open(dir);
    } catch {
      const none = { recovered: false, keptByteForByte: false, lostBeforeCopy: [], backAfterCopy: 0 };
      return { pages: pages.size, started: false, startMs: 0, ...none };
    }
    const startMs = Date.now() - started;
    const status = await core.invoke('data.status', undefined);
    await core.close(1_000);
    const recovered = status.ok && status.value.notice !== null;
    const aside = readdirSync(dir).find((name) => name.startsWith(`${DATABASE_FILE}.damaged-`));
    const keptByteForByte = aside !== undefined && readFileSync(join(dir, aside)).equals(damaged);
    const now = textsIn(file);
    const lostBeforeCopy = [...lib.beforeCopy]
      .filter(([key, text]) => now.get(key) !== text)
      .map(([key]) => key);
    const backAfterCopy = [...lib.afterCopy].filter(([key, text]) => now.get(key) === text).length;
    return {
      pages: pages.size,
      started: true,
      recovered,
      keptByteForByte,
      lostBeforeCopy,
      backAfterCopy,
      startMs,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('damage run', () => {
  it(
    `starts on ${FIGURES.damageRuns} damaged copies of ${FIGURES.damagePosts} drafts, every draft before the copy kept`,
    { timeout: 1_800_000 },
    async () => {
      const lib = await library();
      const rng = createRng(SEED + 1);
      const outcomes: RunOutcome[] = [];
      try {
        for (let run = 0; run < FIGURES.damageRuns; run++) outcomes.push(await damagedStart(lib, rng));
      } finally {
        rmSync(lib.dir, { recursive: true, force: true });
      }
      const sum = (f: (o: RunOutcome) => number) => outcomes.reduce((n, o) => n + f(o), 0);
      const lost = sum((o) => o.lostBeforeCopy.length);
      console.log(
        `damage run: ${outcomes.length} damaged files (${sum((o) => o.pages)} pages overwritten), ` +
          `${sum((o) => (o.started ? 1 : 0))} started, ${sum((o) => (o.recovered ? 1 : 0))} found damaged and recovered, ` +
          `${sum((o) => (o.keptByteForByte ? 1 : 0))} damaged files kept byte for byte, ` +
          `drafts before the copy lost ${lost} of ${lib.beforeCopy.size * outcomes.length} texts, ` +
          `drafts after the copy back ${sum((o) => o.backAfterCopy)} of ${lib.afterCopy.size * outcomes.length} texts, ` +
          `slowest start ${Math.max(...outcomes.map((o) => o.startMs))} ms`,
      );
      for (const o of outcomes)
        if (o.lostBeforeCopy.length > 0) console.log(`lost: ${o.lostBeforeCopy.slice(0, 10).join(', ')}`);

      expect(outcomes.every((o) => o.started)).toBe(true);
      expect(lost).toBe(0);
      // A start that found the damage kept the damaged file as it was.
      expect(outcomes.filter((o) => o.recovered && !o.keptByteForByte)).toEqual([]);
    },
  );
});
