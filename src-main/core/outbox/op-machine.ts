// The life cycle of one outbox op, as data: MACHINE says, for each state and event, the next
// state and what must happen with it; `transition` only looks it up. What the user may do with
// an op (`allowed`) and what an op holds back of the ops after it (`blocks`) are read from the
// same data, so the window, the CLI and the push cannot disagree with the machine. The op
// store applies its answers with compare-and-set (op-store.ts); docs/op-machine.md is this
// table in words, generated from it and checked by test/unit/core/outbox/op-machine-doc.test.ts.
//
// The promise it keeps: a request that may have reached the service is never sent again by
// itself. Only a read-back that proves it was not applied (a create, a change), or the user
// (a publish: "publish again"), puts such an op back to pending.
import { OP_ACTION_WORDS, OP_KIND_IN_SENTENCE } from '@preload/words/outbox';
import { OUTBOX_OP_STATES, type OutboxOpAction } from '@preload/bridge';
import type { OpKind, OpState } from '../store/schema';
import type { Effect, OpEvent, OpEventType } from './op-events';

/**
 * How many times a change may be answered without being kept before it fails: a service that
 * answers changes it drops would otherwise be sent the same change for ever.
 */
export const NOT_KEPT_LIMIT = 3;

/** The kinds the machine tells apart. */
export type KindGroup = 'create' | 'change' | 'publish';
export const KIND_GROUPS: Record<OpKind, KindGroup> = {
  create_post: 'create',
  create_variant: 'create',
  update_variant: 'change',
  schedule: 'change',
  unschedule: 'change',
  publish: 'publish',
};

/** A row's error: the event's own reason, or a fixed sentence. Without one the error is kept or cleared. */
export const FROM_EVENT = 'the event’s reason';

/** One way a state takes an event. */
export interface Row {
  next: OpState;
  effects: readonly Effect[];
  error?: string;
  /** Only for these kinds; every kind when absent. */
  kinds?: readonly KindGroup[];
  /** Only when the event says so: a change not kept for the NOT_KEPT_LIMIT-th time. */
  when?: 'limit_reached';
}

/** A refusal named for some kinds, with its own reason (the event's general one otherwise). */
export interface Refusal {
  refuse: string;
  kinds: readonly KindGroup[];
}

const to = (
  next: OpState,
  effects: readonly Effect[] = [],
  more: Omit<Row, 'next' | 'effects'> = {},
): Row => ({
  next,
  effects,
  ...more,
});
const CREATE = { kinds: ['create'] } as const;
const CHANGE = { kinds: ['change'] } as const;
const PUBLISH = { kinds: ['publish'] } as const;
const SAYS = { error: FROM_EVENT };
const EVERY_KIND = { kinds: ['create', 'change', 'publish'] } as const;
const DISCARDED = 'Discarded by the user.';
const DRAFT_KEPT = 'a draft the service has not taken yet is kept: delete it instead.';
const WITHDRAWN = 'Withdrawn: its item was deleted, or taken back to the local space, before it left.';

/** State x event: the rows in order, the first whose kinds (and guard) fit is taken. */
export const MACHINE: Record<OpState, Partial<Record<OpEventType, ReadonlyArray<Row | Refusal>>>> = {
  pending: {
    claim: [to('sending')],
    nothing_to_send: [to('done', ['record'])],
    workspace_unavailable: [to('pending', ['hold_workspace'], SAYS)],
    removed: [to('failed', ['mark_removed', 'block'], SAYS)],
    // Never sent over published (or signed-off) content: the user sees it and decides.
    locked: [to('failed', ['notify_user', 'block'], SAYS)],
    // A later read shows a change answered as kept was not: it goes again, or fails at the limit.
    not_kept: [
      to('failed', ['notify_user', 'block'], { ...SAYS, ...CHANGE, when: 'limit_reached' }),
      to('pending', [], CHANGE),
    ],
    // A create reads the variant when it leaves, a change carries every field folded in.
    folded: [to('pending', [], { kinds: ['create', 'change'] })],
    superseded: [to('done', [], { ...CHANGE, error: 'Superseded: a newer change replaces it.' })],
    // Nothing of it has reached the service: its item can go, and it with it.
    withdrawn: [to('done', [], { error: WITHDRAWN })],
    // A change not sent, or proved not applied: the user takes it back before it goes.
    user_discard: [
      { refuse: DRAFT_KEPT, ...CREATE },
      { refuse: 'a publish on its way is not discarded.', ...PUBLISH },
      to('done', [], { ...CHANGE, error: DISCARDED }),
    ],
  },
  sending: {
    answered: [to('done', ['record'])],
    refused: [to('failed', ['notify_user', 'block'], SAYS)],
    // Refused before anything was applied: waiting again as it was.
    never_sent: [to('pending', ['stop_offline'], SAYS)],
    retry_later: [to('pending', ['wait', 'block'], SAYS)],
    token_refused: [to('pending', ['stop_auth'], SAYS)],
    workspace_unavailable: [to('pending', ['hold_workspace'], SAYS)],
    removed: [to('failed', ['mark_removed', 'block'], SAYS)],
    // Read back at the next sync (a publish at once), and at every sync until settled.
    outcome_unknown: [to('unknown', ['block'], SAYS)],
    crashed: [to('unknown', ['block'], SAYS)],
    user_discard: [
      {
        refuse:
          'it is being sent right now, and whether the service takes it is not known yet; wait for its answer.',
        ...EVERY_KIND,
      },
    ],
  },
  unknown: {
    answered: [to('done', ['record'])],
    nothing_to_send: [to('done', ['record'])],
    token_refused: [to('unknown', ['stop_auth'], SAYS)],
    workspace_unavailable: [to('unknown', ['hold_workspace'], SAYS)],
    removed: [to('failed', ['mark_removed', 'block'], SAYS)],
    // A publish that looks unpublished may still be on its way out: only the user sends it again.
    read_back_absent: [to('needs_user', ['notify_user', 'block'], { ...SAYS, ...PUBLISH }), to('pending')],
    read_back_ambiguous: [to('needs_user', ['notify_user', 'block'], { ...SAYS, ...CREATE })],
    read_back_failed: [to('unknown', ['wait', 'block'], SAYS)],
    not_kept: [
      to('failed', ['notify_user', 'block'], { ...SAYS, ...CHANGE, when: 'limit_reached' }),
      to('pending', [], CHANGE),
    ],
    // "Check now": read back first, at the next sync, which the retry starts.
    user_retry: [to('unknown')],
    user_discard: [
      {
        refuse: 'it may have reached the service; Outpost checks what the service holds first (Check now).',
        ...EVERY_KIND,
      },
    ],
  },
  needs_user: {
    // Of unknown outcome, but a retry is not the way out: the user's choice is.
    user_retry: [
      {
        refuse:
          'it may or may not have gone out, so a retry never sends it again: choose Publish again or Keep unpublished.',
        ...PUBLISH,
      },
      { refuse: 'look-alikes were found on the service: adopt one, or create it anew.', ...CREATE },
    ],
    user_publish_again: [to('pending', [], PUBLISH)],
    user_keep_unpublished: [to('done', [], { ...PUBLISH, error: 'Kept unpublished by the user.' })],
    user_adopt: [to('done', ['record'], CREATE)],
    user_create_anew: [to('pending', [], CREATE)],
  },
  failed: {
    // The user's new edit is the fix for a refused create: it goes again.
    edited: [to('pending', [], CREATE)],
    superseded: [
      to('done', [], { kinds: ['change', 'publish'], error: 'Superseded: a newer change replaces it.' }),
    ],
    user_retry: [
      { refuse: 'a publish is never retried: use Publish again, after checking.', ...PUBLISH },
      to('pending'),
    ],
    user_discard: [{ refuse: DRAFT_KEPT, ...CREATE }, to('done', [], { error: DISCARDED })],
    // Refused by the service: nothing of it was applied.
    withdrawn: [to('done', [], { error: WITHDRAWN })],
  },
  // Asked of an op that finished meanwhile (sent while the question was open, say).
  done: {
    user_discard: [{ refuse: 'it is settled already: sent, or replaced by a newer change.', ...EVERY_KIND }],
  },
};

/** Why an event is refused where no row takes it. */
const REFUSALS: Record<OpEventType, string> = {
  claim: 'only a pending op is sent.',
  answered: 'no request of it is out.',
  nothing_to_send: 'it is not waiting to be sent.',
  refused: 'no request of it is out.',
  never_sent: 'no request of it is out.',
  retry_later: 'no request of it is out.',
  token_refused: 'no request of it is out.',
  workspace_unavailable: 'it is not waiting to be sent.',
  removed: 'it is not waiting to be sent.',
  locked: 'only a change not yet sent is held back.',
  outcome_unknown: 'no request of it is out.',
  crashed: 'it was not being sent.',
  read_back_absent: 'its outcome is not in question.',
  read_back_ambiguous: 'only a create of unknown outcome has candidates.',
  read_back_failed: 'its outcome is not in question.',
  not_kept: 'only a change read back, or waiting to go again, can be found not kept.',
  folded: 'only an op still waiting to leave takes a newer edit.',
  superseded: 'only a change or a publish not yet sent, or refused, is replaced.',
  edited: 'only a refused create is revived by an edit.',
  user_retry: 'only a failed op, or one of unknown outcome, can be retried.',
  user_discard: 'only a failed op, or a change waiting to be sent, can be discarded.',
  user_publish_again: 'only a publish waiting for the user can be sent again.',
  user_keep_unpublished: 'only a publish waiting for the user can be kept unpublished.',
  user_adopt: 'only a create waiting for the user can adopt a match.',
  user_create_anew: 'only a create waiting for the user can be sent anew.',
  withdrawn: 'it may have reached the service already (it is being sent, or its outcome is not known yet).',
};

export type Transition =
  | { ok: true; next: OpState; effects: readonly Effect[]; error: string | null }
  | { ok: false; reason: string };

export interface OpFacts {
  state: OpState;
  kind: OpKind;
}

function fits(entry: Row | Refusal, group: KindGroup, event: OpEvent): boolean {
  if (entry.kinds !== undefined && !entry.kinds.includes(group)) return false;
  return !('when' in entry) || (event.type === 'not_kept' && event.times >= NOT_KEPT_LIMIT);
}

/** The row the machine takes for the event, or why it refuses it. */
function decide(op: OpFacts, event: OpEvent): Row | { why: string } {
  const entry = MACHINE[op.state][event.type]?.find((e) => fits(e, KIND_GROUPS[op.kind], event));
  if (entry === undefined || 'refuse' in entry) return { why: entry?.refuse ?? REFUSALS[event.type] };
  return entry;
}

export function transition(op: OpFacts, event: OpEvent): Transition {
  const row = decide(op, event);
  if ('why' in row)
    return {
      ok: false,
      reason: `A ${op.kind} op that is ${op.state} cannot take "${event.type}": ${row.why}`,
    };
  const error = row.error === FROM_EVENT ? ('reason' in event ? event.reason : null) : (row.error ?? null);
  return { ok: true, next: row.next, effects: row.effects, error };
}

/** The user's actions on an op, each one event of the machine. */
export const ACTION_EVENTS: Record<OutboxOpAction, OpEventType> = {
  retry: 'user_retry',
  discard: 'user_discard',
  publish_again: 'user_publish_again',
  keep_unpublished: 'user_keep_unpublished',
  adopt: 'user_adopt',
  create_anew: 'user_create_anew',
};

/** Why the machine refuses the user's action on the op now, in words for them; null when it takes it. */
export function refusal(op: OpFacts, action: OutboxOpAction): string | null {
  const type = ACTION_EVENTS[action];
  const row = decide(op, type === 'user_adopt' ? { type, serverId: '' } : ({ type } as OpEvent));
  return 'why' in row
    ? `${OP_ACTION_WORDS[action]} is not possible for this ${OP_KIND_IN_SENTENCE[op.kind]}: ${row.why}`
    : null;
}

export function allowed(op: OpFacts, action: OutboxOpAction): boolean {
  return refusal(op, action) === null;
}

/** Every action the machine takes from the op now, in a fixed order. */
export function actionsOf(op: OpFacts): OutboxOpAction[] {
  return (Object.keys(ACTION_EVENTS) as OutboxOpAction[]).filter((a) => allowed(op, a));
}

/** What an op holds back of the ops after it in a push: none, its own item, or its whole post. */
type Hold = 'none' | 'item' | 'post';
type ByKind<T extends string> = T | Record<KindGroup, T>;

/** What a blocking settlement holds back: a create everything after it, else its own item. */
const BLOCK: Record<KindGroup, Hold> = { create: 'post', change: 'item', publish: 'item' };

/**
 * What an op found in a state at its turn holds back, when its time has come (`due`) and while
 * it waits for its retry time. `turn`: it takes its turn (it is sent, or read back).
 */
export const AT_TURN: Record<OpState, { due: ByKind<Hold | 'turn'>; waiting: ByKind<Hold | 'turn'> }> = {
  // Later ops of the post keep their order behind one waiting to go again.
  pending: { due: 'turn', waiting: 'post' },
  // Left by a process that stopped: settled as crashed (then unknown) before its turn.
  sending: { due: 'turn', waiting: 'turn' },
  unknown: { due: 'turn', waiting: BLOCK },
  needs_user: { due: 'item', waiting: 'item' },
  // A refused create holds back what depends on it; a refused change or publish waits for the
  // user (retry or discard) without holding back the variant's later changes.
  failed: { due: { create: 'item', change: 'none', publish: 'none' }, waiting: 'none' },
  done: { due: 'none', waiting: 'none' },
};

/** Effects that end the post's turn whatever else happens: the rest of it waits. */
const HOLDS_POST: readonly Effect[] = ['hold_workspace', 'stop_offline', 'stop_auth'];

export type Scope = 'none' | 'variant' | 'post';

export interface OpAt extends OpFacts {
  variant_id: string | null;
}

function scopeOf(op: OpAt, hold: Hold): Scope {
  return hold === 'item' ? (op.variant_id === null ? 'post' : 'variant') : hold;
}

function byKind<T extends string>(value: ByKind<T>, kind: OpKind): T {
  return typeof value === 'string' ? value : value[KIND_GROUPS[kind]];
}

/** What an op holds back at its turn in a push (`waiting`: its retry time is still ahead), or 'turn'. */
export function blocks(op: OpAt, waiting: boolean): Scope | 'turn' {
  const rule = byKind(AT_TURN[op.state][waiting ? 'waiting' : 'due'], op.kind);
  return rule === 'turn' ? rule : scopeOf(op, rule);
}

/** What an op holds back for the rest of a push after a settlement with these effects. */
export function blocksAfter(op: OpAt, effects: readonly Effect[]): Scope {
  if (effects.some((e) => HOLDS_POST.includes(e))) return 'post';
  return effects.includes('block') ? scopeOf(op, BLOCK[KIND_GROUPS[op.kind]]) : 'none';
}

/** States in which an op is not finished: everything the outbox view and the counts show. */
export const OPEN_STATES = OUTBOX_OP_STATES.filter((s): s is Exclude<OpState, 'done'> => s !== 'done');
