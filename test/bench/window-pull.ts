// A first pull as a person sees it: the browser host on an empty data folder, a Chromium window
// on it, "Connect" pressed in Settings with the address of a service holding a large library,
// and the post list shown while the pull runs. Times the pull, notes when the list's count
// first names the whole library, adds up what the window read for its list meanwhile
// (posts.list, posts.page, posts.refresh: requests and bytes) and the CPU time the window and
// the host took.
// Run alone: `npm run build && BENCH_ONLY=window-pull npm run bench`.
import { copyFileSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { startHost } from './lib/browser-host';
import { loadNow, type LoadSample } from './lib/load';
import { startSandboxProcess } from './lib/sandbox-process';
import { seedSandboxFile } from './lib/seed';
import type { ListReads, WindowPullFigures } from './lib/window-pull-row';

const LIST_COMMANDS = ['posts.list', 'posts.page', 'posts.refresh'] as const;
type ListCommand = (typeof LIST_COMMANDS)[number];

/** The list's count as the window shows it ("10003 posts · Sorted by ..."), as a number. */
async function listedCount(page: Page): Promise<number | null> {
  const text =
    (await page
      .locator('.count')
      .first()
      .textContent({ timeout: 5_000 })
      .catch(() => null)) ?? '';
  const match = /^\s*(\d+)\s+posts?\b/.exec(text);
  return match ? Number(match[1]) : null;
}

async function syncStatus(page: Page): Promise<string> {
  return (await page.getByRole('status', { name: 'Sync status' }).textContent()) ?? '';
}

/** CPU time of a process (all its threads) so far, from /proc/<pid>/stat. */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's name (in brackets, which may hold spaces): utime and stime
  // are the 12th and 13th, in clock ticks of 10 ms.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Time the page's main thread has spent in tasks so far (Chromium's TaskDuration). */
async function pageTaskMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

/** One first pull of a service seeded with `posts` posts, the window open on the list. */
async function pullWithWindow(
  serviceFile: string,
  posts: number,
  dataDir: string,
  nodeFlags: readonly string[],
): Promise<WindowPullFigures> {
  const sandbox = await startSandboxProcess(serviceFile);
  const host = await startHost(dataDir, nodeFlags);
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(host.url);
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const reads = Object.fromEntries(LIST_COMMANDS.map((c) => [c, { requests: 0, bytes: 0 }])) as Record<
      ListCommand,
      ListReads
    >;
    let counting = false;
    const answered: Array<Promise<void>> = [];
    page.on('requestfinished', (request) => {
      const command = /\/bridge\/invoke\/(posts\.[a-z]+)$/i.exec(new URL(request.url()).pathname)?.[1];
      if (!counting || !(LIST_COMMANDS as readonly string[]).includes(command ?? '')) return;
      const read = reads[command as ListCommand];
      read.requests++;
      answered.push(
        request.sizes().then((sizes) => {
          read.bytes += sizes.responseBodySize;
        }),
      );
    });
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Service address').fill(sandbox.baseUrl);
    await page.getByLabel('Access token').fill(sandbox.token);
    counting = true;
    const cpu0 = { window: await pageTaskMs(cdp), host: processCpuMs(host.child.pid!) };
    const t0 = Date.now();
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByText(/^Connected\. /).waitFor();
    await main.getByRole('button', { name: 'Posts' }).click();
    // The count the list shows, four times a second (each look is a little work on the window's
    // thread, the one being measured), until the pull is over.
    const seen: Array<{ at: number; count: number | null }> = [];
    let pullMs: number | null = null;
    while (pullMs === null) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const at = Date.now() - t0;
      seen.push({ at, count: await listedCount(page) });
      if (/^Up to date/.test(await syncStatus(page))) pullMs = at;
      if (at > 30 * 60_000) throw new Error('window pull: the first pull did not end in 30 minutes');
    }
    counting = false;
    const cpu = {
      windowMs: (await pageTaskMs(cdp)) - cpu0.window,
      hostMs: processCpuMs(host.child.pid!) - cpu0.host,
    };
    await Promise.all(answered);
    // The whole library is what the list shows once it has settled: the same count for 2 s.
    for (let stable = 0, looks = 0; stable < 8 && looks < 240; looks++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const count = await listedCount(page);
      stable = count === seen.at(-1)?.count ? stable + 1 : 0;
      seen.push({ at: Date.now() - t0, count });
    }
    const whole = seen.at(-1)?.count;
    const listWholeMs = seen.find((s) => s.count === whole && whole !== null && whole >= posts)?.at ?? null;
    return { posts, pullMs, listWholeMs, reads, cpu };
  } finally {
    await browser.close();
    await host.close();
    await sandbox.close();
  }
}

export interface WindowPullRun {
  figures: WindowPullFigures;
  load: LoadSample;
}

/** `nodeFlags`: Node/V8 flags the host starts with (BENCH_OUTPOST_FLAGS: trials, profiles). */
export async function benchWindowPull(
  sizes: readonly number[],
  log: (message: string) => void = () => {},
  nodeFlags: readonly string[] = [],
): Promise<WindowPullRun[]> {
  const work = await mkdtemp(join(tmpdir(), 'outpost-bench-window-pull-'));
  const runs: WindowPullRun[] = [];
  try {
    for (const posts of sizes) {
      log(`window pull: seeding ${posts} posts x 2 variants`);
      const seeded = seedSandboxFile(join(work, `service-${posts}.db`), { posts, variantsPerPost: 2 });
      const serviceFile = join(work, `service-${posts}-run.db`);
      copyFileSync(seeded.file, serviceFile);
      const load = loadNow();
      const figures = await pullWithWindow(serviceFile, posts, join(work, `data-${posts}`), nodeFlags);
      runs.push({ figures, load });
      await rm(join(work, `data-${posts}`), { recursive: true, force: true });
      await rm(serviceFile, { force: true });
      await rm(seeded.file, { force: true });
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return runs;
}
