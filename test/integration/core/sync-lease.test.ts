// The sync lease keeps two processes on one data folder from syncing at once. Each test opens
// the file twice (two connections, as two processes would) and plays the other process's part.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE } from '../../../src-main/core/paths';
import { openDatabase, type OpenedDatabase } from '../../../src-main/core/store/db';
import {
  LEASE_STALE_MS,
  processIsAlive,
  SyncLease,
  type LeaseHolder,
} from '../../../src-main/core/store/sync-lease';
import { startSandbox, type SandboxHandle } from '../../server/index';
import { VirtualTime } from '../../support/virtual-time';
import { openCore, type TestCore } from './helpers';

describe('SyncLease', () => {
  let dir: string;
  let a: OpenedDatabase;
  let b: OpenedDatabase;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'outpost-lease-'));
    a = await openDatabase({ file: join(dir, 'outpost.db') });
    b = await openDatabase({ file: join(dir, 'outpost.db') });
  });
  afterEach(async () => {
    await a.close();
    await b.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('one holder at a time; released, the other may take it', async () => {
    const first = new SyncLease(a.db);
    const second = new SyncLease(b.db);
    expect(await first.acquire()).toEqual({ ok: true });
    const refused = await second.acquire();
    expect(refused).toMatchObject({ ok: false, holder: { pid: process.pid } });
    // The holder takes it again without trouble (one sync after another).
    expect(await first.acquire()).toEqual({ ok: true });
    await first.release();
    expect(await second.acquire()).toEqual({ ok: true });
    expect(await first.acquire()).toMatchObject({ ok: false });
  });

  it('a holder whose process is gone (killed mid-sync) is taken over at once', async () => {
    await new SyncLease(a.db).acquire();
    const nobodyAlive = new SyncLease(b.db, () => false);
    expect(await nobodyAlive.acquire()).toEqual({ ok: true });
  });

  it('a lease row that cannot be read (damaged) is held by nobody: taken, renewed and let go', async () => {
    for (const damaged of ['{"id":"thread-1","pid', '{"id": 7}', 'null']) {
      await a.db.insertInto('setting').values({ key: 'syncLease', value: damaged }).execute();
      const taker = new SyncLease(b.db, processIsAlive, Date.now, { me: 'taker' });
      expect(await taker.acquire()).toEqual({ ok: true });
      await taker.renew();
      expect(await new SyncLease(a.db).acquire()).toMatchObject({ ok: false, holder: { id: 'taker' } });
      await taker.release();
      const left = await a.db.selectFrom('setting').select('value').where('key', '=', 'syncLease').execute();
      expect(left).toEqual([]);
    }
    // A row gone bad while held: renewing and letting go leave it alone rather than fail.
    await a.db.insertInto('setting').values({ key: 'syncLease', value: '{"id":' }).execute();
    const holder = new SyncLease(b.db);
    await holder.renew();
    await holder.release();
  });

  it('a core of this same process known dead (its thread ended) is taken over at once; a live one is not', async () => {
    await new SyncLease(a.db, processIsAlive, Date.now, { me: 'thread-1' }).acquire();
    const unaware = new SyncLease(b.db, processIsAlive, Date.now, { me: 'thread-3' });
    expect(await unaware.acquire()).toMatchObject({ ok: false, holder: { id: 'thread-1' } });
    const told = new SyncLease(b.db, processIsAlive, Date.now, { me: 'thread-2', gone: ['thread-1'] });
    expect(await told.acquire()).toEqual({ ok: true });
    expect(await unaware.acquire()).toMatchObject({ ok: false, holder: { id: 'thread-2' } });
  });

  it('a holder that stopped renewing is taken over; renewing keeps it', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const holder = new SyncLease(
      a.db,
      () => true,
      () => now,
    );
    const other = new SyncLease(
      b.db,
      () => true,
      () => now,
    );
    await holder.acquire();
    now += LEASE_STALE_MS - 1_000;
    await holder.renew();
    now += LEASE_STALE_MS - 1_000;
    expect(await other.acquire()).toMatchObject({ ok: false });
    now += 2_000;
    expect(await other.acquire()).toEqual({ ok: true });
    // The old holder's renewal no longer touches a lease that is not its own.
    await holder.renew();
    expect(await holder.acquire()).toMatchObject({ ok: false });
  });

  it('of many takers at once exactly one wins', async () => {
    const takers = Array.from({ length: 8 }, (_, i) => new SyncLease(i % 2 === 0 ? a.db : b.db, () => true));
    const answers = await Promise.all(takers.map((t) => t.acquire()));
    expect(answers.filter((x) => x.ok)).toHaveLength(1);
  });
});

describe('two Outpost processes on one data folder', () => {
  let sandbox: SandboxHandle | null = null;
  const cores: TestCore[] = [];
  afterEach(async () => {
    for (const c of cores.splice(0)) await c.close();
    await sandbox?.close();
    sandbox = null;
  });

  it('while one syncs the other does not, and says why; afterwards it syncs', async () => {
    sandbox = await startSandbox();
    const desktop = await openCore();
    cores.push(desktop);
    await desktop.call('settings.connect', {
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      authHeader: 'bearer',
    });
    await desktop.core.syncNow('user');
    const cli = await openCore({ dir: desktop.dir, secrets: desktop.secrets });
    cores.push(cli);
    // The desktop's next sync is held up by a slow service.
    sandbox.faults.add({ method: 'GET', path: /\/posts\/$/, kind: 'latency', latencyMs: 400 });
    const slow = desktop.core.syncNow('user');
    await desktop.waitFor((e) => e.name === 'syncStatus' && e.data.phase === 'syncing');
    const refused = await cli.core.syncNow('user');
    expect(refused.lastError).toMatch(/^Another Outpost process \(pid \d+\) is syncing this data folder/);
    expect((await slow).lastError).toBeNull();
    sandbox.faults.clear();
    expect((await cli.core.syncNow('user')).lastError).toBeNull();
  });

  it('a sync that outlasts the renewal time keeps its lease fresh, on the core’s own timers', async () => {
    sandbox = await startSandbox();
    const time = new VirtualTime(new Date());
    const desktop = await openCore({ clock: time, scheduler: time });
    cores.push(desktop);
    await desktop.call('settings.connect', {
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
      authHeader: 'bearer',
    });
    await desktop.core.syncNow('user');
    // Another process's view of the lease.
    const other = await openDatabase({ file: join(desktop.dir, DATABASE_FILE) });
    const lease = other.db.selectFrom('setting').select('value').where('key', '=', 'syncLease');
    const renewedAt = async () => {
      const row = await lease.executeTakeFirst();
      return row ? Date.parse((JSON.parse(row.value) as LeaseHolder).renewedAt) : null;
    };
    try {
      sandbox.faults.add({ method: 'GET', path: /\/posts\/$/, kind: 'latency', latencyMs: 400 });
      desktop.events.length = 0;
      const slow = desktop.core.syncNow('user');
      await desktop.waitFor((e) => e.name === 'syncStatus' && e.data.phase === 'syncing');
      // As if the holder had been quiet for long: only a renewal writes a fresh time.
      await other.db
        .updateTable('setting')
        .set({ value: sql<string>`json_set(value, '$.renewedAt', '2000-01-01T00:00:00.000Z')` })
        .where('key', '=', 'syncLease')
        .execute();
      const before = Date.now();
      // The renewal interval (15 s) passes while the request is held up.
      time.advance(15_000);
      await vi.waitFor(async () => expect(await renewedAt()).toBeGreaterThanOrEqual(before));
      expect((await slow).lastError).toBeNull();
    } finally {
      await other.close();
    }
  });
});
