import { describe, expect, it } from 'vitest';
import type { PostDetail, VariantView } from '@preload/bridge';
import { situationOf } from '../../../src-renderer/src/lib/state/editor/situation';
import { variantView } from './fixtures';

const variant = variantView({
  serverId: null,
  serviceStatus: null,
  state: 'local_only',
  stateText: 'Local only',
});
const local: PostDetail = {
  id: 'p1',
  serverId: null,
  onService: false,
  workspace: null,
  title: 'Draft',
  platforms: ['x'],
  state: 'local_only',
  stateText: 'Local only',
  updatedAt: '2030-01-01T00:00:00Z',
  hidden: false,
  actions: [],
  refusals: {},
  conflicts: [],
  error: null,
  note: null,
  variants: [variant],
};
const withVariant = (over: Partial<VariantView>, post: Partial<PostDetail> = {}): PostDetail => ({
  ...local,
  ...post,
  variants: [{ ...variant, ...over }],
});

describe('what an editor message is about', () => {
  it('changes when the draft moves into a workspace ("Move this draft…" goes)', () => {
    const before = situationOf(local, 'v1');
    expect(situationOf(withVariant({ state: 'pending_sync' }, { workspace: 'acme' }), 'v1')).not.toBe(before);
    expect(situationOf({ ...local, workspace: 'acme' }, 'post')).not.toBe(situationOf(local, 'post'));
  });

  it('changes when another account is chosen ("Choose an account…" goes)', () => {
    const none = withVariant({ account: { kind: 'none' } });
    expect(situationOf(withVariant({ account: { kind: 'profile', profileId: '3' } }), 'v1')).not.toBe(
      situationOf(none, 'v1'),
    );
  });

  it('changes when the service moves the variant on (sign-off, published)', () => {
    const draft = withVariant({ state: 'draft', serviceStatus: 'draft' });
    expect(
      situationOf(withVariant({ state: 'needs_approval', serviceStatus: 'needs_approval' }), 'v1'),
    ).not.toBe(situationOf(draft, 'v1'));
  });

  it('stays while the facts stand: typing or a new save time does not clear a message', () => {
    expect(
      situationOf(withVariant({ content: 'Hello again', updatedAt: '2030-01-02T00:00:00Z' }), 'v1'),
    ).toBe(situationOf(local, 'v1'));
  });

  it('is nothing when no post or no such variant is open', () => {
    expect(situationOf(null, 'v1')).toBeNull();
    expect(situationOf(local, 'v9')).toBeNull();
  });
});
