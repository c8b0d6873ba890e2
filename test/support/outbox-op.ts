// An outbox row as the core answers it, for tests of what shows it (the Outbox view, the CLI):
// a change of an X variant waiting to go unless the test says otherwise.
import type { OutboxOpView } from '@preload/bridge';

export function outboxOp(fields: Partial<OutboxOpView> & Pick<OutboxOpView, 'id'>): OutboxOpView {
  return {
    kind: 'update_variant',
    state: 'pending',
    postId: 'p1',
    postTitle: 'Launch',
    variantId: 'v1',
    platform: 'x',
    attempts: 0,
    nextAttemptAt: null,
    error: null,
    question: null,
    candidates: [],
    waitingFor: null,
    discards: null,
    actions: [],
    createdAt: '2030-01-01T09:00:00.000Z',
    ...fields,
  };
}
