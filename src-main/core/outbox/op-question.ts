// What an op entering `needs_user` asks the user, with the facts they decide on: a publish of
// unknown outcome, or a create whose read-back found several look-alikes. The op store writes
// it with the state (op-store.ts).
import type { Kysely } from 'kysely';
import type { Database, OpKind, OutboxOpRow } from '../store/schema';
import type { OpEvent } from './op-events';
import type { OpQuestion } from './payload';

/** The op's last request, for the facts of its question (read only when an op comes to ask). */
export async function readForQuestion(db: Kysely<Database>, id: string) {
  const row = await db
    .selectFrom('outbox_op')
    .select(['sent_at', 'error'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? { sent_at: null, error: null };
}

/** What an op entering `needs_user` asks, with the facts the user decides on. */
export function questionFor(
  kind: OpKind,
  event: OpEvent,
  current: Pick<OutboxOpRow, 'sent_at' | 'error'>,
): OpQuestion {
  if (event.type === 'read_back_ambiguous')
    return {
      candidates: event.candidates,
      question:
        event.question ??
        (kind === 'create_post'
          ? 'Its answer was lost, and the service now holds several posts like it. Which one is Outpost’s?'
          : 'Its answer was lost, and the post now has several variants like it. Which one is Outpost’s?'),
    };
  return {
    publishUnknown: {
      requestedAt: current.sent_at ?? '',
      reason: current.error ?? 'The answer to the publish request was lost.',
      readBack: 'reason' in event ? event.reason : 'It may not have been published.',
    },
  };
}
