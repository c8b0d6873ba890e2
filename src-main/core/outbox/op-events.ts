// What can happen to an outbox op: the events the op machine (op-machine.ts) takes, and the
// effects a state change brings with it. Each event is named once here, with the words the
// machine's table (docs/op-machine.md) shows for it.
import type { OutboxCandidate } from '@preload/bridge';

/** A service item Outpost may have made, offered to the user when more than one matches. */
export type Candidate = OutboxCandidate;

export type OpEvent =
  | { type: 'claim' }
  | { type: 'answered'; reason: string }
  | { type: 'nothing_to_send'; reason: string }
  | { type: 'refused'; reason: string }
  | { type: 'never_sent'; reason: string }
  | { type: 'retry_later'; reason: string; at: string }
  | { type: 'token_refused'; reason: string }
  | { type: 'workspace_unavailable'; reason: string }
  | { type: 'removed'; reason: string }
  | { type: 'locked'; reason: string }
  | { type: 'outcome_unknown'; reason: string; at: string }
  | { type: 'crashed'; reason: string }
  | { type: 'read_back_absent'; reason: string }
  /** `question`: what the user is asked, when it is not which of several look-alikes is Outpost's. */
  | { type: 'read_back_ambiguous'; reason: string; candidates: Candidate[]; question?: string }
  | { type: 'read_back_failed'; reason: string; at: string }
  /** `times` counts the answers the service gave without keeping the change. */
  | { type: 'not_kept'; reason: string; times: number }
  | { type: 'folded' }
  | { type: 'superseded' }
  | { type: 'edited' }
  | { type: 'user_retry' }
  | { type: 'user_discard' }
  | { type: 'user_publish_again' }
  | { type: 'user_keep_unpublished' }
  | { type: 'user_adopt'; serverId: string }
  | { type: 'user_create_anew' }
  | { type: 'withdrawn' };

export type OpEventType = OpEvent['type'];

/** Every event, in words; its keys list the event types (a new one without words fails to compile). */
export const EVENT_WORDS = {
  claim: 'claim (committed before the request leaves)',
  answered: 'a clean answer, recorded in the same commit; or a read-back finds it applied (one match)',
  nothing_to_send: 'nothing left to send (already linked, or nothing the service takes changed)',
  refused: 'refused by the service (4xx)',
  never_sent: 'the connection was never made',
  retry_later: 'the service asked to wait (429, 503)',
  token_refused: 'the token was refused (401)',
  workspace_unavailable: 'the workspace cannot be reached with this account (403, or gone)',
  removed: 'the item is gone on the service (404), or was marked so',
  locked: 'the variant is published or waiting for sign-off',
  outcome_unknown:
    'timeout, reset, cut-off or non-JSON 2xx, an answer about something else, 5xx, a local error while recording',
  crashed: 'found `sending` at the start of a sync (the process stopped)',
  read_back_absent: 'a read-back finds nothing of it',
  read_back_ambiguous:
    'a read-back finds several look-alikes of a create, or none after it went twice without a clear answer',
  read_back_failed: 'the read-back itself failed',
  not_kept: 'a read finds a change the service answered but did not keep',
  folded: 'a newer edit is folded into it (a burst of typing is one request)',
  superseded:
    'a newer change replaces it (an edit, a conflict resolved, a new publish, a time moved back before it left)',
  edited: "the user's edit of a refused create",
  user_retry: 'the user: retry',
  user_discard: 'the user: discard',
  user_publish_again: 'the user: publish again',
  user_keep_unpublished: 'the user: keep unpublished',
  user_adopt: 'the user: this one is mine',
  user_create_anew: 'the user: none of these, create anew',
  withdrawn:
    'the user deleted its item before it reached the service (or took a draft back to the local space)',
} as const satisfies Record<OpEventType, string>;

export const OP_EVENT_TYPES = Object.keys(EVENT_WORDS) as OpEventType[];

/** Events only the user's own action produces; every other event is automatic. */
export const USER_EVENTS: ReadonlySet<OpEventType> = new Set([
  'edited',
  'user_retry',
  'user_discard',
  'user_publish_again',
  'user_keep_unpublished',
  'user_adopt',
  'user_create_anew',
  'withdrawn',
]);

/** What must happen together with the state change (in the same commit, or right after it). */
export const EFFECT_WORDS = {
  record: 'what the service answered is written in the same commit',
  notify_user: 'the user is told: a decision or a refusal waits for them',
  stop_offline: 'this push ends: the service cannot be reached',
  stop_auth: 'this push ends: the token was refused',
  hold_workspace: 'the workspace is marked without access; its other ops wait too',
  mark_removed: 'the local copy is kept and marked removed on the service',
  wait: "tried again at the event's time",
  block: 'the ops after it wait for it in this push',
} as const;

export type Effect = keyof typeof EFFECT_WORDS;
