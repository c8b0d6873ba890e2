// `outpost sync` exits 0 only when the service was read: a service that is down, failing,
// asking to slow down or answering garbage is a sync that did not happen, pending or not, and
// standard error says why in the core's words.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FaultRule } from '../../server/index';
import { useCliSession } from './cli-session';

const s = useCliSession('sync-exit');

beforeAll(async () => {
  await s.ok('connect', '--base-url', s.sandbox.baseUrl);
  await s.ok('sync');
}, 120_000);

interface SyncDoc {
  ok: boolean;
  value: { ok: boolean; problems: Array<{ part: string; message: string }> };
}

describe('outpost sync when the service could not be read', () => {
  it.each<[string, FaultRule, RegExp]>([
    ['failing (503)', { kind: 'status', status: 503 }, /temporarily unavailable/],
    ['dropping connections', { kind: 'drop_before_write' }, /connection to the service broke/],
    ['answering garbage', { kind: 'garbage_after_write', method: 'GET' }, /not JSON/],
    ['asking to slow down', { kind: 'retry_after', retryAfterSeconds: 3600 }, /slow down/],
  ])('exits 1 with the reason when the service is %s', { timeout: 120_000 }, async (_name, rule, why) => {
    const id = s.sandbox.faults.add(rule);
    try {
      const plain = await s.outpost('sync', '--wait', '0');
      expect(plain.code).toBe(1);
      expect(plain.stderr).toMatch(why);
      const json = await s.outpost('--json', 'sync', '--wait', '0');
      expect(json.code).toBe(1);
      const doc = JSON.parse(json.stdout) as SyncDoc;
      expect(doc.value.ok).toBe(false);
      expect(doc.value.problems.find((p) => p.part === 'service')?.message).toMatch(why);
    } finally {
      s.sandbox.faults.remove(id);
    }
    // Once the service answers again, the same sync exits 0.
    expect((await s.outpost('sync', '--wait', '0')).code).toBe(0);
  });

  it('says why operations were not sent, not only how many', { timeout: 120_000 }, async () => {
    const f = s.sandbox.fixtures;
    await s.ok('draft', '--title', 'Held back', '--workspace', f.workspace);
    const id = s.sandbox.faults.add({ kind: 'status', status: 503, method: 'POST' });
    try {
      const run = await s.outpost('sync', '--wait', '0');
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/1 operation not sent yet\. .*temporarily unavailable/);
    } finally {
      s.sandbox.faults.remove(id);
    }
    // The refused create waits on its retry time (up to a few seconds, drawn at random): the
    // sync waits for it, as a script's would, rather than race it.
    expect((await s.outpost('sync', '--wait', '60')).code).toBe(0);
  });
});
