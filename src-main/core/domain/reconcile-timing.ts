// When to read a waiting variant again: scheduled ones shortly after their time, then with
// backoff; those waiting for sign-off on a slowing interval.
import { serviceState, type ServiceFacts } from './service-state';

export const RECONCILE = {
  afterScheduledMs: 5_000,
  scheduledBaseMs: 15_000,
  scheduledCapMs: 15 * 60_000,
  approvalBaseMs: 30_000,
  approvalCapMs: 30 * 60_000,
};

export function decideReconcile(
  v: ServiceFacts,
  now: Date,
  attempts: number,
): { action: 'none'; reason: string } | { action: 'read_at'; at: string; reason: string } {
  const s = serviceState(v);
  if (s === 'needs_approval') {
    const delay = Math.min(RECONCILE.approvalCapMs, RECONCILE.approvalBaseMs * 2 ** Math.min(attempts, 20));
    return {
      action: 'read_at',
      at: new Date(now.getTime() + delay).toISOString(),
      reason: 'Waiting for sign-off: check again on a slowing interval.',
    };
  }
  if (s === 'scheduled' && v.scheduled_at !== null) {
    const due = Date.parse(v.scheduled_at) + RECONCILE.afterScheduledMs;
    if (Number.isFinite(due) && due > now.getTime())
      return {
        action: 'read_at',
        at: new Date(due).toISOString(),
        reason: 'Scheduled: checked with the service shortly after its time.',
      };
    const delay = Math.min(RECONCILE.scheduledCapMs, RECONCILE.scheduledBaseMs * 2 ** Math.min(attempts, 20));
    return {
      action: 'read_at',
      at: new Date(now.getTime() + delay).toISOString(),
      reason: 'Past its time and not yet published: read again with backoff.',
    };
  }
  return { action: 'none', reason: `Nothing to wait for (${s}).` };
}
