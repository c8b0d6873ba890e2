// What the user can do with a variant now, decided in one place from the op machine and the
// variant's facts: every view answers it (VariantView and PlanItem `actions`), and every handler
// checks a request against it, so the window never offers what the core then refuses.
import type { OutboxOpAction, VariantAction } from '@preload/bridge';
import { REFUSALS } from '@preload/words/refusals';
import { isPublished, NEEDS_APPROVAL } from '../domain/service-state';
import type { OutboxOpRow, VariantRow } from '../store/schema';
import { discardRefusal } from './discard-preview';
import { KIND_GROUPS, refusal, type OpFacts } from './op-machine';
import { withdrawalRefusal } from './withdraw';

/** The variant columns its actions depend on. */
export type VariantActionRow = Pick<
  VariantRow,
  'id' | 'server_id' | 'status' | 'platform_post_url' | 'remote_state' | 'account_mode' | 'scheduled_at'
>;

/** The outbox columns its actions depend on. */
export type OpActionRow = Pick<OutboxOpRow, 'variant_id' | 'kind' | 'state'>;

export interface VariantFacts {
  variant: VariantActionRow;
  /** The post's workspace: null for a draft in the local space. */
  workspace: string | null;
  /** The open ops of the variant's post (or of the variant alone), in order. */
  ops: readonly OpActionRow[];
}

export const VARIANT_ACTIONS: readonly VariantAction[] = [
  'edit',
  'schedule',
  'unschedule',
  'move',
  'publish',
  'retry',
  'discard',
  'publish_again',
  'keep_unpublished',
  'delete',
];

/** What says whether a variant may change at all. */
export type LockFacts = Pick<VariantRow, 'status' | 'platform_post_url' | 'remote_state'>;

/** Why nothing of the variant may change now (published, waiting for sign-off, removed), or null. */
export function lockedReason(v: LockFacts): string | null {
  if (isPublished(v)) return REFUSALS.published;
  if (v.remote_state === 'removed') return REFUSALS.removed;
  // What the approvers were asked to sign off is what goes out: Outpost does not change it
  // under them (the window locks it too).
  if (v.status === NEEDS_APPROVAL) return REFUSALS.waitingForSignOff;
  return null;
}

/** The op a user's action on the variant acts on, and the machine's answer for it. */
function opRefusal(
  ops: readonly OpActionRow[],
  find: (op: OpActionRow) => boolean,
  action: OutboxOpAction,
  none: string,
): string | null {
  const op = ops.find(find);
  return op === undefined ? none : refusal(op, action);
}

/**
 * Why a publish of the variant that has not been answered yet holds its time and its text: a
 * publish goes out whatever the time says and with the text it was asked for, so a time set or
 * cleared, or a text changed, meanwhile would only fail behind it.
 */
function publishAwaited(mine: readonly OpActionRow[], onItsWay: string): string | null {
  const publishes = mine.filter((o) => o.kind === 'publish' && o.state !== 'failed');
  if (publishes.some((o) => o.state === 'needs_user' || o.state === 'unknown'))
    return REFUSALS.publishUnknown;
  return publishes.length > 0 ? onItsWay : null;
}

/** Why the core refuses `action` on the variant now, or null when it accepts it. */
export function variantRefusal(action: VariantAction, f: VariantFacts): string | null {
  const v = f.variant;
  const mine = f.ops.filter((o) => o.variant_id === v.id);
  switch (action) {
    // A publish on its way goes out with the text it was asked for: a change typed behind it
    // would only fail once the variant is published (and one sent before it would publish a
    // text half typed when the connection came back).
    case 'edit':
      return lockedReason(v) ?? publishAwaited(mine, REFUSALS.publishHolds);
    case 'unschedule':
      return lockedReason(v) ?? publishAwaited(mine, REFUSALS.publishHolds);
    case 'schedule':
      return (
        lockedReason(v) ??
        publishAwaited(mine, REFUSALS.publishHolds) ??
        (v.account_mode === 'none' ? REFUSALS.needsAccount : null)
      );
    case 'move':
      return v.scheduled_at === null ? REFUSALS.noTimeToMove : variantRefusal('schedule', f);
    case 'publish': {
      const locked = lockedReason(v);
      if (locked !== null) return locked;
      if (f.workspace === null) return REFUSALS.needsWorkspace;
      if (v.account_mode === 'none') return REFUSALS.needsAccount;
      return publishAwaited(mine, REFUSALS.publishOnItsWay);
    }
    case 'retry':
      // Sent again, a change of a variant that cannot change would only be held back again.
      return lockedReason(v) ?? opRefusal(mine, (o) => o.state === 'failed', action, REFUSALS.noFailedChange);
    case 'discard': {
      const op = unsentChangeOf(mine);
      return op === undefined ? REFUSALS.noChangeToDiscard : discardRefusal(op, v.server_id !== null, mine);
    }
    case 'publish_again':
    case 'keep_unpublished':
      return opRefusal(
        mine,
        (o) => o.kind === 'publish' && o.state === 'needs_user',
        action,
        REFUSALS.noPublishToDecide,
      );
    case 'delete':
      return v.server_id !== null ? REFUSALS.variantOnService : withdrawalRefusal(mine);
  }
}

/**
 * Why the Outbox's Retry of an op is refused: the machine's answer, else, for a failed op of a
 * variant that cannot change, that it would only be held back (or refused) again.
 */
export function opRetryRefusal(op: OpFacts, v: LockFacts | undefined): string | null {
  const why = refusal(op, 'retry');
  if (why !== null || op.state !== 'failed' || v === undefined) return why;
  const locked = lockedReason(v);
  return locked === null ? null : `${locked} Sent again, it would only be refused again: discard it instead.`;
}

/**
 * The variant's change that Retry and Discard act on: a failed op (a refused change, or a publish),
 * else its first change still on its way to the service (waiting, or being sent: then Discard
 * says why it cannot be).
 */
export function unsentChangeOf<O extends OpActionRow>(mine: readonly O[]): O | undefined {
  return (
    mine.find((o) => o.state === 'failed') ??
    mine.find((o) => KIND_GROUPS[o.kind] === 'change' && ['pending', 'sending', 'unknown'].includes(o.state))
  );
}

/** Every action the core accepts on the variant now, and why it refuses each of the others. */
export function variantActions(f: VariantFacts): {
  actions: VariantAction[];
  refusals: Partial<Record<VariantAction, string>>;
} {
  const actions: VariantAction[] = [];
  const refusals: Partial<Record<VariantAction, string>> = {};
  for (const action of VARIANT_ACTIONS) {
    const why = variantRefusal(action, f);
    if (why === null) actions.push(action);
    else refusals[action] = why;
  }
  return { actions, refusals };
}
