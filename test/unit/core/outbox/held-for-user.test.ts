// Which open ops wait for the user behind an earlier op of their post, by the op machine's rule.
import { describe, expect, it } from 'vitest';
import { heldForUser } from '../../../../src-main/core/outbox/held-for-user';
import type { OutboxOpRow } from '../../../../src-main/core/store/schema';

type Op = Pick<OutboxOpRow, 'id' | 'post_id' | 'variant_id' | 'kind' | 'state'>;
const op = (id: string, post: string, variant: string | null, kind: Op['kind'], state: Op['state']): Op => ({
  id,
  post_id: post,
  variant_id: variant,
  kind,
  state,
});
const held = (ops: Op[]) => Object.fromEntries([...heldForUser(ops)].map(([id, by]) => [id, by.id]));

describe('heldForUser', () => {
  it('holds the later ops of the variant behind a publish that asks the user, not the other variants', () => {
    expect(
      held([
        op('publish', 'p', 'v1', 'publish', 'needs_user'),
        op('edit', 'p', 'v1', 'update_variant', 'pending'),
        op('other', 'p', 'v2', 'update_variant', 'pending'),
        op('elsewhere', 'q', 'v1', 'update_variant', 'pending'),
      ]),
    ).toEqual({ edit: 'publish' });
  });

  it('holds the whole post behind a create of the post that asks or was refused', () => {
    for (const state of ['needs_user', 'failed'] as const)
      expect(
        held([
          op('create', 'p', null, 'create_post', state),
          op('variant', 'p', 'v1', 'create_variant', 'pending'),
          op('edit', 'p', 'v1', 'update_variant', 'pending'),
        ]),
      ).toEqual({ variant: 'create', edit: 'create' });
  });

  it('holds nothing behind a refused change or publish, or behind ops the engine still works on', () => {
    expect(
      held([
        op('refused', 'p', 'v1', 'update_variant', 'failed'),
        op('refusedPublish', 'p', 'v1', 'publish', 'failed'),
        op('unknown', 'p', 'v1', 'schedule', 'unknown'),
        op('pending', 'p', 'v1', 'update_variant', 'pending'),
        op('later', 'p', 'v1', 'update_variant', 'pending'),
      ]),
    ).toEqual({});
  });

  it('does not hold an op behind a later one', () => {
    expect(
      held([
        op('edit', 'p', 'v1', 'update_variant', 'pending'),
        op('publish', 'p', 'v1', 'publish', 'needs_user'),
      ]),
    ).toEqual({});
  });
});
