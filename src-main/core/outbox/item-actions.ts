// What the user can do with a variant now, decided in one place from the op machine and the
// variant's facts: every view answers it (VariantView and PlanItem `actions`), and every handler
// checks a request against it, so the window never offers what the core then refuses.
import type { OutboxOpAction, VariantAction } from '@preload/bridge';
import { isPublished, NEEDS_APPROVAL } from '../domain/service-state';
import type { OutboxOpRow, VariantRow } from '../store/schema';
import { refusal } from './op-machine';
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

/** Why nothing of the variant may change now (published, waiting for sign-off, removed), or null. */
export function lockedReason(v: VariantActionRow): string | null {
  if (isPublished(v)) return 'This variant is already published; it cannot change.';
  if (v.remote_state === 'removed')
    return 'This variant was removed on the service; its text is kept here only.';
  // What the approvers were asked to sign off is what goes out: Outpost does not change it
  // under them (the window locks it too).
  if (v.status === NEEDS_APPROVAL)
    return "This variant is waiting for the channel's approvers; it cannot change until they decide.";
  return null;
}

const NO_FAILED_CHANGE = 'This variant has no failed change.';
const NEEDS_ACCOUNT_TO = (what: string) => `Choose a posting account before ${what} (the service needs one).`;

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

/** Why the core refuses `action` on the variant now, or null when it accepts it. */
export function variantRefusal(action: VariantAction, f: VariantFacts): string | null {
  const v = f.variant;
  const mine = f.ops.filter((o) => o.variant_id === v.id);
  switch (action) {
    case 'edit':
    case 'unschedule':
      return lockedReason(v);
    case 'schedule':
      return lockedReason(v) ?? (v.account_mode === 'none' ? NEEDS_ACCOUNT_TO('scheduling') : null);
    case 'move':
      return v.scheduled_at === null ? 'This variant has no time to move.' : variantRefusal('schedule', f);
    case 'publish': {
      const locked = lockedReason(v);
      if (locked !== null) return locked;
      if (f.workspace === null) return 'Move this draft to a workspace before publishing it.';
      if (v.account_mode === 'none') return NEEDS_ACCOUNT_TO('publishing');
      const publishes = mine.filter((o) => o.kind === 'publish' && o.state !== 'failed');
      if (publishes.some((o) => o.state === 'needs_user' || o.state === 'unknown'))
        return 'An earlier publish has an unknown outcome: decide on it first.';
      return publishes.length > 0 ? 'A publish of this variant is already on its way.' : null;
    }
    case 'retry':
      // Sent again, a change of a variant that cannot change would only be held back again.
      return lockedReason(v) ?? opRefusal(mine, (o) => o.state === 'failed', action, NO_FAILED_CHANGE);
    case 'discard':
      return opRefusal(mine, (o) => o.state === 'failed', action, NO_FAILED_CHANGE);
    case 'publish_again':
    case 'keep_unpublished':
      return opRefusal(
        mine,
        (o) => o.kind === 'publish' && o.state === 'needs_user',
        action,
        'This variant has no publish of unknown outcome waiting for a decision.',
      );
    case 'delete':
      return v.server_id !== null ? ON_SERVICE : withdrawalRefusal(mine);
  }
}

const ON_SERVICE =
  'This variant is on the service, which offers no way to delete it; you can hide its post here instead.';

/** Every action the core accepts on the variant now. */
export function variantActions(f: VariantFacts): VariantAction[] {
  return VARIANT_ACTIONS.filter((a) => variantRefusal(a, f) === null);
}
