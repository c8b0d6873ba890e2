// A start on a damaged database never fails: the damaged file is kept byte for byte beside the
// folder's database, the newest copy comes back, what can still be read of the damaged file is
// merged in, and the status says so in plain words. Real files, real damage.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEarlyCheck } from '../../../src-main/core-thread/early-check';
import { DATABASE_FILE } from '../../../src-main/core/paths';
import { checkWorkerBundle } from '../../support/core-worker-bundle';
import { middlePages, overwritePages, pagesHolding, truncateTo, zeroHeader } from '../../support/damage';
import type { EarlyCheck } from '../../../src-main/core/store/recovery/quick-check';
import { openCore, tempDir, type TestCore } from '../core/helpers';

let dirs: Array<{ remove(): void }> = [];
afterEach(() => {
  for (const d of dirs) d.remove();
  dirs = [];
});

function folder(): string {
  const t = tempDir('outpost-damage-');
  dirs.push(t);
  return t.dir;
}

async function draft(t: TestCore, title: string, content: string): Promise<void> {
  const post = await t.call('posts.create', { workspace: null, title });
  await t.call('variants.create', { postId: post.id, platform: 'x', content, account: { kind: 'none' } });
}

/** A folder with drafts before a copy, the copy, and a draft after it; closed (its log folded in). */
async function folderWithCopy(): Promise<{ dir: string; file: string; copy: string }> {
  const dir = folder();
  const t = await openCore({ dir });
  for (let i = 0; i < 40; i++) await draft(t, `Filler ${i}`, `filler text ${i} `.repeat(30));
  await draft(t, 'Before the copy', 'BEFORE-COPY-MARKER drafted before the copy');
  const copy = await t.call('data.backup', undefined);
  await draft(t, 'After the copy', 'AFTER-COPY-MARKER drafted after the copy');
  await t.core.close(1_000);
  return { dir, file: join(dir, DATABASE_FILE), copy: copy.file };
}

/** The folder's files named like a damaged database set aside. */
function damagedFiles(dir: string): string[] {
  return readdirSync(dir).filter((name) => /^outpost\.db\.damaged-[\dTZ-]+$/.test(name));
}

async function startAfterDamage(dir: string, damagedBytes: Buffer, earlyCheck?: EarlyCheck) {
  const t = await openCore({ dir, ...(earlyCheck ? { earlyCheck } : {}) });
  const status = await t.call('data.status', undefined);
  const titles = (await t.call('posts.list', { workspace: null })).map((p) => p.title);
  const [aside] = damagedFiles(dir);
  expect(aside, 'the damaged file is kept beside the database').toBeDefined();
  expect(readFileSync(join(dir, aside as string)).equals(damagedBytes), 'kept byte for byte').toBe(true);
  return { t, status, titles };
}

describe('a start on a damaged database', () => {
  it('three pages overwritten in the middle: the copy comes back, and the draft written after it too', async () => {
    const { dir, file } = await folderWithCopy();
    const after = pagesHolding(file, 'AFTER-COPY-MARKER');
    const before = pagesHolding(file, 'BEFORE-COPY-MARKER');
    overwritePages(file, middlePages(file, 3, [...after, ...before]));
    const damaged = readFileSync(file);

    const { t, status, titles } = await startAfterDamage(dir, damaged);
    expect(titles).toContain('Before the copy');
    expect(titles).toContain('After the copy');
    expect(status.notice?.kind).toBe('recovered');
    expect(status.notice?.title).toMatch(/found its database damaged \(.+\) and repaired it/);
    expect(status.notice?.lines.join(' ')).toMatch(/put back its copy of/);
    expect(status.notice?.lines.join(' ')).toContain(status.notice?.damagedFile ?? 'no file');
    expect(status.notice?.thisStart).toBe(true);
    await t.close();

    // Read once: dismissed, it is gone for good.
    const again = await openCore({ dir });
    expect((await again.call('data.status', undefined)).notice?.thisStart).toBe(false);
    expect((await again.call('data.dismissNotice', undefined)).notice).toBeNull();
    await again.close();
  });

  it('a file cut to a third: the draft written before the copy is there', async () => {
    const { dir, file } = await folderWithCopy();
    truncateTo(file, 1 / 3);
    const { t, titles, status } = await startAfterDamage(dir, readFileSync(file));
    expect(titles).toContain('Before the copy');
    expect(status.notice?.lines.join(' ')).toMatch(/put back its copy/);
    await t.close();
  });

  it('a zeroed header ("file is not a database"): the copy comes back, and the later draft is read from the pages', async () => {
    const { dir, file } = await folderWithCopy();
    zeroHeader(file);
    const { t, titles, status } = await startAfterDamage(dir, readFileSync(file));
    expect(titles).toContain('Before the copy');
    expect(titles).toContain('After the copy');
    expect(status.notice?.title).toMatch(/not a database/);
    await t.close();
  });

  it('without any copy, what can be read of the damaged file is kept', async () => {
    const dir = folder();
    const t = await openCore({ dir });
    await draft(t, 'Only here', 'ONLY-HERE-MARKER never copied');
    await t.core.close(1_000);
    const file = join(dir, DATABASE_FILE);
    zeroHeader(file);
    const { t: after, titles, status } = await startAfterDamage(dir, readFileSync(file));
    expect(titles).toEqual(['Only here']);
    expect(status.notice?.lines.join(' ')).toMatch(/no copy to put back/);
    await after.close();
  });

  it('a file with nothing readable and no copy: the start is empty beside the kept file, and says so', async () => {
    const dir = folder();
    const file = join(dir, DATABASE_FILE);
    const noise = Buffer.alloc(64 * 1024, 0x5a);
    writeFileSync(file, noise);
    const { t, titles, status } = await startAfterDamage(dir, noise);
    expect(titles).toEqual([]);
    expect(status.notice?.lines.join(' ')).toMatch(/starts empty beside it/);
    // The new database is a working one.
    await draft(t, 'A new start', 'drafted after');
    expect((await t.call('posts.list', { workspace: null })).map((p) => p.title)).toEqual(['A new start']);
    expect(existsSync(file)).toBe(true);
    await t.close();
  });
});

// The core's thread starts the quick check on a thread of its own before it loads the core's
// code (core-thread/early-check.ts); the open takes that check's verdict in place of its own.
describe('the check made while the core loads', () => {
  it('finds the damage of a damaged file on its own thread, and the start recovers on its verdict', async () => {
    const { dir, file } = await folderWithCopy();
    const worker = await checkWorkerBundle();
    expect(await startEarlyCheck({ dataDir: dir }, worker)).toEqual([]);
    overwritePages(file, middlePages(file, 3, pagesHolding(file, 'AFTER-COPY-MARKER')));
    const verdict = startEarlyCheck({ dataDir: dir }, worker);
    if (verdict === null) throw new Error('the check did not start');
    expect((await verdict)?.length, 'what SQLite’s quick check found').toBeGreaterThan(0);
    const { t, titles, status } = await startAfterDamage(dir, readFileSync(file), verdict);
    expect(status.notice?.kind).toBe('recovered');
    expect(titles).toContain('Before the copy');
    expect(titles).toContain('After the copy');
    await t.close();
  });

  it('is taken for the file found at the start only: the copy put back is checked again by the open', async () => {
    const { dir, file } = await folderWithCopy();
    // A verdict of damage on a sound file: had it been taken for the copy too, that copy would
    // have been set aside in turn and the start left empty.
    const verdict = Promise.resolve(['Page 3: btreeInitPage() returns error code 11']);
    const { t, titles, status } = await startAfterDamage(dir, readFileSync(file), verdict);
    expect(status.notice?.lines.join(' ')).toMatch(/put back its copy of/);
    expect(titles).toContain('Before the copy');
    expect(titles).toContain('After the copy');
    await t.close();
  });

  it('that could not be made leaves the check to the open, which finds the damage itself', async () => {
    const { dir, file } = await folderWithCopy();
    overwritePages(file, middlePages(file, 3, pagesHolding(file, 'AFTER-COPY-MARKER')));
    const { t, status } = await startAfterDamage(dir, readFileSync(file), Promise.resolve(null));
    expect(status.notice?.kind).toBe('recovered');
    await t.close();
  });

  it('cannot be made of a folder with no database yet, and makes none', async () => {
    const dir = folder();
    expect(await startEarlyCheck({ dataDir: dir }, await checkWorkerBundle())).toBeNull();
    expect(existsSync(join(dir, DATABASE_FILE))).toBe(false);
  });

  it('cannot be made without its thread’s script or a data folder, and says so at once rather than never', async () => {
    const dir = folder();
    expect(await startEarlyCheck({ dataDir: dir }, join(dir, 'no-such-worker.mjs'))).toBeNull();
    expect(startEarlyCheck({ dataDir: 42 }, await checkWorkerBundle())).toBeNull();
    expect(startEarlyCheck(undefined, await checkWorkerBundle())).toBeNull();
  });
});
