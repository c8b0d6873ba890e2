import { describe, expect, it } from 'vitest';
import {
  decidePublishReadBack,
  serviceState,
  transitionNotice,
  type ServiceFacts,
} from '../../../../src-main/core/domain/service-state';
import { decideReconcile } from '../../../../src-main/core/domain/reconcile-timing';
import { mergeField, sameInstant } from '../../../../src-main/core/domain/merge';
import { STATE_TEXT } from '@preload/words/states';
import { postState, variantState, type VariantStateFacts } from '../../../../src-main/core/domain/item-state';

const svc = (o: Partial<ServiceFacts>): ServiceFacts => ({
  status: null,
  platform_post_url: null,
  scheduled_at: null,
  ...o,
});

describe('serviceState: only the strings the spec names are interpreted', () => {
  it.each([
    [svc({ status: 'draft' }), 'draft'],
    [svc({}), 'draft'],
    [svc({ status: 'needs_approval' }), 'needs_approval'],
    [svc({ status: 'whatever', platform_post_url: 'https://x/1' }), 'published'],
    [svc({ status: 'published' }), 'published'],
    [svc({ status: 'queued', scheduled_at: '2030-01-01T00:00:00.000Z' }), 'scheduled'],
    [svc({ status: 'scheduled', scheduled_at: '2030-01-01T00:00:00.000Z' }), 'scheduled'],
    [svc({ status: 'sent' }), 'unknown_status'],
    [svc({ status: 'archived' }), 'unknown_status'],
  ])('%o -> %s', (facts, expected) => {
    expect(serviceState(facts)).toBe(expected);
  });
});

const local = (o: Partial<VariantStateFacts>): VariantStateFacts => ({
  inLocalSpace: false,
  serverId: 's1',
  removed: false,
  conflict: false,
  publishUnknown: false,
  needsUser: false,
  failed: false,
  openOps: false,
  status: 'draft',
  platform_post_url: null,
  scheduled_at: null,
  ...o,
});

describe('variantState', () => {
  it.each([
    [local({ inLocalSpace: true, serverId: null }), 'local_only', 'Only on this computer'],
    [local({ serverId: null }), 'pending_sync', 'Waiting to sync'],
    [local({ openOps: true }), 'pending_sync', 'Waiting to sync'],
    [local({ removed: true, failed: true }), 'removed', 'Removed on the service'],
    [local({ publishUnknown: true, conflict: true }), 'publish_unknown', 'Publish outcome unknown'],
    // A create that found look-alikes is never linked yet, yet it waits for the user, not the sync.
    [local({ serverId: null, needsUser: true }), 'needs_user', STATE_TEXT.needs_user],
    [local({ needsUser: true, conflict: true, failed: true }), 'needs_user', STATE_TEXT.needs_user],
    [local({ publishUnknown: true, needsUser: true }), 'publish_unknown', 'Publish outcome unknown'],
    [local({ conflict: true, failed: true }), 'conflict', 'In conflict'],
    [local({ failed: true, openOps: true }), 'failed', 'Failed'],
    [local({}), 'draft', 'Draft (synced)'],
    [local({ status: 'sent' }), 'unknown_status', 'sent'],
    [local({ platform_post_url: 'https://p' }), 'published', 'Published'],
  ])('%o -> %s', (facts, state, text) => {
    expect(variantState(facts)).toEqual({ state, text });
  });

  it('a post shows the state that most needs the eye', () => {
    const draft = { state: 'draft' as const, text: 'd' };
    const pub = { state: 'published' as const, text: 'p' };
    const conflict = { state: 'conflict' as const, text: 'c' };
    expect(postState(pub, [pub, draft])).toBe(draft);
    expect(postState(draft, [pub, conflict])).toBe(conflict);
    expect(postState(draft, [])).toBe(draft);
  });

  it('a synced post whose variants are all published is Published, not its own Draft', () => {
    const synced = { state: 'draft' as const, text: 'post' };
    const pub = { state: 'published' as const, text: 'p' };
    const scheduled = { state: 'scheduled' as const, text: 's' };
    const pending = { state: 'pending_sync' as const, text: 'w' };
    expect(postState(synced, [pub, pub])).toBe(pub);
    expect(postState(synced, [pub, scheduled])).toBe(scheduled);
    // The post's own states that need the eye still win over its variants'.
    expect(postState(pending, [pub])).toBe(pending);
    // A choice the user has to make wins over the changes that wait behind it.
    const asks = { state: 'needs_user' as const, text: 'q' };
    expect(postState(pending, [asks, pending])).toBe(asks);
  });
});

describe('decidePublishReadBack: never publishes, only records or asks', () => {
  it.each([
    [svc({ platform_post_url: 'https://p' }), 'record'],
    [svc({ status: 'needs_approval' }), 'record'],
    [svc({ scheduled_at: '2030-01-01T00:00:00Z', status: 'scheduled' }), 'ask_user'],
    [svc({ status: 'draft' }), 'ask_user'],
    [svc({ status: 'mystery' }), 'ask_user'],
    [null, 'ask_user'],
  ])('%o -> %s', (facts, action) => {
    expect(decidePublishReadBack(facts).action).toBe(action);
  });
});

describe('mergeField (three-way)', () => {
  it.each([
    ['a', 'a', 'a', 'unchanged'],
    ['a', 'b', 'a', 'keep_mine'],
    ['a', 'a', 'c', 'take_theirs'],
    ['a', 'b', 'b', 'take_theirs'],
    ['a', 'b', 'c', 'conflict'],
  ])('base %s mine %s theirs %s -> %s', (base, mine, theirs, action) => {
    expect(mergeField(base, mine, theirs).action).toBe(action);
  });

  it('compares times as instants', () => {
    expect(sameInstant('2030-01-01T00:00:00Z', '2030-01-01T00:00:00.000Z')).toBe(true);
    expect(sameInstant('2030-01-01T01:00:00+01:00', '2030-01-01T00:00:00.000Z')).toBe(true);
    expect(sameInstant(null, '2030-01-01T00:00:00Z')).toBe(false);
    expect(
      mergeField<string | null>('2030-01-01T00:00:00Z', '2030-01-01T00:00:00.000Z', null, sameInstant).action,
    ).toBe('take_theirs');
  });
});

describe('decideReconcile', () => {
  const now = new Date('2030-01-01T00:00:00.000Z');
  it.each([
    [svc({ status: 'draft' }), 0, null],
    [svc({ platform_post_url: 'https://p' }), 0, null],
    [svc({ scheduled_at: '2030-01-01T01:00:00.000Z' }), 0, '2030-01-01T01:00:05.000Z'],
    [svc({ scheduled_at: '2029-12-31T23:00:00.000Z' }), 0, '2030-01-01T00:00:15.000Z'],
    [svc({ scheduled_at: '2029-12-31T23:00:00.000Z' }), 2, '2030-01-01T00:01:00.000Z'],
    [svc({ scheduled_at: '2029-12-31T23:00:00.000Z' }), 30, '2030-01-01T00:15:00.000Z'],
    [svc({ status: 'needs_approval' }), 0, '2030-01-01T00:00:30.000Z'],
    [svc({ status: 'needs_approval' }), 3, '2030-01-01T00:04:00.000Z'],
    [svc({ status: 'needs_approval' }), 50, '2030-01-01T00:30:00.000Z'],
  ])('%o attempt %i -> %s', (facts, attempts, at) => {
    const d = decideReconcile(facts, now, attempts);
    if (at === null) expect(d.action).toBe('none');
    else expect(d).toMatchObject({ action: 'read_at', at });
  });
});

describe('transitionNotice', () => {
  it.each([
    [svc({ status: 'draft' }), svc({ platform_post_url: 'u' }), 'published'],
    [svc({ status: 'needs_approval' }), svc({ platform_post_url: 'u' }), 'approval_released'],
    [svc({ status: 'draft' }), svc({ status: 'needs_approval' }), 'approval_started'],
    [svc({ platform_post_url: 'u' }), svc({ platform_post_url: 'u' }), null],
    [svc({ status: 'draft' }), svc({ scheduled_at: '2030-01-01T00:00:00Z' }), null],
    [null, svc({ status: 'draft' }), null],
  ])('%o -> %o gives %s', (before, after, kind) => {
    expect(transitionNotice(before, after)).toBe(kind);
  });
});
