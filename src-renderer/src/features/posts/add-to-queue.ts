// "Add to queue" for many variants is planning.addToQueue, the command of the posting slots
// (issue 25, item 1), built on another branch. Until both are merged it is not in this copy of
// the bridge contract, so it is asked for by name here, in this one place: once merged, this
// becomes `invoke('planning.addToQueue', { variantIds })`. A core without it answers
// "Unknown command", which the bulk bar shows as it shows any failure.
import type { BulkReport } from '../../../../src-preload/bridge';
import { invoke } from '../../lib/bridge';

/** What planning.addToQueue answers: each variant queued at its account's next free slot. */
export type QueueReport = BulkReport & { scheduled: Array<{ variantId: string; scheduledAt: string }> };

type ByName = (command: string, payload: unknown) => Promise<QueueReport>;

export function addToQueue(variantIds: string[]): Promise<QueueReport> {
  return (invoke as unknown as ByName)('planning.addToQueue', { variantIds });
}
