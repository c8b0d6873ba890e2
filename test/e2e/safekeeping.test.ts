// The data folder, through the window: a start on a damaged database opens and says what
// happened; a full disk keeps what is typed on screen, says so, and saves it once there is
// room; Settings > Your data makes a copy, exports everything and brings an export back.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createAppCore } from '../../src-main/core/app/create-app-core';
import { DATABASE_FILE } from '../../src-main/core/paths';
import { MemorySecretStore } from '../../src-main/core/secrets/memory-store';
import { zeroHeader } from '../support/damage';
import { Disk } from '../support/full-disk';
import { addVariant, launchChromium, newPost, openWindow, startApp, until, waitForText } from './harness';

/** The words the window shows beside a text a full disk keeps from being saved. */
const DISK_FULL_WORDS = 'Your disk is full: this text is kept here and saved once there is room.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});
let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function started(options: Parameters<typeof startApp>[0] = {}) {
  const app = await startApp(options);
  const { context, page } = await openWindow(browser, app);
  cleanup.push(async () => {
    await context.close();
    await app.close();
  });
  return { app, page };
}

/** A folder with a draft before a copy and one after it, then its header zeroed. */
async function damagedFolder(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'outpost-e2e-damaged-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const core = await createAppCore({
    dataDir,
    secrets: new MemorySecretStore(),
    host: 'cli',
    version: 'e2e',
    syncIntervalMs: false,
    syncAfterChangeMs: false,
  });
  for (const [title, wantCopy] of [
    ['Written before the copy', true],
    ['Written after the copy', false],
  ] as const) {
    const post = await core.invoke('posts.create', { workspace: null, title });
    if (!post.ok) throw new Error(post.error.message);
    if (wantCopy) await core.invoke('data.backup', undefined);
  }
  await core.close(1_000);
  zeroHeader(join(dataDir, DATABASE_FILE));
  return dataDir;
}

describe('the window and its data folder', () => {
  it('opens on a damaged database and says what happened until it is read', async () => {
    const dataDir = await damagedFolder();
    const { page } = await started({ dataDir });
    const notice = page.getByRole('alert').filter({ hasText: 'found its database damaged' });
    await waitForText(
      notice,
      /put back its copy of .*The damaged file was kept as it was: .*outpost\.db\.damaged-/s,
    );
    const list = page.getByRole('main', { name: 'Posts' });
    await list.getByText('Written before the copy').waitFor();
    await list.getByText('Written after the copy').waitFor();
    await notice.getByRole('button', { name: 'Got it' }).click();
    await notice.waitFor({ state: 'detached' });
  });

  it('keeps a text typed on a full disk on screen, says so, and saves it once there is room', async () => {
    const disk = new Disk();
    const { app, page } = await started({ onDatabaseConnection: disk.onConnection });
    await newPost(page, 'Launch');
    await addVariant(page, 'x', 'Saved before the disk filled');
    const field = page.getByLabel('Content', { exact: true });
    const postId = await until('the post saved', async () => {
      const list = await app.core.invoke('posts.list', { workspace: null });
      return list.ok ? list.value.find((p) => p.title === 'Launch')?.id : undefined;
    });
    await until('the text saved', async () => {
      const post = await app.core.invoke('posts.get', { id: postId });
      return post.ok && post.value.variants[0]?.content === 'Saved before the disk filled';
    });

    disk.fill();
    const typed = `Typed on a full disk. ${'More words. '.repeat(2000)}`;
    await field.fill(typed);
    await field.blur();
    await page.getByText(DISK_FULL_WORDS).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Your disk is full: what you type is kept here/ })
      .waitFor();
    expect(await field.inputValue()).toBe(typed);

    // Another post and back: the text held is still what shows.
    await newPost(page, 'Another');
    await page.getByRole('main', { name: 'Posts' }).getByText('Launch').click();
    await until('the held text shown again', async () => (await field.inputValue()) === typed);

    disk.free();
    await until(
      'the held text saved once there is room',
      async () => {
        const post = await app.core.invoke('posts.get', { id: postId });
        return post.ok && post.value.variants[0]?.content === typed;
      },
      20_000,
    );
    await page.getByText(DISK_FULL_WORDS).waitFor({ state: 'detached' });
  });

  it('makes a copy, exports everything and brings an export back from Settings > Your data', async () => {
    const { app, page } = await started();
    await newPost(page, 'Kept in the export');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: 'Your data' });
    await section.getByRole('button', { name: 'Make a copy now' }).click();
    await waitForText(section.getByRole('status'), /^Copy made: .*backups/);
    await section.getByRole('cell', { name: 'made when asked' }).waitFor();

    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Export everything…' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^outpost-export-\d{4}-\d{2}-\d{2}\.json$/);
    const file = join(app.dataDir, 'exported.json');
    await download.saveAs(file);
    const exported = JSON.parse(await readFile(file, 'utf8')) as { posts: Array<{ title: string }> };
    expect(exported.posts.map((p) => p.title)).toEqual(['Kept in the export']);

    await section.getByLabel('Export file to restore').setInputFiles(file);
    await waitForText(
      section.getByRole('status'),
      /^Nothing new: everything in the export is here already\./,
    );
  });
});
