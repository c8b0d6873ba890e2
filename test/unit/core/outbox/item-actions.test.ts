// A variant's actions as a table: what the core accepts now, from the variant's facts and the
// op machine. Every view answers these, and every handler refuses the rest with these reasons.
import { describe, expect, it } from 'vitest';
import type { VariantAction } from '@preload/bridge';
import {
  opRetryRefusal,
  variantActions,
  VARIANT_ACTIONS,
  variantRefusal,
  type LockFacts,
  type OpActionRow,
  type VariantActionRow,
} from '../../../../src-main/core/outbox/item-actions';

/** A variant on the service: every row but those of `delete` is about one. */
const draft: VariantActionRow = {
  id: 'v1',
  server_id: 's1',
  status: 'draft',
  platform_post_url: null,
  remote_state: 'active',
  account_mode: 'default',
  scheduled_at: null,
};
const op = (kind: OpActionRow['kind'], state: OpActionRow['state'], variantId: string | null = 'v1') => ({
  kind,
  state,
  variant_id: variantId,
});

const rows: Array<[string, Partial<VariantActionRow>, string | null, OpActionRow[], VariantAction[]]> = [
  ['a synced draft', {}, 'w', [], ['edit', 'schedule', 'unschedule', 'publish']],
  [
    'a scheduled one',
    { scheduled_at: '2031-01-01T00:00:00Z' },
    'w',
    [],
    ['edit', 'schedule', 'unschedule', 'move', 'publish'],
  ],
  ['in the local space: kept here, never published', {}, null, [], ['edit', 'schedule', 'unschedule']],
  [
    'without an account',
    { account_mode: 'none', scheduled_at: '2031-01-01T00:00:00Z' },
    'w',
    [],
    ['edit', 'unschedule'],
  ],
  ['published', { platform_post_url: 'https://x/1', scheduled_at: '2031-01-01T00:00:00Z' }, 'w', [], []],
  ['waiting for sign-off', { status: 'needs_approval' }, 'w', [], []],
  ['removed on the service', { remote_state: 'removed' }, 'w', [], []],
  // A publish goes out whatever the time says: the text may still change, the time may not.
  ['a publish on its way', {}, 'w', [op('publish', 'pending')], []],
  [
    'a scheduled one with a publish being sent',
    { scheduled_at: '2031-01-01T00:00:00Z' },
    'w',
    [op('publish', 'sending')],
    [],
  ],
  ['a publish of unknown outcome', {}, 'w', [op('publish', 'unknown')], []],
  [
    'a publish waiting for the user',
    {},
    'w',
    [op('publish', 'needs_user')],
    ['publish_again', 'keep_unpublished'],
  ],
  [
    'a refused publish: publish again, or drop it',
    {},
    'w',
    [op('publish', 'failed')],
    ['edit', 'schedule', 'unschedule', 'publish', 'discard'],
  ],
  [
    'a refused change',
    {},
    'w',
    [op('update_variant', 'failed')],
    ['edit', 'schedule', 'unschedule', 'publish', 'retry', 'discard'],
  ],
  [
    'a refused create: edited, not dropped',
    {},
    'w',
    [op('create_variant', 'failed')],
    ['edit', 'schedule', 'unschedule', 'publish', 'retry'],
  ],
  [
    'published first while a change waited: the change can be dropped, not sent again',
    { platform_post_url: 'https://x/1' },
    'w',
    [op('update_variant', 'failed')],
    ['discard'],
  ],
  [
    'a change waiting to be sent: it can be taken back',
    {},
    'w',
    [op('update_variant', 'pending')],
    ['edit', 'schedule', 'unschedule', 'publish', 'discard'],
  ],
  [
    'a change being sent: its outcome is not known yet',
    {},
    'w',
    [op('schedule', 'sending')],
    ['edit', 'schedule', 'unschedule', 'publish'],
  ],
  [
    'a change waiting while another of it is being sent',
    {},
    'w',
    [op('update_variant', 'pending'), op('schedule', 'unknown')],
    ['edit', 'schedule', 'unschedule', 'publish'],
  ],
  [
    "another variant's failure is not its own",
    {},
    'w',
    [op('update_variant', 'failed', 'v2')],
    ['edit', 'schedule', 'unschedule', 'publish'],
  ],
  // Delete: only what never reached the service, while nothing of it may be on its way there.
  [
    'never sent: its create waits',
    { server_id: null },
    'w',
    [op('create_variant', 'pending'), op('schedule', 'pending')],
    ['edit', 'schedule', 'unschedule', 'publish', 'delete'],
  ],
  ['in the local space', { server_id: null }, null, [], ['edit', 'schedule', 'unschedule', 'delete']],
  [
    'its create refused by the service',
    { server_id: null },
    'w',
    [op('create_variant', 'failed')],
    ['edit', 'schedule', 'unschedule', 'publish', 'retry', 'delete'],
  ],
  [
    'its create being sent',
    { server_id: null },
    'w',
    [op('create_variant', 'sending')],
    ['edit', 'schedule', 'unschedule', 'publish'],
  ],
  [
    'its create of unknown outcome',
    { server_id: null },
    'w',
    [op('create_variant', 'unknown')],
    ['edit', 'schedule', 'unschedule', 'publish'],
  ],
  [
    "its post's create unknown: its own create never left",
    { server_id: null },
    'w',
    [op('create_post', 'unknown', null), op('create_variant', 'pending')],
    ['edit', 'schedule', 'unschedule', 'publish', 'delete'],
  ],
];

describe('variantActions', () => {
  it.each(rows)('%s', (_what, facts, workspace, ops, actions) => {
    expect(variantActions({ variant: { ...draft, ...facts }, workspace, ops }).actions).toEqual(actions);
  });

  it.each(rows)(
    '%s: every other action says why, in the words the core refuses it with',
    (_what, facts, workspace, ops) => {
      const f = { variant: { ...draft, ...facts }, workspace, ops };
      const { actions, refusals } = variantActions(f);
      for (const action of VARIANT_ACTIONS)
        expect(refusals[action] ?? null).toBe(actions.includes(action) ? null : variantRefusal(action, f));
    },
  );
});

describe('variantRefusal: the reason the core gives', () => {
  it.each<[VariantAction, Partial<VariantActionRow>, string | null, OpActionRow[], RegExp]>([
    ['edit', { platform_post_url: 'https://x/1' }, 'w', [], /already published/],
    ['schedule', { status: 'needs_approval' }, 'w', [], /channel's approvers/],
    ['schedule', { account_mode: 'none' }, 'w', [], /^Choose an account first/],
    ['publish', {}, null, [], /Move this draft to a workspace/],
    ['publish', {}, 'w', [op('publish', 'sending')], /already on its way/],
    [
      'unschedule',
      {},
      'w',
      [op('publish', 'pending')],
      /on its way, and a publish on its way cannot be called back/,
    ],
    [
      'schedule',
      {},
      'w',
      [op('publish', 'sending')],
      /its text and time can change again only if it does not go out/,
    ],
    [
      'edit',
      {},
      'w',
      [op('publish', 'pending')],
      /its text and time can change again only if it does not go out/,
    ],
    [
      'move',
      { scheduled_at: '2031-01-01T00:00:00Z' },
      'w',
      [op('publish', 'pending')],
      /cannot be called back/,
    ],
    ['unschedule', {}, 'w', [op('publish', 'needs_user')], /unknown outcome: decide on it first/],
    ['publish', {}, 'w', [op('publish', 'needs_user')], /unknown outcome: decide on it first/],
    [
      'retry',
      {},
      'w',
      [op('publish', 'failed')],
      /Retry is not possible for this publish: a publish is never retried/,
    ],
    ['discard', {}, 'w', [op('create_variant', 'failed')], /a draft the service has not taken yet is kept/],
    ['retry', {}, 'w', [], /no failed change/],
    ['discard', {}, 'w', [], /no change that has not reached the service/],
    ['discard', {}, 'w', [op('update_variant', 'sending')], /it is being sent right now/],
    ['discard', {}, 'w', [op('schedule', 'unknown')], /it may have reached the service/],
    [
      'discard',
      {},
      'w',
      [op('update_variant', 'pending'), op('schedule', 'sending')],
      /^Another change of this variant is being sent right now/,
    ],
    [
      'discard',
      { server_id: null },
      'w',
      [op('create_variant', 'pending'), op('schedule', 'pending')],
      /has not reached the service yet, so there is nothing of it to go back to: change it here, or delete it/,
    ],
    [
      'retry',
      { platform_post_url: 'https://x/1' },
      'w',
      [op('update_variant', 'failed')],
      /already published/,
    ],
    ['keep_unpublished', {}, 'w', [op('publish', 'unknown')], /no publish of unknown outcome waiting/],
    ['delete', {}, 'w', [], /on the service, which offers no way to delete it; you can hide its post/],
    ['delete', { server_id: null }, 'w', [op('create_variant', 'unknown')], /may have reached the service/],
    ['delete', { server_id: null }, 'w', [op('create_variant', 'needs_user')], /decide on it in the Outbox/],
    ['delete', { server_id: null }, 'w', [op('create_variant', 'sending')], /being sent to the service/],
  ])('%s on %o (workspace %s, ops %o)', (action, facts, workspace, ops, reason) => {
    expect(variantRefusal(action, { variant: { ...draft, ...facts }, workspace, ops })).toMatch(reason);
  });
});

describe("opRetryRefusal: the Outbox's Retry", () => {
  const locks: LockFacts = { status: 'draft', platform_post_url: null, remote_state: 'active' };
  it.each<[string, OpActionRow, Partial<LockFacts> | undefined, RegExp | null]>([
    ['a refused change of a variant that can change', op('schedule', 'failed'), {}, null],
    ["a post's own op", op('create_post', 'failed', null), undefined, null],
    [
      'a change held back because the variant is published: it would only be held back again',
      op('unschedule', 'failed'),
      { platform_post_url: 'https://x/1' },
      /already published; it cannot change\. Sent again, it would only be refused again: discard it instead/,
    ],
    [
      'removed on the service',
      op('update_variant', 'failed'),
      { remote_state: 'removed' },
      /removed on the service/,
    ],
    // Check now reads back: it sends nothing.
    [
      'of unknown outcome: checked, not sent',
      op('schedule', 'unknown'),
      { platform_post_url: 'https://x/1' },
      null,
    ],
    ['a publish, by the machine', op('publish', 'failed'), {}, /a publish is never retried/],
  ])('%s', (_what, o, facts, reason) => {
    const why = opRetryRefusal(o, facts === undefined ? undefined : { ...locks, ...facts });
    if (reason === null) expect(why).toBeNull();
    else expect(why).toMatch(reason);
  });
});
