// Secrets: a full run with a recognisable token, driven through the browser host's
// HTTP bridge as the window would (so every answer and server-sent event is what a renderer
// holds), with faults, a service that echoes credentials, a revoked token, crashed children and
// a sign-out. Then every byte Outpost wrote or handed out is searched for the token.
import type { CommandName } from '@preload/bridge';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BridgeResult, OutboxOpView, PostDetail, PostSummary } from '@preload/bridge';
import { startBrowserHost, type BrowserHost } from '../../src-main/browser-host/lifecycle';
import type { AppCore } from '../../src-main/core/ports';
import { startSandbox, SEED as SANDBOX_SEED, type SandboxHandle } from '../server/index';
import { runChild, workerCommand } from './support/child';
import { ManualClock } from './support/clock';
import { SEED } from './support/config';
import { openCore, summaryLine, tempDir, type OpenedCore } from './support/harness';
import { startHostileServer, type HostileServer } from './support/hostile-server';
import { checkInvariants } from './support/invariants';
import { LeakProbe } from './support/leaks';
import { Expectations } from './support/model';
import { createRng } from './support/random';
import { Workload } from './support/workload';

const WORKSPACE = SANDBOX_SEED.workspace;

/** The renderer's view of the bridge: HTTP invoke, every answer scanned as it arrives. */
function httpBridge(host: BrowserHost, probe: LeakProbe): Pick<AppCore, 'invoke'> & { calls: number } {
  const origin = new URL(host.url).origin;
  const bridge = {
    calls: 0,
    invoke: (async (command: string, payload: unknown): Promise<BridgeResult<unknown>> => {
      bridge.calls += 1;
      const res = await fetch(`${origin}/bridge/invoke/${command}`, {
        method: 'POST',
        headers: { 'X-Outpost-Token': host.token, 'Content-Type': 'application/json' },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
      const text = await res.text();
      probe.check(`http answer ${command}`, text);
      if (res.status !== 200) throw new Error(`${command}: HTTP ${res.status} ${text}`);
      return JSON.parse(text) as BridgeResult<unknown>;
    }) as AppCore['invoke'],
  };
  return bridge;
}

/** Reads the server-sent event stream until aborted, scanning every chunk. */
function listenToEvents(host: BrowserHost, probe: LeakProbe): { events: () => number; stop: () => void } {
  const controller = new AbortController();
  let count = 0;
  const url = `${new URL(host.url).origin}/bridge/events`;
  void (async () => {
    try {
      const res = await fetch(url, { headers: { 'X-Outpost-Token': host.token }, signal: controller.signal });
      if (!res.body) return;
      const decoder = new TextDecoder();
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        const text = decoder.decode(chunk, { stream: true });
        count += text.split('\n').filter((l) => l.startsWith('data: ')).length;
        probe.check('server-sent events', text);
      }
    } catch {
      // Aborted at the end of the run.
    }
  })();
  return { events: () => count, stop: () => controller.abort() };
}

describe('secrets', () => {
  let sandbox: SandboxHandle | null = null;
  let hostile: HostileServer | null = null;
  let opened: OpenedCore | null = null;
  let host: BrowserHost | null = null;
  afterAll(async () => {
    await host?.close();
    await opened?.core.close(0);
    await hostile?.close();
    await sandbox?.close();
  });

  it('the token appears in no database file, log, crash output, bridge event or answer', async () => {
    sandbox = await startSandbox();
    hostile = await startHostileServer(sandbox.baseUrl);
    // Recognisable: minted for this run only, and a second one for the crashed children.
    const token = sandbox.mintToken();
    const childToken = sandbox.mintToken();
    const probe = new LeakProbe([token, childToken]);
    const dataDir = tempDir('secrets');
    const clock = new ManualClock(new Date());
    opened = await openCore({ dataDir, clock, random: createRng(SEED + 3).next }, probe);
    host = await startBrowserHost({ dataDir, core: opened.core, rendererDir: dataDir });
    const stream = listenToEvents(host, probe);
    const bridge = httpBridge(host, probe);
    const ok = async <T>(command: string, payload: unknown): Promise<T> => {
      const r = await bridge.invoke(command as CommandName, payload);
      if (!r.ok) throw new Error(`${command}: ${r.error.code} ${r.error.message}`);
      return r.value as T;
    };

    // Settings with the token: good address, an address that echoes credentials, a dead address.
    await ok('settings.testConnection', { baseUrl: sandbox.baseUrl, token, authHeader: 'bearer' });
    hostile.rules = [{ path: /^\/api\//, kind: 'echo' }];
    await ok('settings.testConnection', { baseUrl: hostile.baseUrl, token, authHeader: 'x-api-key' });
    const echoed = await bridge.invoke('settings.connect', {
      baseUrl: hostile.baseUrl,
      token,
      authHeader: 'bearer',
    });
    expect(echoed.ok).toBe(false);
    hostile.rules = [];
    await ok('settings.testConnection', { baseUrl: 'http://127.0.0.1:9', token, authHeader: 'bearer' });
    await ok('settings.connect', { baseUrl: sandbox.baseUrl, token, authHeader: 'bearer' });
    await ok('workspaces.select', { slug: WORKSPACE });

    // Drafting and syncing under faults, all through the HTTP bridge.
    const expected = new Expectations();
    const work = new Workload({
      core: bridge,
      rng: createRng(SEED + 4),
      workspace: WORKSPACE,
      prefix: 'S',
      journal: (phase, ev) => expected.record(phase, ev),
      now: () => clock.now(),
    });
    sandbox.faults.setSeed(SEED);
    sandbox.faults.add({ kind: 'status', status: 503, probability: 0.1 });
    sandbox.faults.add({ kind: 'retry_after', retryAfterSeconds: 1, probability: 0.05 });
    sandbox.faults.add({ kind: 'drop_after_write', probability: 0.1 });
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 5; i++) await work.createDraft();
      for (let i = 0; i < 8; i++) await work.randomOp();
      await ok('sync.now', undefined);
      clock.advance(6 * 60_000);
    }
    sandbox.faults.clear();
    for (let round = 0; round < 8; round++) {
      await ok('sync.now', undefined);
      clock.advance(6 * 60_000);
    }
    const report = await checkInvariants(bridge, sandbox, expected, WORKSPACE);

    // Everything else the window may ask for.
    const posts = await ok<PostSummary[]>('posts.list', { workspace: WORKSPACE });
    for (const p of posts.slice(0, 10)) {
      const detail = await ok<PostDetail>('posts.get', { id: p.id });
      if (detail.serverId !== null) await ok('activity.list', { postId: p.id, limit: 100 });
    }
    await ok('skills.list', { workspace: WORKSPACE });
    await ok('profiles.list', { workspace: WORKSPACE });
    for (const command of ['app.info', 'settings.get', 'workspaces.list', 'outbox.list', 'sync.status'])
      await ok(command, undefined);
    await ok('sync.log', { limit: 10_000 });

    // The token is revoked on the service: sync pauses and asks for a new one.
    sandbox.revokeToken(token);
    await ok('sync.now', undefined);
    await ok('settings.get', undefined);
    await ok('sync.log', { limit: 10_000 });
    await ok<OutboxOpView[]>('outbox.list', undefined);

    // Crash output: children that hold a token in their environment, killed mid-run, and one
    // whose service echoes the credentials back in its error.
    const worker = await workerCommand();
    let crashes = 0;
    for (const [i, baseUrl] of [sandbox.baseUrl, sandbox.baseUrl, hostile.baseUrl].entries()) {
      if (i === 2) hostile.rules = [{ path: /^\/api\//, kind: 'echo' }];
      const life = await runChild(
        worker.args,
        {
          ...process.env,
          ...worker.env,
          OUTPOST_TOKEN: childToken,
          REL_DATA_DIR: join(dataDir, `child-${i}`),
          REL_BASE_URL: baseUrl,
          REL_WORKSPACE: WORKSPACE,
          REL_RUN: String(i + 1),
          REL_SEED: String(SEED),
        },
        i === 2 ? 'spawn' : 'ready',
        i === 2 ? 30_000 : 1_500,
        () => undefined,
      );
      if (life.killed && life.signal === 'SIGKILL') crashes += 1;
      probe.check(`child ${i} stdout`, life.stdout);
      probe.check(`child ${i} stderr`, life.stderr);
      if (i === 2) expect(life.stderr.toString('utf8')).toContain('settings.connect');
    }
    hostile.rules = [];

    await ok('settings.signOut', undefined);
    stream.stop();
    await host.close();
    host = null;
    await opened.core.close();
    opened = null;
    const files = probe.checkTree(dataDir);

    console.log(
      `secrets: ${bridge.calls} HTTP invokes, ${stream.events()} server-sent messages of events, ${files.length} files ` +
        `(${files.filter((f) => /outpost\.db(-wal|-shm)?$/.test(f)).length} SQLite, ` +
        `${files.filter((f) => f.includes('/logs/')).length} logs), ${probe.scanned} sources, ` +
        `${probe.bytes} bytes scanned; found in: ${probe.found.join(', ') || 'nothing'}`,
    );
    if (report.details.length > 0) console.log(report.details.join('\n'));
    console.log(
      summaryLine('secrets', {
        faultsInjected: sandbox.faults.injected + hostile.served,
        crashes,
        duplicates: report.duplicates,
        lost: report.lost,
        wrongLinks: report.wrongLinks,
        doublePublishes: report.doublePublishes,
        leaks: probe.leaks,
      }),
    );

    expect(files.some((f) => f.endsWith('outpost.db'))).toBe(true);
    expect(files.some((f) => f.includes('/logs/'))).toBe(true);
    expect(stream.events()).toBeGreaterThan(0);
    expect(crashes).toBe(2);
    expect(probe.found).toEqual([]);
    expect(report.duplicates).toBe(0);
    expect(report.lost).toBe(0);
    expect(report.wrongLinks).toBe(0);
    expect(report.doublePublishes).toBe(0);
  });
});
