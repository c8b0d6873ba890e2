// Before anything is kept: a sync decision's reason loses the token (and its
// secret part, given the core's redactor) on its way into sync_log and the log file; what
// crosses the bridge can be passed through the same redactor.
import { describe, expect, it, vi } from 'vitest';
import { Redactor, redactDeep } from '../../../../src-main/core/app/connection/file-logger';
import { appendSyncLog, listSyncLog } from '../../../../src-main/core/store/sync-log-repository';
import { logDecision, type SyncContext } from '../../../../src-main/core/store/unit-of-work';
import { useTempStore } from './temp-store';

const store = useTempStore('outpost-redacted-log-');
const TOKEN = 'cps_pat_S3cretValue1234';
const SECRET = 'S3cretValue1234';

function context(redact?: (t: string) => string): { ctx: SyncContext; logged: string[] } {
  const logged: string[] = [];
  const logger = { info: vi.fn((m: string) => void logged.push(m)), warn: vi.fn(), error: vi.fn() };
  const ctx: SyncContext = {
    db: store.db,
    clock: { now: () => new Date('2030-01-01T00:00:00Z') },
    logger,
    emit: () => undefined,
    concurrency: 1,
    random: () => 0.5,
    ...(redact ? { redact } : {}),
  };
  return { ctx, logged };
}

describe('what the sync log keeps', () => {
  it('a whole token never reaches sync_log, even without the core redactor', async () => {
    await appendSyncLog(store.db, 'now', { action: 'fail', reason: `refused (418 Bad ${TOKEN})` });
    const [entry] = await listSyncLog(store.db, 1);
    expect(entry!.reason).toBe('refused (418 Bad [redacted])');
  });

  it("with the core's redactor, the secret part alone goes too, from the table and the log", async () => {
    const redactor = new Redactor();
    redactor.add(TOKEN);
    const { ctx, logged } = context(redactor.cleaner);
    await logDecision(ctx, { action: 'fail', reason: `The service failed (500 Broken ${SECRET}).` });
    const [entry] = await listSyncLog(store.db, 1);
    expect(entry!.reason).toBe('The service failed (500 Broken [redacted]).');
    expect(logged.join('\n')).not.toContain(SECRET);
  });

  it('redactDeep cleans every string of an answer or event, keeping its shape', () => {
    const redactor = new Redactor();
    redactor.add(TOKEN);
    const status = {
      phase: 'idle',
      lastError: `Bad ${SECRET}`,
      pending: 2,
      log: [{ reason: TOKEN, at: null }],
    };
    expect(redactDeep(status, redactor.cleaner)).toEqual({
      phase: 'idle',
      lastError: 'Bad [redacted]',
      pending: 2,
      log: [{ reason: '[redacted]', at: null }],
    });
  });
});
