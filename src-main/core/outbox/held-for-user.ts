// Which open ops wait for the user without being asked anything themselves: those behind an
// earlier op of their post that waits for an answer (a question) or for a retry or a discard (a
// refused create), by the op machine's own rule of what such an op holds back at its turn.
// The outbox says so on the row, instead of "goes out with the next sync".
import type { OutboxOpRow } from '../store/schema';
import { blocks } from './op-machine';

type Op = Pick<OutboxOpRow, 'id' | 'post_id' | 'variant_id' | 'kind' | 'state'>;

/** Each held op's id, with the op that holds it back. `ops`: every open op, in their order. */
export function heldForUser<O extends Op>(ops: readonly O[]): Map<string, O> {
  const held = new Map<string, O>();
  const holders = new Map<string, O[]>();
  for (const op of ops) {
    const earlier = holders.get(op.post_id) ?? [];
    const holder = earlier.find((h) => {
      const scope = blocks(h, false);
      return scope === 'post' || (scope === 'variant' && h.variant_id === op.variant_id);
    });
    if (holder !== undefined) held.set(op.id, holder);
    if (op.state === 'needs_user' || op.state === 'failed') holders.set(op.post_id, [...earlier, op]);
  }
  return held;
}
