// Start-up and rendering, in Chromium through the browser host (the same renderer as the
// desktop window) with a 10,000-post database:
// - start-up: from spawning `node out/main/browser-host.js` to the window's first contentful
//   paint with the post list visible (Chromium itself is already running, as Electron's
//   runtime would be, drawing at the display's frame rate as a window does; a fresh browser
//   context per run, so nothing is cached);
// - first list: from navigation start to the first rendered row, on a running host that is
//   not busy with the previous page's requests;
// - frames: requestAnimationFrame deltas while the list scrolls, with the frame-rate limit
//   and vsync off, so a delta is the time the frame took rather than the display's 16.7 ms.
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { startHost } from './lib/browser-host';

const LIST_ROW = 'ul[aria-label="Post list"] li';

export interface RenderResult {
  startupMs: number[];
  hostReadyMs: number[];
  startupFcpMs: number[];
  firstListMs: number[];
  /** The posts.list request for the first screenful (host work + transfer of its summaries). */
  postsListMs: number[];
  frameMs: number[];
  smoothFrameMs: number[];
  jumpFrameMs: number[];
  rows: number;
}

interface Host {
  url: string;
  readyAt: number;
  close(): Promise<void>;
}

async function startTimedHost(dataDir: string, nodeFlags: readonly string[]): Promise<Host> {
  const host = await startHost(dataDir, nodeFlags);
  return { url: host.url, readyAt: Date.now(), close: () => host.close() };
}

/** Records when the first list row appears, relative to navigation start. */
const INIT_SCRIPT = `
  (() => {
    const mark = () => {
      if (window.__firstRow === undefined && document.querySelector('${LIST_ROW}')) {
        window.__firstRow = performance.now();
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(mark);
    observer.observe(document, { childList: true, subtree: true });
  })();
`;

// Functions, not source text: the renderer's CSP forbids evaluating strings in polls.
const FIRST_ROW_SEEN = (): boolean => (globalThis as { __firstRow?: number }).__firstRow !== undefined;
/**
 * The window shows a first screenful, then the rest a page at a time; the count above the list
 * ("10003 posts · Last changed", the order named after it) appears once the last page is in.
 */
const WHOLE_LIST_SHOWN = (): boolean =>
  /\d\s+posts?\b/.test(
    (
      globalThis as { document?: { querySelector(s: string): { textContent: string | null } | null } }
    ).document
      ?.querySelector('.count')
      ?.textContent?.trim() ?? '',
  );

/** A fresh context and a blank page, ready before the host starts (as Electron's window would be). */
async function blankWindow(browser: Browser): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(INIT_SCRIPT);
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/**
 * Opens the window at `url` and waits for its first row. The page notes the row's time itself
 * (INIT_SCRIPT), so the wait only has to see that note, four times a second: a selector wait
 * runs Playwright's query engine on the renderer's main thread every frame, the very thread
 * whose start-up is timed (start-up 0.09 s slower with it: 1.19 s against 1.10 s, median of
 * five runs of 4 start-ups each, taking turns).
 */
async function showList(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'commit' });
  await firstRowSeen(page);
}

/** Waits for the page's own note of its first row (see showList). */
function firstRowSeen(page: Page): Promise<unknown> {
  return page.waitForFunction(FIRST_ROW_SEEN, undefined, { polling: 250, timeout: 60_000 });
}

/** Page-side: the first contentful paint (waiting for it if needed) and the first row's time. */
const PAINT_SCRIPT = `
  new Promise((resolve) => {
    const list = performance
      .getEntriesByType('resource')
      .find((e) => e.name.includes('/bridge/invoke/posts.list'));
    const done = (fcp) =>
      resolve({
        timeOrigin: performance.timeOrigin,
        fcp,
        firstRow: window.__firstRow,
        postsList: list ? list.responseEnd - list.startTime : -1,
      });
    const existing = performance.getEntriesByName('first-contentful-paint')[0];
    if (existing) return done(existing.startTime);
    new PerformanceObserver((entries) => {
      const entry = entries.getEntriesByName('first-contentful-paint')[0];
      if (entry) done(entry.startTime);
    }).observe({ type: 'paint', buffered: true });
  })
`;

interface PaintTimes {
  timeOrigin: number;
  fcp: number;
  firstRow: number;
  /** The first screenful's posts.list bridge request, as the page's resource timing saw it (-1: not found). */
  postsList: number;
}

async function paintTimes(page: Page): Promise<PaintTimes> {
  return page.evaluate<PaintTimes>(PAINT_SCRIPT);
}

/**
 * rAF deltas while scrolling: `smooth` frames of 40 px, then `jumps` frames of a full screen
 * each. Kept as source text: a transpiled function would carry helper names the page lacks.
 */
const SCROLL_SCRIPT = `
  async ({ selector, smooth, jumps }) => {
    const viewport = document.querySelector(selector)?.parentElement;
    if (!viewport) throw new Error('no post list viewport');
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const run = async (count, step) => {
      const deltas = [];
      let last = await frame();
      for (let i = 0; i < count; i++) {
        viewport.scrollTop += step;
        if (viewport.scrollTop + viewport.clientHeight >= viewport.scrollHeight - step) viewport.scrollTop = 0;
        const now = await frame();
        deltas.push(now - last);
        last = now;
      }
      return deltas;
    };
    await run(20, 40);
    return { smooth: await run(smooth, 40), jump: await run(jumps, viewport.clientHeight) };
  }
`;

async function scrollFrames(
  page: Page,
  smooth: number,
  jumps: number,
): Promise<{ smooth: number[]; jump: number[] }> {
  const args = JSON.stringify({ selector: 'ul[aria-label="Post list"]', smooth, jumps });
  return page.evaluate<{ smooth: number[]; jump: number[] }>(`(${SCROLL_SCRIPT})(${args})`);
}

export interface StartupResult {
  startupMs: number[];
  hostReadyMs: number[];
  startupFcpMs: number[];
}

/** `startups` start-ups of the host on `dataDir`, each timed to the first paint with the list. */
async function timeStartups(
  browser: Browser,
  dataDir: string,
  startups: number,
  nodeFlags: readonly string[],
): Promise<StartupResult> {
  const result: StartupResult = { startupMs: [], hostReadyMs: [], startupFcpMs: [] };
  for (let i = 0; i < startups; i++) {
    const win = await blankWindow(browser);
    const t0 = Date.now();
    const host = await startTimedHost(dataDir, nodeFlags);
    try {
      await showList(win.page, host.url);
      const p = await paintTimes(win.page);
      result.hostReadyMs.push(host.readyAt - t0);
      result.startupFcpMs.push(p.timeOrigin + p.fcp - t0);
      result.startupMs.push(p.timeOrigin + Math.max(p.fcp, p.firstRow) - t0);
      await win.close();
    } finally {
      await host.close();
    }
  }
  return result;
}

/** Start-up alone, as the growth table measures it at each library size. */
export async function benchStartup(options: {
  dataDir: string;
  startups: number;
  nodeFlags?: readonly string[];
}): Promise<StartupResult> {
  const browser = await launchChromium();
  try {
    return await timeStartups(browser, options.dataDir, options.startups, options.nodeFlags ?? []);
  } finally {
    await browser.close();
  }
}

export async function benchRender(options: {
  dataDir: string;
  startups: number;
  reloads: number;
  smoothFrames: number;
  jumpFrames: number;
  /** Node/V8 flags the host starts with (the app's own). */
  nodeFlags?: readonly string[];
}): Promise<RenderResult> {
  const result: RenderResult = {
    startupMs: [],
    hostReadyMs: [],
    startupFcpMs: [],
    firstListMs: [],
    postsListMs: [],
    frameMs: [],
    smoothFrameMs: [],
    jumpFrameMs: [],
    rows: 0,
  };
  const browser = await launchChromium();
  try {
    Object.assign(
      result,
      await timeStartups(browser, options.dataDir, options.startups, options.nodeFlags ?? []),
    );

    const host = await startHost(options.dataDir, options.nodeFlags ?? []);
    try {
      const win = await blankWindow(browser);
      await showList(win.page, host.url);
      await win.page.waitForFunction(WHOLE_LIST_SHOWN);
      result.rows = await win.page.evaluate<number>(
        `Number(document.querySelector('${LIST_ROW}')?.getAttribute('aria-setsize') ?? 0)`,
      );
      for (let i = 0; i < options.reloads; i++) {
        await win.page.reload({ waitUntil: 'commit' });
        await firstRowSeen(win.page);
        const times = await paintTimes(win.page);
        result.firstListMs.push(times.firstRow);
        if (times.postsList >= 0) result.postsListMs.push(times.postsList);
        // The rest of the list is still on its way: a reload now would queue behind it.
        await win.page.waitForFunction(WHOLE_LIST_SHOWN);
      }
      await win.close();
    } finally {
      await host.close();
    }
  } finally {
    await browser.close();
  }

  // The frames, in an unthrottled Chromium started only now, so that it never runs beside the
  // start-ups it would slow (and a host of its own: each address opens one page).
  const unthrottled = await launchChromium(true);
  try {
    const scrollHost = await startHost(options.dataDir, options.nodeFlags ?? []);
    try {
      const win = await blankWindow(unthrottled);
      await showList(win.page, scrollHost.url);
      // Scrolled through the whole list, not the first screenful.
      await win.page.waitForFunction(WHOLE_LIST_SHOWN);
      const frames = await scrollFrames(win.page, options.smoothFrames, options.jumpFrames);
      result.smoothFrameMs = frames.smooth;
      result.jumpFrameMs = frames.jump;
      result.frameMs = [...frames.smooth, ...frames.jump];
      await win.close();
    } finally {
      await scrollHost.close();
    }
  } finally {
    await unthrottled.close();
  }
  return result;
}
