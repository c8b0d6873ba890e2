// Bad input: hostile service answers, hostile bridge payloads (in process and over
// the browser host's HTTP bridge), wrong base addresses and tokens, and a database written by a
// newer Outpost. Every one must get a clear, typed refusal, and nothing local may change.
import type { CommandName } from '@preload/bridge';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_NAMES, type BridgeErrorCode, type BridgeResult, type PostDetail } from '@preload/bridge';
import { startBrowserHost, type BrowserHost } from '../../src-main/browser-host/lifecycle';
import { ServiceClient, validateBaseUrl, validateToken } from '../../src-main/core/api/client';
import { ServiceError } from '../../src-main/core/api/errors';
import { createAppCore } from '../../src-main/core/app/create-app-core';
import { DATABASE_FILE } from '../../src-main/core/paths';
import { MemorySecretStore } from '../../src-main/core/secrets/memory-store';
import { MIGRATION_TABLE } from '../../src-main/core/store/db';
import { startSandbox, SEED as SANDBOX_SEED, type SandboxHandle } from '../server/index';
import { FIGURES, SEED } from './support/config';
import { connect, openCore, summaryLine, tempDir, type OpenedCore } from './support/harness';
import {
  HOSTILE_MARK,
  startHostileServer,
  type HostileKind,
  type HostileServer,
} from './support/hostile-server';
import { LeakProbe, listFiles } from './support/leaks';
import { createRng } from './support/random';

const WORKSPACE = SANDBOX_SEED.workspace;
const TYPED_CODES = new Set<BridgeErrorCode>([
  'invalid_payload',
  'unknown_command',
  'not_found',
  'invalid_state',
  'invalid_settings',
  'offline',
  'timeout',
  'auth',
  'rate_limited',
  'validation',
  'server_error',
  'malformed_response',
  'keychain_unavailable',
]);
const STACK = /\n\s+at |\bat .+\.(ts|js|mjs|cjs):\d+/;

const tally = { hostile: 0, overwritten: 0, duplicates: 0, doublePublishes: 0 };
let probe: LeakProbe;
let sandbox: SandboxHandle;
let hostile: HostileServer;

/** Checks one answer: an envelope, and when refused a typed code with a readable message. */
function judge(result: unknown): string | null {
  if (result === null || typeof result !== 'object') return `not an envelope: ${String(result)}`;
  const r = result as BridgeResult<unknown>;
  if (r.ok === true) return null;
  if (r.ok !== false) return `not an envelope: ${JSON.stringify(result).slice(0, 200)}`;
  if (!TYPED_CODES.has(r.error.code))
    return `untyped error ${r.error.code}: ${r.error.message.slice(0, 200)}`;
  if (typeof r.error.message !== 'string' || r.error.message.length === 0) return 'empty message';
  if (r.error.message.length > 5_000) return `message of ${r.error.message.length} characters`;
  if (STACK.test(r.error.message)) return `stack trace in message: ${r.error.message.slice(0, 300)}`;
  return null;
}

beforeAll(async () => {
  sandbox = await startSandbox();
  probe = new LeakProbe(sandbox.token);
  hostile = await startHostileServer(sandbox.baseUrl);
});

afterAll(async () => {
  await hostile?.close();
  await sandbox?.close();
  console.log(
    summaryLine('bad input', {
      faultsInjected: tally.hostile,
      crashes: 0,
      duplicates: tally.duplicates,
      lost: tally.overwritten,
      doublePublishes: tally.doublePublishes,
      leaks: probe?.leaks ?? 0,
    }),
  );
});

describe('malformed service responses', () => {
  const cases: Array<{ kind: HostileKind; expect: ServiceError['kind'] }> = [
    { kind: 'html', expect: 'malformed_response' },
    { kind: 'invalid_json', expect: 'malformed_response' },
    { kind: 'no_id', expect: 'malformed_response' },
    { kind: 'wrong_types', expect: 'malformed_response' },
    { kind: 'huge', expect: 'malformed_response' },
    // An HTML error page with an error status is the service failing, said clearly.
    { kind: 'html_502', expect: 'server_error' },
  ];

  it.each(cases)('the client turns a $kind answer into a clear $expect error', async (c) => {
    const client = new ServiceClient({
      baseUrl: hostile.baseUrl,
      token: sandbox.token,
      authHeader: 'bearer',
    });
    const { posts } = SANDBOX_SEED;
    const calls: Array<[string, () => Promise<unknown>]> = [
      ['listWorkspaces', () => client.listWorkspaces()],
      ['listPosts', () => client.listPosts(WORKSPACE)],
      ['getPost', () => client.getPost(WORKSPACE, posts.launch)],
      ['createPost', () => client.createPost(WORKSPACE, { title: `[hostile-${c.kind}]` })],
      ['listVariants', () => client.listVariants(WORKSPACE, posts.launch)],
      ['createVariant', () => client.createVariant(WORKSPACE, posts.tips, { platform: 'x', content: 'hi' })],
      [
        'updateVariant',
        () => client.updateVariant(WORKSPACE, posts.launch, SANDBOX_SEED.variants.launchX, { content: 'x' }),
      ],
      ['listProfiles', () => client.listProfiles(WORKSPACE)],
    ];
    hostile.rules = [{ path: /^\/api\//, kind: c.kind }];
    const failures: string[] = [];
    try {
      for (const [name, call] of calls) {
        tally.hostile += 1;
        try {
          const value = await call();
          // Only an answer that honestly parsed may pass: 'no_id' on a list of workspaces has a slug.
          failures.push(`${name} accepted: ${JSON.stringify(value).slice(0, 200)}`);
        } catch (error) {
          if (!(error instanceof ServiceError)) {
            failures.push(`${name} threw a non-ServiceError: ${String(error)}`);
            continue;
          }
          probe.check(`client error ${name}`, error.message);
          if (error.kind !== c.expect) failures.push(`${name}: kind ${error.kind}, not ${c.expect}`);
          if (error.message.length === 0 || error.message.length > 3_000)
            failures.push(`${name}: unclear message (${error.message.length} characters)`);
        }
      }
    } finally {
      hostile.rules = [];
    }
    // 'no_id' on the workspace list is a list of slugs without ids, which the spec allows.
    const allowed =
      c.kind === 'no_id' ? failures.filter((f) => !f.startsWith('listWorkspaces accepted')) : failures;
    expect(allowed).toEqual([]);
  });

  it('a sync that meets hostile answers overwrites nothing local and recovers when the service does', async () => {
    const dataDir = tempDir('hostile');
    const opened = await openCore({ dataDir }, probe);
    const { core } = opened;
    try {
      await connect(core, hostile.baseUrl, sandbox.token, WORKSPACE);
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const post = await core.invoke('posts.create', {
          workspace: WORKSPACE,
          title: `[Pbad-${i}] hostile check`,
        });
        if (!post.ok) throw new Error(post.error.message);
        const id = post.value.id;
        ids.push(id);
        await core.invoke('variants.create', {
          postId: id,
          platform: 'x',
          content: `[Vbad-${i}-1] original`,
          account: { kind: 'default' },
        });
      }
      await core.syncNow('user');
      const snapshot = async () => {
        const out: PostDetail[] = [];
        for (const id of ids) {
          const r = await core.invoke('posts.get', { id });
          if (!r.ok) throw new Error(r.error.message);
          out.push(r.value);
        }
        return out;
      };
      const before = await snapshot();
      expect(before.every((p) => p.serverId !== null && p.variants.every((v) => v.serverId !== null))).toBe(
        true,
      );

      const kinds: HostileKind[] = ['html', 'invalid_json', 'no_id', 'wrong_types', 'huge'];
      const expectedContent = new Map(before.flatMap((p) => p.variants.map((v) => [v.id, v.content])));
      for (const [i, kind] of kinds.entries()) {
        // The user edits one variant (a PATCH goes out), and every answer from the service is hostile.
        const target = before[i % before.length]!.variants[0]!;
        const content = `[Vbad-${i % before.length}-1] edit during ${kind}`;
        const edited = await core.invoke('variants.update', { id: target.id, content });
        expect(edited.ok).toBe(true);
        expectedContent.set(target.id, content);
        hostile.rules = [{ path: /^\/api\//, kind }];
        const served = hostile.served;
        const status = await core.syncNow('user');
        hostile.rules = [];
        tally.hostile += hostile.served - served;
        const after = await snapshot();
        const outbox = await core.invoke('outbox.list', undefined);
        const ops = outbox.ok ? outbox.value : [];
        const errors = [status.lastError, ...ops.map((o) => o.error)].filter((e): e is string => e !== null);
        expect(errors.length, `a clear error after ${kind}`).toBeGreaterThan(0);
        for (const p of after) {
          const old = before.find((b) => b.id === p.id)!;
          if (p.title !== old.title || p.serverId !== old.serverId) tally.overwritten += 1;
          for (const v of p.variants) {
            const oldV = old.variants.find((o) => o.id === v.id);
            if (
              !oldV ||
              v.serverId !== oldV.serverId ||
              v.platform !== oldV.platform ||
              v.content !== expectedContent.get(v.id) ||
              JSON.stringify(v).includes(HOSTILE_MARK)
            )
              tally.overwritten += 1;
          }
          if (p.variants.length !== old.variants.length) tally.duplicates += 1;
        }
        // The user retries what failed, once the service is sane again (next round).
        for (const op of ops.filter((o) => o.state === 'failed' && o.kind !== 'publish'))
          await core.invoke('outbox.retry', { id: op.id });
      }
      await core.syncNow('user');
      await core.syncNow('user');
      const final = await snapshot();
      for (const p of final)
        for (const v of p.variants) {
          const onService = sandbox.inspect.variants().find((s) => s.id === v.serverId);
          if (onService?.content !== expectedContent.get(v.id)) tally.overwritten += 1;
        }
      const ourTitles = sandbox.inspect.posts(WORKSPACE).filter((p) => p.title.startsWith('[Pbad-'));
      tally.duplicates += ourTitles.length - ids.length;
      expect(tally.overwritten).toBe(0);
      expect(tally.duplicates).toBe(0);
    } finally {
      await core.close(0);
      probe.checkTree(dataDir);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Hostile bridge payloads

const HUGE = 'x'.repeat(1_100_000);

/** Nested objects as JSON text (built as text: JSON.stringify itself recurses). */
function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`;
}

/** A payload as JSON text, so `__proto__` can be an own key exactly as a hostile client sends it. */
interface HostilePayload {
  label: string;
  json: string | undefined;
  /** Valid by shape (e.g. null for a command without payload): an ok answer is acceptable. */
  mayBeValid: boolean;
}

/** Valid-looking templates whose every field is then made hostile, one at a time. */
function template(command: string, ids: { post: string; variant: string }): Record<string, unknown> | null {
  const t: Record<string, Record<string, unknown>> = {
    'settings.update': { theme: 'dark' },
    'settings.testConnection': { baseUrl: 'http://127.0.0.1:9', token: 'cps_pat_x', authHeader: 'bearer' },
    'settings.connect': { baseUrl: 'http://127.0.0.1:9', token: 'cps_pat_x', authHeader: 'bearer' },
    'workspaces.select': { slug: WORKSPACE },
    'workspaces.moveLocalDrafts': { slug: WORKSPACE, postIds: [ids.post] },
    'profiles.list': { workspace: WORKSPACE },
    'posts.list': { workspace: WORKSPACE, query: 'a', filter: 'all' },
    'posts.refresh': { workspace: WORKSPACE, query: 'a', changed: [ids.post], orderKey: 'k' },
    'posts.get': { id: ids.post },
    'posts.create': { workspace: null, title: 't' },
    'posts.update': { id: ids.post, title: 't', typing: true },
    'posts.titleSettled': { id: ids.post },
    'posts.dropIfUntouched': { id: ids.post },
    'variants.create': { postId: ids.post, platform: 'x', content: 'c', account: { kind: 'default' } },
    'variants.update': { id: ids.variant, content: 'c', account: { kind: 'none' } },
    'variants.schedule': { id: ids.variant, at: '2031-01-01T09:00:00Z' },
    'variants.unschedule': { id: ids.variant },
    'variants.publish': { id: ids.variant },
    'variants.resolveConflict': { id: ids.variant, choice: 'mine' },
    'posts.resolveConflict': { id: ids.post, choice: 'mine' },
    'variants.resolvePublishUnknown': { id: ids.variant, choice: 'keep_unpublished' },
    'outbox.retry': { id: ids.post },
    'outbox.discard': { id: ids.post },
    'sync.log': { limit: 5 },
    'activity.list': { postId: ids.post, offset: 0, limit: 5 },
    'skills.list': { workspace: WORKSPACE },
  };
  return t[command] ?? null;
}

function hostilePayloads(
  command: string,
  ids: { post: string; variant: string },
  count: number,
): HostilePayload[] {
  const rng = createRng(SEED + command.length * 31 + command.charCodeAt(0));
  const wrongValues: Array<[string, string]> = [
    ['number', '42'],
    ['negative', '-1'],
    ['float', '1e308'],
    ['boolean', 'true'],
    ['array', '[1,"two",null]'],
    ['object', '{"$gt":""}'],
    ['huge string', JSON.stringify(HUGE)],
    ['deep', deepJson(200)],
    ['proto object', '{"__proto__":{"polluted":true}}'],
  ];
  const out: HostilePayload[] = [
    { label: 'string', json: '"posts"', mayBeValid: false },
    { label: 'number', json: '7', mayBeValid: false },
    { label: 'array', json: '[]', mayBeValid: false },
    { label: 'array of objects', json: '[{"id":"x"}]', mayBeValid: false },
    { label: 'boolean', json: 'false', mayBeValid: false },
    { label: 'huge string', json: JSON.stringify(HUGE), mayBeValid: false },
    { label: 'deep nesting', json: deepJson(5_000), mayBeValid: false },
    { label: '__proto__ key', json: '{"__proto__":{"polluted":true},"id":"x"}', mayBeValid: false },
    { label: 'constructor key', json: '{"constructor":{"prototype":{"polluted":true}}}', mayBeValid: false },
    { label: 'null', json: 'null', mayBeValid: true },
    { label: 'nothing', json: undefined, mayBeValid: true },
    { label: 'empty object', json: '{}', mayBeValid: true },
  ];
  const base = template(command, ids);
  if (base) {
    for (const key of Object.keys(base)) {
      for (const [label, value] of wrongValues) {
        // Another in-range number for a number field is not hostile (limit: 42 is a fine limit).
        if (label === 'number' && typeof base[key] === 'number') continue;
        if (label === 'boolean' && typeof base[key] === 'boolean') continue;
        const body = { ...base };
        delete body[key];
        const rest = JSON.stringify(body).slice(1, -1);
        out.push({
          label: `${key}: ${label}`,
          json: `{${rest}${rest ? ',' : ''}"${key}":${value}}`,
          mayBeValid: false,
        });
      }
      const rest = JSON.stringify(base).slice(1, -1);
      out.push({
        label: 'extra __proto__',
        json: `{${rest},"__proto__":{"polluted":true}}`,
        mayBeValid: false,
      });
      out.push({ label: 'extra key', json: `{${rest},"isAdmin":true}`, mayBeValid: false });
    }
  }
  // The fixed hostile cases first, then a seeded random sample of the field mutations.
  const fixed = out.slice(0, 12);
  const mutations = out.slice(12);
  const sample: HostilePayload[] = [];
  while (sample.length < Math.min(count, mutations.length)) {
    const pick = mutations.splice(rng.int(0, mutations.length - 1), 1)[0];
    if (pick) sample.push(pick);
  }
  return [...fixed, ...sample];
}

describe('hostile bridge payloads', () => {
  let opened: OpenedCore;
  let host: BrowserHost;
  let ids: { post: string; variant: string };
  let dataDir: string;

  beforeAll(async () => {
    dataDir = tempDir('payloads');
    opened = await openCore({ dataDir }, probe);
    const post = await opened.core.invoke('posts.create', { workspace: null, title: 'Payload target' });
    if (!post.ok) throw new Error(post.error.message);
    const postId = post.value.id;
    const v = await opened.core.invoke('variants.create', {
      postId,
      platform: 'x',
      content: 'Payload target content',
      account: { kind: 'default' },
    });
    if (!v.ok) throw new Error(v.error.message);
    ids = { post: postId, variant: (v.value as { id: string }).id };
    host = await startBrowserHost({ dataDir, core: opened.core, rendererDir: dataDir });
  });

  afterAll(async () => {
    await host?.close();
    await opened?.core.close(0);
    if (dataDir) probe.checkTree(dataDir);
  });

  async function overHttp(command: string, json: string | undefined): Promise<unknown> {
    const res = await fetch(`${new URL(host.url).origin}/bridge/invoke/${encodeURIComponent(command)}`, {
      method: 'POST',
      headers: { 'X-Outpost-Token': host.token, 'Content-Type': 'application/json' },
      ...(json !== undefined ? { body: json } : {}),
    });
    const text = await res.text();
    probe.check(`http ${command}`, text);
    if (res.status !== 200) return `HTTP ${res.status}: ${text.slice(0, 200)}`;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return `not JSON: ${text.slice(0, 200)}`;
    }
  }

  it('answers every command a typed refusal, in process and over HTTP, and stays intact', async () => {
    const problems: string[] = [];
    let sent = 0;
    const unchanged = JSON.stringify(await opened.core.invoke('posts.get', { id: ids.post }));
    for (const command of COMMAND_NAMES) {
      for (const p of hostilePayloads(command, ids, FIGURES.hostileCasesPerCommand)) {
        const payload = p.json === undefined ? undefined : (JSON.parse(p.json) as unknown);
        const direct = await opened.core.invoke(command, payload);
        const http = await overHttp(command, p.json);
        sent += 2;
        for (const [via, answer] of [
          ['invoke', direct],
          ['http', http],
        ] as const) {
          const verdict = judge(answer);
          if (verdict) problems.push(`${command} ${p.label} via ${via}: ${verdict}`);
          else if (!p.mayBeValid && (answer as BridgeResult<unknown>).ok)
            problems.push(`${command} ${p.label} via ${via}: accepted`);
        }
      }
    }
    // Names that are not commands, including the ones every object has.
    for (const name of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      '../../etc/passwd',
      'posts.list\u0000',
    ]) {
      const answers = [await opened.core.invoke(name as CommandName, {}), await overHttp(name, '{}')];
      sent += 2;
      for (const a of answers) {
        const r = a as BridgeResult<unknown>;
        if (typeof a !== 'object' || r.ok || r.error.code !== 'unknown_command')
          problems.push(`command name ${JSON.stringify(name)}: ${JSON.stringify(a).slice(0, 200)}`);
      }
    }
    // Bodies that are not JSON at all.
    for (const body of ['{', '\u0000\u0001', '<xml/>', '{"id": undefined}']) {
      const a = (await overHttp('posts.get', body)) as BridgeResult<unknown>;
      sent += 1;
      if (typeof a !== 'object' || a.ok || a.error.code !== 'invalid_payload')
        problems.push(`body ${JSON.stringify(body)}: ${JSON.stringify(a).slice(0, 200)}`);
    }
    tally.hostile += sent;
    console.log(
      `hostile payloads: ${sent} sent to ${COMMAND_NAMES.length} commands, ${problems.length} problems`,
    );

    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(problems).toEqual([]);
    const after = await opened.core.invoke('posts.get', { id: ids.post });
    expect(after.ok).toBe(true);
    const detail = (after as { ok: true; value: PostDetail }).value;
    if (detail.title !== 'Payload target' || detail.variants[0]?.content !== 'Payload target content')
      tally.overwritten += 1;
    expect(JSON.stringify(after)).toBe(unchanged);
  });
});

// ---------------------------------------------------------------------------------------------
// Wrong base addresses and tokens

describe('wrong settings', () => {
  const badAddresses = [
    '',
    '   ',
    'not a url',
    'cps.example.com',
    'ftp://cps.example.com',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'http://cps.example.com',
    'https://user:pw@cps.example.com',
    'https://cps.example.com/?token=1',
    'https://cps.example.com/#x',
    'https://app.example.com/_backend',
    'https://app.example.com/_backend/api',
    'http://[::1',
    `https://${'a'.repeat(3000)}.example.com`,
  ];
  const goodToken = 'cps_pat_ThisIsAWellFormedButUnknownSecret1234';
  const badTokens = [
    '',
    '   ',
    'abc',
    'cps_pat_',
    '_pat_abc',
    'cps-pat-abc',
    'Bearer cps_pat_abcdef',
    'cps_pat_abc def',
    'cps_pat_abc\r\nX-Evil: 1',
    'cps_pat_ünïcödé',
    'cps_pat_abc\u0000',
  ];

  it('refuses every wrong address and token form with a message, and never echoes the token', async () => {
    const problems: string[] = [];
    // Longer than the payload schema allows: refused at the bridge (below), not by validateBaseUrl.
    for (const address of badAddresses.filter((a) => a.length <= 2000)) {
      tally.hostile += 1;
      try {
        validateBaseUrl(address);
        problems.push(`validateBaseUrl accepted ${JSON.stringify(address.slice(0, 60))}`);
      } catch (error) {
        if (
          !(error instanceof ServiceError) ||
          error.kind !== 'invalid_settings' ||
          error.message.length < 10
        )
          problems.push(`validateBaseUrl(${JSON.stringify(address.slice(0, 60))}): ${String(error)}`);
      }
    }
    for (const token of badTokens) {
      tally.hostile += 1;
      try {
        validateToken(token);
        problems.push(`validateToken accepted ${JSON.stringify(token)}`);
      } catch (error) {
        if (
          !(error instanceof ServiceError) ||
          error.kind !== 'invalid_settings' ||
          error.message.length < 10
        )
          problems.push(`validateToken(${JSON.stringify(token)}): ${String(error)}`);
        else if (token.trim().length > 3 && error.message.includes(token.trim()))
          problems.push(`validateToken echoed the token: ${error.message}`);
      }
    }

    const dataDir = tempDir('settings');
    const { core } = await openCore({ dataDir }, probe);
    try {
      const tryBoth = async (baseUrl: string, token: string, what: string) => {
        tally.hostile += 2;
        const test = await core.invoke('settings.testConnection', { baseUrl, token, authHeader: 'bearer' });
        const refusal =
          test.ok && (test.value as { ok: boolean }).ok === false
            ? (test.value as { error: { code: string; message: string } }).error
            : !test.ok
              ? test.error
              : null;
        if (
          !refusal ||
          !['invalid_settings', 'invalid_payload'].includes(refusal.code) ||
          refusal.message === ''
        )
          problems.push(`testConnection accepted ${what}: ${JSON.stringify(test).slice(0, 200)}`);
        else if (token.trim().length > 3 && refusal.message.includes(token.trim()))
          problems.push(`testConnection echoed the token for ${what}`);
        const conn = await core.invoke('settings.connect', { baseUrl, token, authHeader: 'bearer' });
        if (conn.ok || !['invalid_settings', 'invalid_payload'].includes(conn.error.code))
          problems.push(`connect accepted ${what}: ${JSON.stringify(conn).slice(0, 200)}`);
        else if (token.trim().length > 3 && conn.error.message.includes(token.trim()))
          problems.push(`connect echoed the token for ${what}`);
      };
      for (const address of badAddresses)
        await tryBoth(address, goodToken, `address ${JSON.stringify(address.slice(0, 40))}`);
      for (const token of badTokens) await tryBoth(sandbox.baseUrl, token, `token ${JSON.stringify(token)}`);
      // A well-formed token the service does not know: refused by the service, said as such.
      const unknown = await core.invoke('settings.testConnection', {
        baseUrl: sandbox.baseUrl,
        token: goodToken,
        authHeader: 'bearer',
      });
      tally.hostile += 1;
      expect(unknown.ok && (unknown.value as { ok: boolean }).ok).toBe(false);
      const settings = await core.invoke('settings.get', undefined);
      expect(settings.ok && (settings.value as { connected: boolean }).connected).toBe(false);
    } finally {
      await core.close(0);
      probe.checkTree(dataDir);
    }
    expect(problems).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// A database from a newer version

describe('a database written by a newer Outpost', () => {
  it('is refused with a message and left byte-for-byte untouched', async () => {
    const dataDir = tempDir('newer');
    const core = await createAppCore({
      dataDir,
      secrets: new MemorySecretStore(),
      host: 'cli',
      version: 'reliability',
      syncIntervalMs: false,
      syncAfterChangeMs: false,
    });
    const made = await core.invoke('posts.create', { workspace: null, title: 'Written by the old build' });
    expect(made.ok).toBe(true);
    await core.close(0);
    const file = join(dataDir, DATABASE_FILE);
    const sqlite = new BetterSqlite3(file);
    sqlite
      .prepare(`insert into ${MIGRATION_TABLE} (name, timestamp) values (?, ?)`)
      .run('9999-from-the-future', new Date().toISOString());
    sqlite.close();
    const digest = () => createHash('sha256').update(readFileSync(file)).digest('hex');
    const filesBefore = listFiles(dataDir)
      .filter((f) => !f.includes('/logs/'))
      .sort();
    const before = digest();
    tally.hostile += 1;

    let refusal: unknown = null;
    try {
      const opened = await createAppCore({
        dataDir,
        secrets: new MemorySecretStore(),
        host: 'cli',
        version: 'reliability',
        syncIntervalMs: false,
        syncAfterChangeMs: false,
      });
      await opened.close(0);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).toMatch(/newer version/i);
    expect((refusal as Error).message).toContain('9999-from-the-future');
    expect(digest()).toBe(before);
    // Opening it read-only to look may leave SQLite's empty side files, never a frame of data.
    const added = listFiles(dataDir).filter((f) => !f.includes('/logs/') && !filesBefore.includes(f));
    for (const f of added) {
      expect(f).toMatch(/-(wal|shm)$/);
      if (f.endsWith('-wal')) expect(readFileSync(f).length).toBe(0);
    }
    if (digest() !== before) tally.overwritten += 1;
  });
});
