// The op machine as a table: one row per state and event (and kind, where the kind matters).
// Every combination must be listed, so a new state or event cannot slip in without a row.
import { describe, expect, it } from 'vitest';
import { OUTBOX_OP_KINDS, OUTBOX_OP_STATES, type OutboxOpAction } from '@preload/bridge';
import {
  OP_EVENT_TYPES,
  USER_EVENTS,
  type OpEvent,
  type OpEventType,
} from '../../../../src-main/core/outbox/op-events';
import {
  actionsOf,
  blocks,
  blocksAfter,
  MACHINE,
  NOT_KEPT_LIMIT,
  refusal,
  transition,
  type Scope,
} from '../../../../src-main/core/outbox/op-machine';
import type { OpKind, OpState } from '../../../../src-main/core/store/schema';

const AT = '2030-01-01T00:00:00.000Z';

function eventOf(type: OpEventType): OpEvent {
  switch (type) {
    case 'retry_later':
    case 'outcome_unknown':
    case 'read_back_failed':
      return { type, reason: 'r', at: AT };
    case 'read_back_ambiguous':
      return {
        type,
        reason: 'r',
        candidates: [
          { serverId: '1', label: 'a' },
          { serverId: '2', label: 'b' },
        ],
      };
    case 'user_adopt':
      return { type, serverId: '1' };
    case 'not_kept':
      return { type, reason: 'r', times: 1 };
    case 'claim':
    case 'folded':
    case 'superseded':
    case 'edited':
    case 'user_retry':
    case 'user_discard':
    case 'user_publish_again':
    case 'user_keep_unpublished':
    case 'user_create_anew':
    case 'withdrawn':
      return { type };
    default:
      return { type, reason: 'r' };
  }
}

type Row = OpState | '-';
/** state -> event -> next state, for a change (update_variant, schedule, unschedule). */
const CHANGE: Record<OpState, Partial<Record<OpEventType, Row>>> = {
  pending: {
    claim: 'sending',
    nothing_to_send: 'done',
    workspace_unavailable: 'pending',
    removed: 'failed',
    locked: 'failed',
    not_kept: 'pending',
    folded: 'pending',
    superseded: 'done',
    withdrawn: 'done',
    user_discard: 'done',
  },
  sending: {
    answered: 'done',
    refused: 'failed',
    never_sent: 'pending',
    retry_later: 'pending',
    token_refused: 'pending',
    workspace_unavailable: 'pending',
    removed: 'failed',
    outcome_unknown: 'unknown',
    crashed: 'unknown',
  },
  unknown: {
    answered: 'done',
    nothing_to_send: 'done',
    token_refused: 'unknown',
    workspace_unavailable: 'unknown',
    removed: 'failed',
    read_back_absent: 'pending',
    read_back_failed: 'unknown',
    not_kept: 'pending',
    user_retry: 'unknown',
  },
  needs_user: {},
  failed: { user_retry: 'pending', user_discard: 'done', superseded: 'done', withdrawn: 'done' },
  done: {},
};

/** Where a kind differs from a change. */
const DIFFERS: Record<OpKind, Partial<Record<OpState, Partial<Record<OpEventType, Row>>>>> = {
  update_variant: {},
  schedule: {},
  unschedule: {},
  create_post: {
    pending: { not_kept: '-', superseded: '-', user_discard: '-' },
    unknown: { read_back_ambiguous: 'needs_user', not_kept: '-' },
    needs_user: { user_adopt: 'done', user_create_anew: 'pending' },
    failed: { edited: 'pending', user_discard: '-', superseded: '-' },
  },
  create_variant: {
    pending: { not_kept: '-', superseded: '-', user_discard: '-' },
    unknown: { read_back_ambiguous: 'needs_user', not_kept: '-' },
    needs_user: { user_adopt: 'done', user_create_anew: 'pending' },
    failed: { edited: 'pending', user_discard: '-', superseded: '-' },
  },
  publish: {
    pending: { not_kept: '-', folded: '-', superseded: '-', user_discard: '-' },
    unknown: { read_back_absent: 'needs_user', not_kept: '-' },
    needs_user: { user_publish_again: 'pending', user_keep_unpublished: 'done' },
    failed: { user_retry: '-' },
  },
};

function expected(kind: OpKind, state: OpState, event: OpEventType): Row {
  return DIFFERS[kind][state]?.[event] ?? CHANGE[state][event] ?? '-';
}

describe('op machine: every state x event x kind', () => {
  it('the machine has a row list for every state, and only for known events', () => {
    expect(Object.keys(MACHINE).sort()).toEqual([...OUTBOX_OP_STATES].sort());
    for (const rows of Object.values(MACHINE))
      for (const type of Object.keys(rows)) expect(OP_EVENT_TYPES).toContain(type);
  });

  for (const kind of OUTBOX_OP_KINDS)
    for (const state of OUTBOX_OP_STATES)
      for (const type of OP_EVENT_TYPES) {
        const want = expected(kind, state, type);
        it(`${kind} ${state} + ${type} -> ${want === '-' ? 'refused' : want}`, () => {
          const t = transition({ kind, state }, eventOf(type));
          if (want === '-') {
            expect(t.ok).toBe(false);
            if (!t.ok) expect(t.reason).toMatch(new RegExp(`${kind} op that is ${state}`));
          } else {
            expect(t).toMatchObject({ ok: true, next: want });
          }
        });
      }
});

describe('the promise the machine keeps', () => {
  it('no automatic event leads a publish that may have gone out back to pending', () => {
    const back: string[] = [];
    for (const state of ['sending', 'unknown', 'needs_user'] as const)
      for (const type of OP_EVENT_TYPES) {
        if (USER_EVENTS.has(type)) continue;
        const t = transition({ kind: 'publish', state }, eventOf(type));
        if (t.ok && t.next === 'pending') back.push(`${state} + ${type}`);
      }
    // From `sending`, only answers that prove nothing was applied: the connection was never
    // made, or the service refused the request before handling it (429/503, 401, a workspace
    // without access). A timeout, a reset, a cut-off or unreadable answer, a 5xx or a crash
    // never lead back: they go to `unknown`, and from there only the user sends it again.
    expect(back).toEqual([
      'sending + never_sent',
      'sending + retry_later',
      'sending + token_refused',
      'sending + workspace_unavailable',
    ]);
    for (const type of ['outcome_unknown', 'crashed'] as const)
      expect(transition({ kind: 'publish', state: 'sending' }, eventOf(type))).toMatchObject({
        next: 'unknown',
      });
  });

  it("only the user's “publish again” sends a publish of unknown outcome again", () => {
    const again: string[] = [];
    for (const state of ['unknown', 'needs_user'] as const)
      for (const type of OP_EVENT_TYPES) {
        const t = transition({ kind: 'publish', state }, eventOf(type));
        if (t.ok && t.next === 'pending') again.push(type);
      }
    expect(again).toEqual(['user_publish_again']);
  });

  it('a change answered but not kept goes again, and fails with the reason the NOT_KEPT_LIMIT-th time', () => {
    const outcomes = [];
    for (const state of ['unknown', 'pending'] as const)
      for (let times = 1; times <= NOT_KEPT_LIMIT + 1; times++)
        outcomes.push(
          transition({ kind: 'schedule', state }, { type: 'not_kept', reason: 'kept nothing', times }),
        );
    const again = { ok: true, next: 'pending', error: null };
    const failed = { ok: true, next: 'failed', effects: ['notify_user', 'block'], error: 'kept nothing' };
    expect(NOT_KEPT_LIMIT).toBe(3);
    expect(outcomes).toMatchObject([again, again, failed, failed, again, again, failed, failed]);
  });

  it('an answer is recorded in the same step as done; a refusal and a question tell the user', () => {
    expect(transition({ kind: 'create_post', state: 'sending' }, eventOf('answered'))).toMatchObject({
      effects: ['record'],
    });
    for (const [kind, state, type] of [
      ['update_variant', 'sending', 'refused'],
      ['update_variant', 'pending', 'locked'],
      ['publish', 'unknown', 'read_back_absent'],
      ['create_post', 'unknown', 'read_back_ambiguous'],
    ] as const) {
      const t = transition({ kind, state }, eventOf(type));
      expect(t.ok && t.effects.includes('notify_user')).toBe(true);
    }
  });
});

describe('what the user may do, read from the machine', () => {
  it.each<[OpKind, OpState, OutboxOpAction[]]>([
    ['update_variant', 'failed', ['retry', 'discard']],
    ['schedule', 'failed', ['retry', 'discard']],
    ['publish', 'failed', ['discard']],
    ['create_variant', 'failed', ['retry']],
    ['create_post', 'failed', ['retry']],
    ['publish', 'unknown', ['retry']],
    ['create_post', 'unknown', ['retry']],
    ['publish', 'needs_user', ['publish_again', 'keep_unpublished']],
    ['create_variant', 'needs_user', ['adopt', 'create_anew']],
    ['update_variant', 'pending', ['discard']],
    ['schedule', 'pending', ['discard']],
    ['create_variant', 'pending', []],
    ['publish', 'pending', []],
    ['update_variant', 'sending', []],
    ['update_variant', 'unknown', ['retry']],
    ['publish', 'sending', []],
    ['publish', 'done', []],
  ])('%s %s -> %o', (kind, state, actions) => {
    expect(actionsOf({ kind, state })).toEqual(actions);
  });
});

describe('a discard, refused with the reason while the change may reach the service', () => {
  it.each<[OpKind, OpState, RegExp]>([
    ['update_variant', 'sending', /^Discard is not possible for this change: it is being sent right now/],
    ['schedule', 'unknown', /^Discard is not possible for this schedule: it may have reached the service/],
    ['publish', 'pending', /a publish on its way is not discarded/],
    ['create_variant', 'pending', /a draft the service has not taken yet is kept: delete it instead/],
  ])('%s %s', (kind, state, reason) => {
    expect(refusal({ kind, state }, 'discard')).toMatch(reason);
  });
});

describe('what an op holds back of the ops after it, read from the machine', () => {
  const variantOp = (kind: OpKind, state: OpState) => ({
    kind,
    state,
    variant_id: kind === 'create_post' ? null : 'v1',
  });

  it.each<[OpKind, OpState, boolean, Scope | 'turn']>([
    ['create_post', 'failed', false, 'post'],
    ['create_variant', 'failed', false, 'variant'],
    ['update_variant', 'failed', false, 'none'],
    ['publish', 'failed', false, 'none'],
    ['create_post', 'needs_user', false, 'post'],
    ['create_variant', 'needs_user', false, 'variant'],
    ['publish', 'needs_user', false, 'variant'],
    ['schedule', 'pending', false, 'turn'],
    ['schedule', 'pending', true, 'post'],
    ['create_variant', 'unknown', false, 'turn'],
    ['create_variant', 'unknown', true, 'post'],
    ['update_variant', 'unknown', true, 'variant'],
    ['publish', 'unknown', true, 'variant'],
  ])('%s found %s (waiting: %s) -> %s', (kind, state, waiting, scope) => {
    expect(blocks(variantOp(kind, state), waiting)).toBe(scope);
  });

  it.each<[OpKind, Parameters<typeof blocksAfter>[1], Scope]>([
    ['create_variant', ['notify_user', 'block'], 'post'],
    ['create_post', ['block'], 'post'],
    ['update_variant', ['notify_user', 'block'], 'variant'],
    ['publish', ['block'], 'variant'],
    ['schedule', ['hold_workspace'], 'post'],
    ['schedule', ['stop_offline'], 'post'],
    ['publish', ['stop_auth'], 'post'],
    ['update_variant', ['record'], 'none'],
    ['schedule', [], 'none'],
  ])('%s settled with %o -> %s', (kind, effects, scope) => {
    expect(blocksAfter(variantOp(kind, 'pending'), effects)).toBe(scope);
  });
});

describe('withdrawing the ops of an item deleted before it reached the service', () => {
  it('takes only ops nothing of which may be on the service: waiting, or refused', () => {
    const takes: string[] = [];
    for (const kind of OUTBOX_OP_KINDS)
      for (const state of OUTBOX_OP_STATES)
        if (transition({ kind, state }, { type: 'withdrawn' }).ok) takes.push(`${kind} ${state}`);
    expect(takes).toEqual(OUTBOX_OP_KINDS.flatMap((kind) => [`${kind} pending`, `${kind} failed`]));
    // A create of unknown outcome may have made the item: it is never withdrawn.
    expect(transition({ kind: 'create_post', state: 'unknown' }, { type: 'withdrawn' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/may have reached the service/) as string,
    });
  });
});
