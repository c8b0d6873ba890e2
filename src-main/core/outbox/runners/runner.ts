// What every op runner is: it builds its request from the rows as they are when the op is
// claimed, sends it and returns what happened as a Settlement (an event, and how to record the
// answer), and reads back after an unknown outcome. It never writes `outbox_op`: the push
// applies its settlements through the op store.
import { OUTBOX_REASONS } from '@preload/words/outbox';
import { TOO_LARGE, type ServiceClient, type ServiceVariant } from '../../api/client';
import { isServiceError } from '../../api/errors';
import type { Kysely } from 'kysely';
import { getPost } from '../../store/post-repository';
import type { Database, OutboxOpRow, PostRow, VariantRow } from '../../store/schema';
import { getVariant } from '../../store/variant-repository';
import { recordServiceAnswer, type ChangeAnswered } from '../merge-variant';
import type { SyncContext } from '../../store/unit-of-work';
import { AnswerMismatch, linkedElsewhere, type StoredAs } from '../answer-check';
import { KIND_GROUPS } from '../op-machine';
import { linkedToOther } from '../links';
import { parsePayload, type PayloadPatch } from '../payload';
import type { Built, Settlement } from '../op-store';
import { judgeFailure, type Stage, type Timing } from '../outcome';

export interface RunContext {
  ctx: SyncContext;
  client: ServiceClient;
  timing: Timing;
}

/** The rows an op concerns, read in the transaction that claims it (or just before a read-back). */
export interface OpRows {
  op: OutboxOpRow;
  post: PostRow;
  variant: VariantRow | null;
}

export interface OpRunner<T> {
  /** `ctx`: the sync's, for what the window tells the core (a title still being typed). */
  build(rows: OpRows, ctx: SyncContext): Built<T>;
  send(rc: RunContext, rows: OpRows, request: T): Promise<Settlement>;
  readBack(rc: RunContext, rows: OpRows): Promise<Settlement>;
}

/**
 * Runs `work`; a failure becomes the event judgeFailure gives for it. An answer that was not
 * about the change sent is remembered: if the read-back then finds the change missing, the
 * service answered it without keeping it (patch-variant.ts). A create of unknown outcome counts
 * its tries, and the record an unclear answer named, for its read-back (read-back.ts).
 */
export async function settled(
  rows: OpRows,
  rc: RunContext,
  stage: Stage,
  work: () => Promise<Settlement>,
): Promise<Settlement> {
  try {
    return await work();
  } catch (error) {
    const event = judgeFailure(rows.op.kind, error, stage, rc.timing);
    if (error instanceof AnswerMismatch && stage === 'request')
      return {
        event,
        action: `answer_${error.kind}`,
        payload: { answerMismatch: true, ...unknownCreate(rows.op, error.answeredId) },
      };
    const unknown = event.type === 'outcome_unknown' ? { payload: unknownCreate(rows.op, null) } : {};
    return isServiceError(error) && error.code === TOO_LARGE
      ? { event, note: error.message, ...unknown }
      : { event, ...unknown };
  }
}

/** What a create remembers of a try whose outcome is unknown: one more such try, and the id answered. */
export function unknownCreate(
  op: Pick<OutboxOpRow, 'kind' | 'payload'>,
  answeredId: string | null,
): PayloadPatch {
  if (KIND_GROUPS[op.kind] !== 'create') return {};
  const payload = parsePayload(op);
  const answeredIds =
    answeredId === null ? {} : { answeredIds: [...(payload.answeredIds ?? []), answeredId].slice(-4) };
  return { unknownSends: (payload.unknownSends ?? 0) + 1, ...answeredIds };
}

/** Refuses an answer naming a record another local item is linked to: it is not about this request. */
export async function checkNotLinkedElsewhere(
  db: Kysely<Database>,
  kind: 'post' | 'variant',
  slug: string,
  serverId: string,
  own: string,
): Promise<void> {
  if (await linkedToOther(db, kind, slug, serverId, own)) throw linkedElsewhere(kind, serverId);
}

/**
 * An op's rows as its claim reads them. The op's row goes with its post or variant (cascade):
 * a post is always there; a variant may be gone.
 */
export async function readOpRows(db: Kysely<Database>, op: OutboxOpRow): Promise<OpRows> {
  const post = (await getPost(db, op.post_id)) as PostRow;
  const variant = op.variant_id === null ? null : ((await getVariant(db, op.variant_id)) ?? null);
  return { op, post, variant };
}

/** The post's workspace and server id; a runner is only called once both exist. */
export function placeOf(rows: OpRows): { slug: string; postId: string } {
  return { slug: rows.post.workspace as string, postId: rows.post.server_id as string };
}

/** Whether the service ids an op's request needs exist yet (a variant waits for its post). */
export function placed({ op, post, variant }: OpRows): boolean {
  if (op.kind === 'create_post') return true;
  if (post.server_id === null) return false;
  return op.kind === 'create_variant' || variant?.server_id != null;
}

/**
 * Writes what the service answered for the op's variant: its values become the new base. For a
 * change, `change` says what was sent, so a later read can tell whether the service kept it;
 * `storedAs`, that the service kept the text sent in another form.
 */
export function recordVariantAnswer(
  rows: OpRows,
  sv: ServiceVariant,
  change?: ChangeAnswered,
  storedAs: StoredAs | null = null,
) {
  return async (t: SyncContext): Promise<void> => {
    const variant = rows.variant as VariantRow;
    await recordServiceAnswer(t, (await getVariant(t.db, variant.id)) ?? variant, sv, change, storedAs);
  };
}

/**
 * Reads the op's variant back from the service and lets `decide` settle on what it shows; a
 * variant no longer listed is removed there.
 */
export function readBackVariant(
  rc: RunContext,
  rows: OpRows,
  decide: (sv: ServiceVariant) => Settlement,
): Promise<Settlement> {
  return settled(rows, rc, 'read_back', async () => {
    const { slug, postId } = placeOf(rows);
    const sv = (await rc.client.listVariants(slug, postId)).find((v) => v.id === rows.variant?.server_id);
    if (sv === undefined) return { event: { type: 'removed', reason: OUTBOX_REASONS.variantGone } };
    return decide(sv);
  });
}
