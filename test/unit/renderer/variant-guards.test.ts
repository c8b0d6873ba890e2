import { describe, expect, it } from 'vitest';
import {
  accountPhrase,
  DECIDE_UNKNOWN,
  LOCKED_FOR_APPROVAL,
  LOCKED_PUBLISHED,
  LOCKED_REMOVED,
  NEEDS_ACCOUNT,
  NEEDS_CONTENT,
  NEEDS_WORKSPACE,
  variantGuards,
} from '../../../src-renderer/src/lib/variant-guards';
import { variantView as variant } from './fixtures';

const ready = { inWorkspace: true, content: 'Hello' };

describe('variant guards', () => {
  it('a synced draft with an account and text may be scheduled and published', () => {
    expect(variantGuards(variant(), ready)).toEqual({
      locked: null,
      schedule: null,
      publish: null,
      published: false,
    });
  });

  it('locks everything while waiting for sign-off, even when a local state is shown on top', () => {
    for (const v of [
      variant({ state: 'needs_approval', serviceStatus: 'needs_approval' }),
      variant({ state: 'pending_sync', serviceStatus: 'needs_approval' }),
      variant({ state: 'failed', serviceStatus: 'needs_approval' }),
    ]) {
      const g = variantGuards(v, ready);
      expect(g.locked).toBe(LOCKED_FOR_APPROVAL);
      expect(g.schedule).toBe(LOCKED_FOR_APPROVAL);
      expect(g.publish).toBe(LOCKED_FOR_APPROVAL);
    }
  });

  it('locks a published variant (by state, link or service status)', () => {
    for (const v of [
      variant({ state: 'published' }),
      variant({ state: 'pending_sync', platformPostUrl: 'https://social.example/x/a/posts/1' }),
      variant({ state: 'unknown_status', serviceStatus: 'published' }),
    ]) {
      const g = variantGuards(v, ready);
      expect(g.published).toBe(true);
      expect(g.locked).toBe(LOCKED_PUBLISHED);
    }
  });

  it('locks a variant removed on the service', () => {
    expect(variantGuards(variant({ state: 'removed' }), ready).locked).toBe(LOCKED_REMOVED);
  });

  it('a local draft stays editable but cannot be scheduled or published', () => {
    const g = variantGuards(variant({ state: 'local_only', serverId: null }), {
      ...ready,
      inWorkspace: false,
    });
    expect(g.locked).toBeNull();
    expect(g.schedule).toBe(NEEDS_WORKSPACE);
    expect(g.publish).toBe(NEEDS_WORKSPACE);
    expect(NEEDS_WORKSPACE).toMatch(/^Move this draft to a workspace first/);
  });

  it('"Assign later" cannot be scheduled or published; the platform default can', () => {
    expect(variantGuards(variant({ account: { kind: 'none' } }), ready).schedule).toBe(NEEDS_ACCOUNT);
    expect(variantGuards(variant({ account: { kind: 'none' } }), ready).publish).toBe(NEEDS_ACCOUNT);
    expect(
      variantGuards(variant({ account: { kind: 'profile', profileId: '3' } }), ready).publish,
    ).toBeNull();
  });

  it('empty (or blank) content cannot be sent, judged on the text in the field', () => {
    expect(variantGuards(variant(), { ...ready, content: '  \n' }).schedule).toBe(NEEDS_CONTENT);
    expect(variantGuards(variant({ content: '' }), ready).schedule).toBeNull();
  });

  it('a publish of unknown outcome blocks Publish now only', () => {
    const g = variantGuards(
      variant({
        state: 'publish_unknown',
        publishUnknown: { requestedAt: '2030-01-01T00:00:00Z', reason: 'dropped', readBack: 'draft' },
      }),
      ready,
    );
    expect(g.schedule).toBeNull();
    expect(g.publish).toBe(DECIDE_UNKNOWN);
  });
});

describe('account phrase of the publish confirmation', () => {
  const profiles = [{ id: '3', platform: 'x', isActive: true, label: 'Acme Support' }];
  it('reads well in every account mode', () => {
    expect(accountPhrase({ kind: 'default' }, 'X', profiles)).toBe('from the workspace’s default X account');
    expect(accountPhrase({ kind: 'profile', profileId: '3' }, 'X', profiles)).toBe(
      'from the account “Acme Support”',
    );
    expect(accountPhrase({ kind: 'profile', profileId: '9' }, 'X', profiles)).toBe('from X account 9');
    expect(accountPhrase({ kind: 'none' }, 'X', profiles)).not.toMatch(/no account yet right away/);
  });
});
