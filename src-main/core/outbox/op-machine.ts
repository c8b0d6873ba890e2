// The life cycle of one outbox op, as a pure function: `transition(op, event)` gives the next
// state and what must happen with it, or a refusal with the reason. Nothing else decides an
// op's state; the op store applies these answers with compare-and-set (op-store.ts), and
// test/unit/core/outbox/op-machine.test.ts holds one row per state and event.
//
//   pending ──claim──▶ sending ──answered──▶ done
//      ▲                  │ never_sent / retry_later / token_refused / workspace_unavailable ─▶ pending
//      │                  │ refused / removed ─▶ failed
//      │                  └ outcome_unknown / crashed ─▶ unknown ──read-back──▶ done | pending | needs_user
//      │                                                        └─ not_kept ─▶ pending, or failed the Nth time
//      └── user: retry, publish again, create anew ◀── failed | needs_user
//
// The promise it keeps: a request that may have reached the service is never sent again by
// itself. Only a read-back that proves it was not applied (a create, an update), or the user
// (a publish: "publish again"), puts such an op back to pending.
import { OUTBOX_OP_STATES, type OutboxCandidate } from '../../../src-preload/bridge';
import type { OpKind, OpState } from '../store/schema';

/**
 * How many times a change may be answered without being kept before it fails: a service that
 * answers changes it drops would otherwise be sent the same change for ever.
 */
export const NOT_KEPT_LIMIT = 3;

/** A service item Outpost may have made, offered to the user when more than one matches. */
export type Candidate = OutboxCandidate;

export type OpEvent =
  /** The request is about to leave: committed before it does. */
  | { type: 'claim' }
  /** The service answered and the answer is recorded, or a read-back proved it applied. */
  | { type: 'answered'; reason: string }
  /** Nothing left to send (already linked, nothing the service takes changed). */
  | { type: 'nothing_to_send'; reason: string }
  /** The service said no for good; nothing was applied. */
  | { type: 'refused'; reason: string }
  /** The connection was never made: safe to send again once online. */
  | { type: 'never_sent'; reason: string }
  /** The service asked to wait (429, 503): nothing was applied; sent again at `at`. */
  | { type: 'retry_later'; reason: string; at: string }
  | { type: 'token_refused'; reason: string }
  /** The op's workspace answered 403 or is gone for this account: the op waits for access. */
  | { type: 'workspace_unavailable'; reason: string }
  /** The item is gone on the service (its workspace is still there). */
  | { type: 'removed'; reason: string }
  /** The variant is published or waiting for sign-off: a change to it is never sent. */
  | { type: 'locked'; reason: string }
  /** The request left and no clean, recorded answer came back: read back before anything. */
  | { type: 'outcome_unknown'; reason: string; at: string }
  /** Found `sending` when a sync began: the process that sent it stopped before the answer. */
  | { type: 'crashed'; reason: string }
  /** A read-back found nothing of the request: it was not applied. */
  | { type: 'read_back_absent'; reason: string }
  /** A read-back found several items that could be Outpost's: the user chooses. */
  | { type: 'read_back_ambiguous'; reason: string; candidates: Candidate[] }
  | { type: 'read_back_failed'; reason: string; at: string }
  /**
   * A read found that the service answered a change but does not hold it: `times` counts the
   * answers it did not keep. Sent again, until the NOT_KEPT_LIMIT-th time, which fails.
   */
  | { type: 'not_kept'; reason: string; times: number }
  /** The user's new edit is the fix for a refused create: it goes again. */
  | { type: 'edited' }
  | { type: 'user_retry' }
  | { type: 'user_discard' }
  | { type: 'user_publish_again' }
  | { type: 'user_keep_unpublished' }
  | { type: 'user_adopt'; serverId: string }
  | { type: 'user_create_anew' };

export type OpEventType = OpEvent['type'];

/** What must happen together with the state change (in the same commit, or right after it). */
export type Effect =
  /** Write what the service answered, in the same commit as the state. */
  | 'record'
  /** Tell the user: a decision or a refusal waits for them. */
  | 'notify_user'
  /** End this push: the service cannot be reached. */
  | 'stop_offline'
  /** End this push: the token was refused. */
  | 'stop_auth'
  /** Mark the workspace without access; its other ops wait too. */
  | 'hold_workspace'
  /** Keep the local copy and mark it removed on the service. */
  | 'mark_removed'
  /** Try again at the event's `at`. */
  | 'wait'
  /** Later ops of the same item wait for this one. */
  | 'block';

export type Transition =
  { ok: true; next: OpState; effects: Effect[]; error: string | null } | { ok: false; reason: string };

export interface OpFacts {
  state: OpState;
  kind: OpKind;
}

const CREATES: ReadonlySet<OpKind> = new Set(['create_post', 'create_variant']);
const CHANGES: ReadonlySet<OpKind> = new Set(['update_variant', 'schedule', 'unschedule']);

function to(next: OpState, effects: Effect[] = [], error: string | null = null): Transition {
  return { ok: true, next, effects, error };
}

function refuse(op: OpFacts, event: OpEvent, why: string): Transition {
  return { ok: false, reason: `A ${op.kind} op that is ${op.state} cannot take "${event.type}": ${why}` };
}

export function transition(op: OpFacts, event: OpEvent): Transition {
  const { state, kind } = op;
  const publish = kind === 'publish';
  switch (event.type) {
    case 'claim':
      if (state === 'pending') return to('sending');
      return refuse(op, event, 'only a pending op is sent.');
    case 'answered':
      if (state === 'sending' || state === 'unknown') return to('done', ['record']);
      return refuse(op, event, 'no request of it is out.');
    case 'nothing_to_send':
      if (state === 'pending' || state === 'unknown') return to('done', ['record']);
      return refuse(op, event, 'it is not waiting to be sent.');
    case 'refused':
      if (state === 'sending') return to('failed', ['notify_user', 'block'], event.reason);
      return refuse(op, event, 'no request of it is out.');
    case 'never_sent':
      if (state === 'sending') return to('pending', ['stop_offline'], event.reason);
      return refuse(op, event, 'no request of it is out.');
    case 'retry_later':
      if (state === 'sending') return to('pending', ['wait', 'block'], event.reason);
      return refuse(op, event, 'no request of it is out.');
    case 'token_refused':
      // Refused before anything was applied: it stays queued as it was.
      if (state === 'sending') return to('pending', ['stop_auth'], event.reason);
      if (state === 'unknown') return to('unknown', ['stop_auth'], event.reason);
      return refuse(op, event, 'no request of it is out.');
    case 'workspace_unavailable':
      if (state === 'sending' || state === 'pending') return to('pending', ['hold_workspace'], event.reason);
      if (state === 'unknown') return to('unknown', ['hold_workspace'], event.reason);
      return refuse(op, event, 'it is not waiting to be sent.');
    case 'removed':
      if (state === 'sending' || state === 'pending' || state === 'unknown')
        return to('failed', ['mark_removed', 'block'], event.reason);
      return refuse(op, event, 'it is not waiting to be sent.');
    case 'locked':
      // Never sent over published (or signed-off) content: the user sees it and decides.
      if (state === 'pending') return to('failed', ['notify_user', 'block'], event.reason);
      return refuse(op, event, 'only a change not yet sent is held back.');
    case 'outcome_unknown':
      // Read back at once, and at every sync until settled: a read changes nothing.
      if (state === 'sending') return to('unknown', ['block'], event.reason);
      return refuse(op, event, 'no request of it is out.');
    case 'crashed':
      if (state === 'sending') return to('unknown', ['block'], event.reason);
      return refuse(op, event, 'it was not being sent.');
    case 'read_back_absent':
      if (state !== 'unknown') return refuse(op, event, 'its outcome is not in question.');
      // A publish that looks unpublished may still be on its way out: only the user sends it again.
      if (publish) return to('needs_user', ['notify_user', 'block'], event.reason);
      return to('pending');
    case 'read_back_ambiguous':
      if (state === 'unknown' && CREATES.has(kind))
        return to('needs_user', ['notify_user', 'block'], event.reason);
      return refuse(op, event, 'only a create of unknown outcome has candidates.');
    case 'read_back_failed':
      if (state === 'unknown') return to('unknown', ['wait', 'block'], event.reason);
      return refuse(op, event, 'its outcome is not in question.');
    case 'not_kept':
      if (!CHANGES.has(kind)) return refuse(op, event, 'only a change can be answered and not kept.');
      // Found by a read-back (unknown), or by a later read after an answer that looked right (pending).
      if (state !== 'unknown' && state !== 'pending')
        return refuse(op, event, 'only a change read back, or waiting to go again, can be found not kept.');
      if (event.times >= NOT_KEPT_LIMIT) return to('failed', ['notify_user', 'block'], event.reason);
      return to('pending');
    case 'edited':
      if (state === 'failed' && CREATES.has(kind)) return to('pending');
      return refuse(op, event, 'only a refused create is revived by an edit.');
    case 'user_retry':
      if (state === 'failed' && !publish) return to('pending');
      if (state === 'failed')
        return refuse(op, event, 'a publish is never retried: use Publish again, after checking.');
      // Retry of an unknown outcome reads back first: it stays unknown, due now.
      if (state === 'unknown') return to('unknown');
      return refuse(op, event, 'only a failed op, or one of unknown outcome, can be retried.');
    case 'user_discard':
      if (state === 'failed' && !CREATES.has(kind)) return to('done', [], 'Discarded by the user.');
      if (state === 'failed') return refuse(op, event, 'a draft the service has not taken yet is kept.');
      return refuse(op, event, 'only a failed op can be discarded.');
    case 'user_publish_again':
      if (state === 'needs_user' && publish) return to('pending');
      return refuse(op, event, 'only a publish waiting for the user can be sent again.');
    case 'user_keep_unpublished':
      if (state === 'needs_user' && publish) return to('done', [], 'Kept unpublished by the user.');
      return refuse(op, event, 'only a publish waiting for the user can be kept unpublished.');
    case 'user_adopt':
      if (state === 'needs_user' && CREATES.has(kind)) return to('done', ['record']);
      return refuse(op, event, 'only a create waiting for the user can adopt a match.');
    case 'user_create_anew':
      if (state === 'needs_user' && CREATES.has(kind)) return to('pending');
      return refuse(op, event, 'only a create waiting for the user can be sent anew.');
  }
}

/** Every event type, for the exhaustive table test and for lint-free switches elsewhere. */
export const OP_EVENT_TYPES = Object.keys({
  claim: true,
  answered: true,
  nothing_to_send: true,
  refused: true,
  never_sent: true,
  retry_later: true,
  token_refused: true,
  workspace_unavailable: true,
  removed: true,
  locked: true,
  outcome_unknown: true,
  crashed: true,
  read_back_absent: true,
  read_back_ambiguous: true,
  read_back_failed: true,
  not_kept: true,
  edited: true,
  user_retry: true,
  user_discard: true,
  user_publish_again: true,
  user_keep_unpublished: true,
  user_adopt: true,
  user_create_anew: true,
} satisfies Record<OpEventType, true>) as OpEventType[];

/** Events only the user's own action produces; every other event is automatic. */
export const USER_EVENTS: ReadonlySet<OpEventType> = new Set([
  'edited',
  'user_retry',
  'user_discard',
  'user_publish_again',
  'user_keep_unpublished',
  'user_adopt',
  'user_create_anew',
]);

/** States in which an op is not finished: everything the outbox view and the counts show. */
export const OPEN_STATES = OUTBOX_OP_STATES.filter((s): s is Exclude<OpState, 'done'> => s !== 'done');
