// A post's actions as a table: the service offers no deletion and no move, so only a post that
// never reached it is deleted or moved, and only while nothing of it may be on its way there.
import { describe, expect, it } from 'vitest';
import type { PostAction } from '@preload/bridge';
import type { OpActionRow } from '../../../../src-main/core/outbox/item-actions';
import { postActions, postRefusal, type PostFacts } from '../../../../src-main/core/outbox/post-actions';

const op = (kind: OpActionRow['kind'], state: OpActionRow['state'], variantId: string | null = null) => ({
  kind,
  state,
  variant_id: variantId,
});
const facts = (
  post: Partial<PostFacts['post']>,
  ops: OpActionRow[] = [],
  variants: PostFacts['variants'] = [],
): PostFacts => ({ post: { server_id: null, hidden_at: null, ...post }, variants, ops });

describe('postActions', () => {
  it.each<[string, PostFacts, PostAction[]]>([
    ['in the local space', facts({}), ['duplicate', 'delete', 'move', 'hide']],
    [
      'its create and its variants’ wait',
      facts({}, [op('create_post', 'pending'), op('create_variant', 'pending', 'v1')]),
      ['duplicate', 'delete', 'move', 'hide'],
    ],
    ['its create refused', facts({}, [op('create_post', 'failed')]), ['duplicate', 'delete', 'move', 'hide']],
    ['its create being sent', facts({}, [op('create_post', 'sending')]), ['duplicate', 'hide']],
    ['its create of unknown outcome', facts({}, [op('create_post', 'unknown')]), ['duplicate', 'hide']],
    [
      'a variant’s create of unknown outcome',
      facts({}, [op('create_post', 'pending'), op('create_variant', 'unknown', 'v1')]),
      ['duplicate', 'hide'],
    ],
    ['on the service', facts({ server_id: 's1' }), ['duplicate', 'hide']],
    ['hidden here', facts({ server_id: 's1', hidden_at: '2030-01-01T00:00:00Z' }), ['duplicate', 'show']],
  ])('%s', (_what, f, actions) => {
    expect(postActions(f).actions).toEqual(actions);
  });

  it('says why, in plain words', () => {
    expect(postRefusal('delete', facts({ server_id: 's1' }))).toBe(
      'This post is on the service, which offers no way to delete it; you can hide it here instead.',
    );
    expect(postRefusal('move', facts({ server_id: 's1' }))).toMatch(/no way to move it; you can duplicate/);
    expect(postRefusal('delete', facts({}, [op('create_post', 'unknown')]))).toMatch(
      /may have reached the service; Outpost is still checking/,
    );
    expect(postRefusal('show', facts({}))).toBe('It is not hidden here.');
  });
});
