// The end-to-end harness: the sandbox service, the real core behind the browser host (both in
// this process, temp data dirs), and Debian's Chromium driven by playwright-core. Tests wait on
// the UI and on the core's events, never on sleeps.
import { mkdtemp, mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type {
  BridgeEvent,
  BridgeEvents,
  CommandName,
  CommandPayload,
  CommandResult,
  EventName,
} from '@preload/bridge';
import { startBrowserHost } from '../../src-main/browser-host/lifecycle';
import type { BrowserHost } from '../../src-main/browser-host/lifecycle';
import { createAppCore, type AppCoreOptions } from '../../src-main/core/app/create-app-core';
import type { AppCore, Clock, Scheduler } from '../../src-main/core/ports';
import { MemorySecretStore } from '../../src-main/core/secrets';
import { startCoreThread } from '../../src-main/core-thread/threaded-core';
import { coreWorkerBundle } from '../support/core-worker-bundle';
import { startSandbox } from '../server/index';
import type { SandboxHandle, SandboxOptions } from '../server/index';
import { launchChromium } from '../support/chromium';
import { clockFrom, TEST_NOW } from '../support/test-date';

export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

export { launchChromium };

export interface AppUnderTest {
  dataDir: string;
  core: AppCore;
  host: BrowserHost;
  events: BridgeEvent[];
  /** Resolves with the first event (already seen or still to come) that matches. */
  waitForEvent<E extends EventName>(
    name: E,
    match?: (data: BridgeEvents[E]) => boolean,
  ): Promise<BridgeEvents[E]>;
  close(): Promise<void>;
}

/**
 * The core and the browser host over a fresh data dir. `clock` lets the core follow a sandbox's
 * clock (by default it starts at the test's day, TEST_NOW); `secretsMessage` is what the core
 * says when no OS keychain answered.
 */
export async function startApp(
  options: {
    clock?: Clock;
    scheduler?: Scheduler;
    dataDir?: string;
    secretsMessage?: string;
    syncIntervalMs?: number;
    /** The core's database connection as it opens (a test makes the disk full with it). */
    onDatabaseConnection?: AppCoreOptions['onDatabaseConnection'];
    /** The core on a thread of its own, as the browser host program runs it (real time then). */
    coreThread?: boolean;
  } = {},
): Promise<AppUnderTest> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'outpost-e2e-')));
  const secrets = new MemorySecretStore();
  const core = options.coreThread
    ? await threadedCore(dataDir, secrets)
    : await createAppCore({
        dataDir,
        secrets,
        host: 'browser',
        version: '0.0.0-e2e',
        // No timers unless a test asks: each test syncs when it says (the engine's own schedule,
        // the reachability check while offline included, runs only with an interval).
        syncIntervalMs: options.syncIntervalMs ?? false,
        syncAfterChangeMs: false,
        clock: options.clock ?? clockFrom(TEST_NOW),
        ...(options.scheduler ? { scheduler: options.scheduler } : {}),
        ...(options.secretsMessage ? { secretsMessage: options.secretsMessage } : {}),
        ...(options.onDatabaseConnection ? { onDatabaseConnection: options.onDatabaseConnection } : {}),
      });
  const host = await startBrowserHost({ port: 0, dataDir, core, secrets });
  const events: BridgeEvent[] = [];
  const waiters: Array<(event: BridgeEvent) => boolean> = [];
  const unsubscribe = core.subscribe((event) => {
    events.push(event);
    for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i]?.(event)) waiters.splice(i, 1);
  });
  return {
    dataDir,
    core,
    host,
    events,
    waitForEvent<E extends EventName>(
      name: E,
      match?: (data: BridgeEvents[E]) => boolean,
      timeoutMs = 15_000,
    ) {
      const test = (event: BridgeEvent): boolean =>
        event.name === name && (!match || match(event.data as BridgeEvents[E]));
      const seen = events.find(test);
      if (seen) return Promise.resolve(seen.data as BridgeEvents[E]);
      return new Promise<BridgeEvents[E]>((resolve, reject) => {
        const timer = setTimeout(() => {
          const at = waiters.indexOf(waiter);
          if (at !== -1) waiters.splice(at, 1);
          reject(new Error(`Timed out waiting for a ${name} event`));
        }, timeoutMs);
        const waiter = (event: BridgeEvent): boolean => {
          if (!test(event)) return false;
          clearTimeout(timer);
          resolve(event.data as BridgeEvents[E]);
          return true;
        };
        waiters.push(waiter);
      });
    },
    async close() {
      unsubscribe();
      await host.close();
      await core.close(1000);
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The core as the browser host program starts it: on its own thread, no timers (as startApp's). */
async function threadedCore(dataDir: string, secrets: MemorySecretStore): Promise<AppCore> {
  return startCoreThread({
    options: {
      dataDir,
      host: 'browser',
      version: '0.0.0-e2e',
      syncIntervalMs: false,
      syncAfterChangeMs: false,
    },
    secrets: { store: secrets, message: null },
    workerFile: await coreWorkerBundle(),
  });
}

/** The sandbox service, its clock starting at the test's day (TEST_NOW) unless told otherwise. */
export async function startTestSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  return startSandbox({ seed: 'test', startTime: TEST_NOW, ...options });
}

export interface WindowOptions {
  colorScheme?: 'light' | 'dark';
  timezoneId?: string;
  /** The window's language (default en-GB: a 24-hour clock, weeks from Monday). */
  locale?: string;
  /** The instant the page's clock starts at (default: the test's day, TEST_NOW). */
  now?: Date;
}

export async function openWindow(
  browser: Browser,
  app: AppUnderTest,
  options: WindowOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    timezoneId: options.timezoneId ?? 'Europe/Paris',
    locale: options.locale ?? 'en-GB',
    viewport: { width: 1200, height: 800 },
  });
  // The page's clock starts at the test's day, as the sandbox's and the core's do, and flows as
  // usual until a test pauses or fast-forwards it (for what the window does after a few
  // seconds, without waiting them out).
  await context.clock.install({ time: options.now ?? TEST_NOW });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // Kept for the errors of steps that find the page otherwise than expected (editorState).
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  // A fresh one-time code per window: a code opens the app once.
  await page.goto(app.host.pageUrl());
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  return { context, page };
}

/** A sandbox, the app and a window on it: what most tests start from. */
export interface Setup {
  sandbox: SandboxHandle;
  app: AppUnderTest;
  page: Page;
  /** Now, as the core reads it (never the machine's clock: the test's day). */
  now(): number;
  close(): Promise<void>;
}

export interface SetupOptions extends WindowOptions {
  /** The sandbox's clock moves when a test says; the core reads it too, so "due" means the same to both. */
  manualClock?: boolean;
  secretsMessage?: string;
  /** Starts connected, on the posts of the sandbox's workspace (`connectWindow`). */
  connect?: boolean;
  /** The core's own sync timers (off by default); a long one leaves only the engine's checks. */
  syncIntervalMs?: number;
  /** The core's clock and timers both (a virtual time the test moves); not with `manualClock`. */
  time?: Clock & Scheduler;
  /** The core on its own thread, as the browser host program runs it (on the real clock). */
  coreThread?: boolean;
}

export async function startSetup(browser: Browser, options: SetupOptions = {}): Promise<Setup> {
  const {
    manualClock,
    secretsMessage,
    connect: connectFirst,
    syncIntervalMs,
    time,
    coreThread,
    ...windowOptions
  } = options;
  // Every clock starts at the same instant: the sandbox's, the core's (which follows the
  // sandbox's, unless the test moves time itself) and the page's.
  const now = time?.now() ?? windowOptions.now ?? TEST_NOW;
  const sandbox = await startTestSandbox({ startTime: now, ...(manualClock ? { manualClock: true } : {}) });
  const app = await startApp({
    clock: time ?? { now: () => sandbox.clock.now() },
    ...(time ? { scheduler: time } : {}),
    secretsMessage,
    ...(syncIntervalMs !== undefined ? { syncIntervalMs } : {}),
    ...(coreThread ? { coreThread } : {}),
  });
  // `connect`: connected and synced before the window opens, as a person who connected
  // yesterday finds it. The Settings form's own tests connect through the form; here it would
  // only cost each test a second of typing.
  if (connectFirst) await connectCore(app, sandbox);
  const { context, page } = await openWindow(browser, app, { ...windowOptions, now });
  const setup: Setup = {
    sandbox,
    app,
    page,
    now: () => (time ?? sandbox.clock).now().getTime(),
    async close() {
      await context.close();
      await app.close();
      await sandbox.close();
    },
  };
  if (connectFirst) await showWorkspace(page, sandbox.fixtures.workspace);
  return setup;
}

/**
 * Connects the core to the sandbox and picks its workspace, as the Settings form would, then
 * waits for the sync that connecting starts: the window opens on a settled list, not on one
 * the first pull is still filling in.
 */
async function connectCore(app: AppUnderTest, sandbox: SandboxHandle): Promise<void> {
  const { baseUrl, token } = sandbox;
  await call({ app }, 'settings.connect', { baseUrl, token, authHeader: 'bearer' });
  await call({ app }, 'workspaces.select', { slug: sandbox.fixtures.workspace });
  await app.waitForEvent('syncStatus', (status) => status.phase === 'idle' && status.lastSyncAt !== null);
}

/** Waits until the window shows the posts of `slug`, chosen before it opened. */
async function showWorkspace(page: Page, slug: string): Promise<void> {
  await gotoPosts(page);
  const select = page.getByLabel('Workspace', { exact: true });
  await until(`workspace ${slug} shown`, async () => (await select.inputValue()) === slug);
}

export interface ChromiumHooks {
  browser: () => Browser;
  start: (options?: SetupOptions) => Promise<Setup>;
}

let sharedBrowser: Promise<Browser> | undefined;
/**
 * One Chromium for the files of a run. They share one module graph (vitest.config.ts), so this
 * module outlives each file; a launch cost about 0.55 s and 0.75 s of CPU, forty-odd times a
 * run. Each test still has a browser context of its own (storage, cookies, clock): the isolation
 * Playwright gives its tests. Launched again if it went away; Playwright ends it with the process.
 */
async function sharedChromium(): Promise<Browser> {
  const running = await sharedBrowser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  sharedBrowser = launchChromium();
  return sharedBrowser;
}

/**
 * Registers a describe block's hooks: the run's Chromium, the setups a test starts closed after
 * it, whether it passed or not, and any other context the block opened closed after the block.
 */
export function useChromium(): ChromiumHooks {
  let launched: Browser | undefined;
  let before = new Set<BrowserContext>();
  const started: Setup[] = [];
  beforeAll(async () => {
    launched = await sharedChromium();
    before = new Set(launched.contexts());
  });
  afterEach(async () => {
    for (const setup of started.splice(0)) await setup.close();
  });
  afterAll(async () => {
    for (const context of launched?.contexts() ?? []) if (!before.has(context)) await context.close();
  });
  const browser = (): Browser => {
    if (!launched) throw new Error('Chromium is launched before the first test, not while collecting');
    return launched;
  };
  return {
    browser,
    async start(options) {
      const setup = await startSetup(browser(), options);
      started.push(setup);
      return setup;
    },
  };
}

/**
 * One setup for a whole describe block, started before its first test and closed after its last:
 * each test goes on from where the one before left the window.
 */
export function useSharedSetup(options: SetupOptions = {}): () => Setup {
  const { browser } = useChromium();
  let shared: Setup | undefined;
  beforeAll(async () => {
    shared = await startSetup(browser(), options);
  });
  afterAll(async () => {
    await shared?.close();
  });
  return () => {
    if (!shared) throw new Error('The shared setup starts before the first test, not while collecting');
    return shared;
  };
}

/** Waits until a locator's text matches; Playwright has no `expect` in playwright-core. */
export async function waitForText(locator: Locator, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const last = (await locator.textContent({ timeout: timeoutMs }).catch(() => null)) ?? '';
    if (pattern.test(last)) return last;
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${pattern} in ${String(locator)}; last text: ${last}`);
    await locator.page().waitForTimeout(50); // a polling interval, not an assertion on time
  }
}

/** Runs a core command as the window would, for what a test is not about; a refusal throws. */
export async function call<C extends CommandName>(
  s: Pick<Setup, 'app'>,
  command: C,
  payload: CommandPayload<C>,
): Promise<CommandResult<C>> {
  const result = await s.app.core.invoke(command, payload);
  if (!result.ok) throw new Error(`${command}: ${result.error.message}`);
  return result.value;
}

/** Polls a condition that lives outside the page (the sandbox's state, for instance). */
export async function until<T>(
  what: string,
  probe: () => T | Promise<T>,
  timeoutMs = 15_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 50)); // a polling interval, not an assertion on time
  }
}

// ---- UI steps, by accessible name (the names the user sees) ----

export async function newPost(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'New post' }).click();
  // The window opens the new post and then puts the caret in its (empty) title. Waiting for a
  // Title field is not enough: the previous post's is already there, and text typed into it
  // before the new post opens is lost.
  // (Polled with evaluate: waitForFunction evaluates strings in the page, which its CSP forbids.)
  // The field of a post still being made has the same id (new-post-note beside it says so); the
  // steps that follow (Add variant) need the post made, so that field must have gone too.
  await until('the new post made and open, its title focused', () =>
    page.evaluate<boolean>(
      `document.activeElement?.id === 'post-title' && document.activeElement.value === '' &&
        document.getElementById('new-post-note') === null`,
    ),
  );
  await page.getByLabel('Title', { exact: true }).fill(title);
}

export async function addVariant(page: Page, platform: string, content: string): Promise<void> {
  const tabs = page.getByRole('tab');
  const before = await tabs.count();
  const addButton = page.getByRole('button', { name: 'Add variant' });
  await watchNewVariantsForm(page);
  await addButton.click();
  const platformField = page.getByLabel('Platform', { exact: true });
  // A form that does not open fails saying what the editor and the pointer did. Once, the
  // editor moved under the pointer between the button's press and its release (a note about the
  // title went as the title was saved): steady-layout.test.ts holds it still now.
  const opened = await platformField.waitFor({ timeout: 15_000 }).then(
    () => true,
    () => false,
  );
  if (!opened) {
    const thrown = (pageErrors.get(page) ?? []).slice(-5).join('\n') || 'none';
    throw new Error(
      `Add variant did not open its form.\nThe editor then: ${await editorState(page)}\nThe page's errors: ${thrown}`,
    );
  }
  await page.evaluate('window.__newVariantsForm?.stop()');
  await platformField.selectOption(platform);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  // The field shown at once is the new variant's; its own panel (counter, schedule, badge)
  // follows once the core has created it: wait for its tab, so what follows reads that panel.
  await until(
    'the new variant selected',
    async () =>
      (await tabs.count()) === before + 1 && (await tabs.last().getAttribute('aria-selected')) === 'true',
  );
  const field = page.getByLabel('Content', { exact: true });
  await field.waitFor();
  await field.fill(content);
  await field.blur();
}

/** What each window's page threw or logged as an error, newest last. */
const pageErrors = new WeakMap<Page, string[]>();

/**
 * Notes each time the New variants form opens or closes, and where the pointer's presses and
 * clicks landed, until `window.__newVariantsForm.stop()`.
 */
async function watchNewVariantsForm(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__newVariantsForm?.stop();
    const seen = [];
    const pointer = [];
    const isOpen = () => document.querySelector('[role=group][aria-label="New variants"]') !== null;
    const observer = new MutationObserver(() => {
      if ((seen.at(-1)?.open ?? false) !== isOpen()) seen.push({ open: isOpen(), at: Math.round(performance.now()) });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const landed = (event) => {
      const on = event.target instanceof Element ? event.target : null;
      const button = on?.closest('button');
      pointer.push({ type: event.type, on: button ? button.textContent.trim().slice(0, 30) : (on?.tagName ?? null), at: Math.round(performance.now()) });
    };
    const types = ['mousedown', 'mouseup', 'click'];
    for (const type of types) window.addEventListener(type, landed, true);
    window.__newVariantsForm = {
      seen,
      pointer,
      stop: () => {
        observer.disconnect();
        for (const type of types) window.removeEventListener(type, landed, true);
      },
    };
  })()`);
}

/** What the editor shows, for an error: its title, tabs, the form's openings and closings, the pointer, the caret. */
async function editorState(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    window.__newVariantsForm?.stop();
    const caret = document.activeElement;
    return JSON.stringify({
      title: document.getElementById('post-title')?.value ?? null,
      postBeingMade: document.getElementById('new-post-note') !== null,
      tabs: [...document.querySelectorAll('[role=tab]')].map((tab) => tab.textContent.trim()),
      addVariantButton: [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Add variant'),
      formOpenedAndClosed: window.__newVariantsForm?.seen ?? null,
      pointer: window.__newVariantsForm?.pointer ?? null,
      now: Math.round(performance.now()),
      caret: caret ? caret.id || caret.getAttribute('aria-label') || caret.tagName : null,
    });
  })()`);
}

export async function connect(page: Page, baseUrl: string, token: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Service address').fill(baseUrl);
  await page.getByLabel('Access token').fill(token);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  // "Connected. Posts in your workspaces sync…", or, with local drafts, the offer to move them.
  await page.getByText(/^Connected\. /).waitFor();
}

/** Connects the window to the sandbox and opens the posts of its workspace. */
export async function connectWindow(s: Setup): Promise<void> {
  await connect(s.page, s.sandbox.baseUrl, s.sandbox.token);
  await gotoPosts(s.page);
  await selectWorkspace(s.page, s.sandbox.fixtures.workspace);
}

export async function selectWorkspace(page: Page, slug: string): Promise<void> {
  const select = page.getByLabel('Workspace', { exact: true });
  await until(`workspace ${slug} offered`, async () =>
    (await select.locator('option').allTextContents()).some((t) => t.includes(slug)),
  );
  await select.selectOption(slug);
}

export async function syncNow(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sync now' }).click();
}

export async function gotoPosts(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Posts' }).click();
}

/** The text of the elements that describe `locator` (aria-describedby), as a screen reader reads it. */
export async function description(locator: Locator): Promise<string> {
  const ids = ((await locator.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const parts: string[] = [];
  for (const id of ids) {
    const target = locator.page().locator(`[id="${id}"]`);
    if ((await target.count()) === 0) continue;
    const text = ((await target.textContent()) ?? '').replace(/\s+/g, ' ').trim();
    if (text) parts.push(text);
  }
  return parts.join(' ');
}

/** The control a click at the middle of `locator` reaches (its id and text): whatever lies on top of it. */
export async function controlAt(locator: Locator): Promise<{ id: string; text: string } | null> {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) return null;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  return locator
    .page()
    .evaluate<{ id: string; text: string } | null>(
      `(() => { const el = document.elementFromPoint(${x}, ${y})?.closest('button, input, textarea, select, a'); return el ? { id: el.id, text: (el.textContent ?? '').trim() } : null; })()`,
    );
}

/** The badge of the open variant (the first badge in the variant panel). */
export function variantBadge(page: Page): Locator {
  return page.getByRole('tabpanel').locator('[data-state]').first();
}

// ---- accessibility ----

let axeSource: string | null = null;

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core in the page; the CSP forbids inline scripts, so it is evaluated rather than injected. */
export async function axeScan(page: Page): Promise<AxeFinding[]> {
  axeSource ??= await readFile(join(process.cwd(), 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  // Once per page: a second scan of the same page (the other colour scheme) reuses it.
  if (!(await page.evaluate<boolean>("typeof axe !== 'undefined'"))) await page.evaluate(axeSource);
  return page.evaluate<AxeFinding[]>(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) })))`,
  );
}

export function seriousFindings(findings: AxeFinding[]): AxeFinding[] {
  return findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
}

/**
 * The serious findings in the light and then the dark scheme, the page otherwise as it stands,
 * each named by its scheme; the page is left light. The app's colours follow
 * `prefers-color-scheme` in CSS with no transition, so the page is in the other scheme at once:
 * one walk through a flow checks both, where a walk per scheme did the same work twice.
 */
export async function seriousInBothSchemes(page: Page): Promise<Array<AxeFinding & { scheme: string }>> {
  const found: Array<AxeFinding & { scheme: string }> = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    found.push(...seriousFindings(await axeScan(page)).map((f) => ({ ...f, scheme })));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}
