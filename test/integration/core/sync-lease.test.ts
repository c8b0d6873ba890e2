// The sync lease keeps two processes on one data folder from syncing at once. Each test opens
// the file twice (two connections, as two processes would) and plays the other process's part.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../../src-main/core/store/db';
import { LEASE_STALE_MS, SyncLease } from '../../../src-main/core/store/sync-lease';
import { startSandbox, type SandboxHandle } from '../../server/index';
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
});
