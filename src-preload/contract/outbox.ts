// The outbox: the operations on their way to the service, and the user's actions on them.
import type { DiscardPreview, LocalId } from './items';

/** The outbox's operations, declared here once: the core's op machine and tables use these. */
export const OUTBOX_OP_KINDS = [
  'create_post',
  'create_variant',
  'update_variant',
  'schedule',
  'unschedule',
  'publish',
] as const;

export type OutboxOpKind = (typeof OUTBOX_OP_KINDS)[number];

/**
 * `unknown`: the request may have reached the service and is being read back; `needs_user`: a
 * publish that may or may not have gone out, or several look-alikes of a create: the user decides.
 */
export const OUTBOX_OP_STATES = ['pending', 'sending', 'unknown', 'needs_user', 'failed', 'done'] as const;

export type OutboxOpState = (typeof OUTBOX_OP_STATES)[number];

/**
 * What the user can do with an op now, as the core's op machine decides it: the window and the
 * CLI offer exactly these. `retry` of an op of unknown outcome reads it back first ("Check now").
 */
export type OutboxOpAction =
  'retry' | 'discard' | 'publish_again' | 'keep_unpublished' | 'adopt' | 'create_anew';

/** A service item a create of unknown outcome may have made, offered when more than one matches. */
export interface OutboxCandidate {
  serverId: string;
  label: string;
}

export interface OutboxOpView {
  id: LocalId;
  kind: OutboxOpKind;
  state: OutboxOpState;
  postId: LocalId;
  /** The post's title, so a row says what it concerns. */
  postTitle: string;
  variantId: LocalId | null;
  /** The variant's platform, for ops of a variant. */
  platform: string | null;
  attempts: number;
  nextAttemptAt: string | null;
  error: string | null;
  /** What the user is asked while the op is `needs_user`. */
  question: string | null;
  /** The look-alikes to choose from (empty unless a create's read-back found several). */
  candidates: OutboxCandidate[];
  /**
   * Why it waits beyond what its state says: its workspace cannot be reached with this account,
   * an earlier op holds it back, or its new post's title is still being typed.
   */
  waitingFor: string | null;
  /** What a discard of it would put back (the window asks first); null when it cannot be discarded. */
  discards: DiscardPreview | null;
  /** What the user can do with it now. */
  actions: OutboxOpAction[];
  createdAt: string;
}

/** outbox.*: the operations and the user's actions on them. */
export interface OutboxCommands {
  'outbox.list': { payload: void; result: OutboxOpView[] };
  /** Retries a failed operation now; refused for one whose retry is not safe. */
  'outbox.retry': { payload: { id: LocalId }; result: OutboxOpView };
  /**
   * Drops a change the service refused, or one still waiting to be sent, and puts the variant
   * back to what the service last held (a refused publish is simply not sent). Refused for a
   * change being sent (its outcome is not known yet); drafts not yet on the service are kept.
   */
  'outbox.discard': { payload: { id: LocalId }; result: OutboxOpView };
  /**
   * A create whose answer was lost while look-alikes appeared: `serverId` names the item that is
   * Outpost's (it is linked, nothing is created); `null` says none is, and it is created anew.
   */
  'outbox.adopt': { payload: { id: LocalId; serverId: string | null }; result: OutboxOpView };
}

/** The names of these commands (a host checks a name against every feature\'s). */
export const OUTBOX_COMMANDS: Record<keyof OutboxCommands, true> = {
  'outbox.list': true,
  'outbox.retry': true,
  'outbox.discard': true,
  'outbox.adopt': true,
};
