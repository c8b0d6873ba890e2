import { describe, expect, it } from 'vitest';
import type { PostDetail, SyncStatus } from '@preload/bridge';
import { causeRemains, nothingNeedsUser } from '../../../src-renderer/src/lib/state/notice-cause';
import { variantView } from './fixtures';

function post(state: PostDetail['variants'][number]['state']): PostDetail {
  const v = variantView({ state });
  return {
    id: 'p1',
    serverId: '1',
    onService: true,
    workspace: 'w',
    title: 'T',
    platforms: ['x'],
    state,
    stateText: state,
    updatedAt: '2030-01-01T00:00:00Z',
    hidden: false,
    actions: [],
    refusals: {},
    conflicts: [],
    error: null,
    note: null,
    variants: [v],
  };
}

describe('a "needs you" notice goes with its cause', () => {
  const notice = { kind: 'needs_user' as const, variantId: 'v1' };
  it.each([
    ['conflict', true],
    ['failed', true],
    ['publish_unknown', true],
    ['needs_user', true],
    ['pending_sync', false],
    ['draft', false],
    ['scheduled', false],
  ] as const)('variant %s: the notice stays %s', (state, stays) => {
    expect(causeRemains(notice, post(state))).toBe(stays);
  });

  it('keeps informational notices, and drops every "needs you" once nothing waits on the user', () => {
    expect(causeRemains({ kind: 'published', variantId: 'v1' }, post('draft'))).toBe(true);
    const idle: SyncStatus = {
      phase: 'idle',
      online: true,
      pending: 0,
      failed: 0,
      conflicts: 0,
      needsAttention: 0,
      lastSyncAt: null,
      lastError: null,
      unavailableWorkspaces: [],
      unreadWorkspaces: [],
      lastReadAt: null,
      serviceFailing: null,
      answerTrouble: [],
      checked: { onScreen: null, nextWeek: null, everything: null },
    };
    expect(nothingNeedsUser(idle)).toBe(true);
    expect(nothingNeedsUser({ ...idle, conflicts: 1, needsAttention: 1 })).toBe(false);
  });
});
