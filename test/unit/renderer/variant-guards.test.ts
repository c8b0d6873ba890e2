import { describe, expect, it } from 'vitest';
import { accountPhrase } from '@preload/words/accounts';
import { REFUSALS } from '@preload/words/refusals';
import { variantGuards } from '../../../src-renderer/src/lib/variant-guards';
import { variantView as variant } from './fixtures';

const ready = { inWorkspace: true, content: 'Hello' };

/** A view as the core answers it for a variant that cannot change: every action refused so. */
const lockedBy = (reason: string) => ({
  actions: [],
  refusals: { edit: reason, schedule: reason, unschedule: reason, publish: reason },
});

describe("variant guards: the core's reasons, and what only the window knows", () => {
  it('a synced draft with an account and text may be scheduled and published', () => {
    expect(variantGuards(variant(), ready)).toEqual({
      locked: null,
      time: null,
      schedule: null,
      publish: null,
      published: false,
    });
  });

  it("locks everything with the core's reason when it refuses an edit (sign-off, published, removed)", () => {
    for (const reason of [REFUSALS.waitingForSignOff, REFUSALS.published, REFUSALS.removed]) {
      const g = variantGuards(variant(lockedBy(reason)), ready);
      expect(g).toMatchObject({ locked: reason, time: reason, schedule: reason, publish: reason });
    }
  });

  it('says published as the core does: where the service has it, whatever shows on top', () => {
    expect(
      variantGuards(variant({ serviceState: 'published', state: 'pending_sync' }), ready).published,
    ).toBe(true);
    expect(variantGuards(variant({ serviceState: 'needs_approval' }), ready).published).toBe(false);
  });

  it('a local draft stays editable but cannot be scheduled or published', () => {
    const g = variantGuards(variant({ state: 'local_only', serverId: null }), {
      ...ready,
      inWorkspace: false,
    });
    expect(g.locked).toBeNull();
    expect(g.schedule).toBe(REFUSALS.needsWorkspace);
    expect(g.publish).toBe(REFUSALS.needsWorkspace);
  });

  it('"Assign later" cannot be scheduled or published: the core says so, and the window shows it', () => {
    const none = variant({
      account: { kind: 'none' },
      actions: ['edit', 'unschedule'],
      refusals: { schedule: REFUSALS.needsAccount, publish: REFUSALS.needsAccount },
    });
    expect(variantGuards(none, ready)).toMatchObject({
      schedule: REFUSALS.needsAccount,
      publish: REFUSALS.needsAccount,
    });
  });

  it('empty (or blank) content cannot be sent, judged on the text in the field', () => {
    expect(variantGuards(variant(), { ...ready, content: '  \n' }).schedule).toBe(REFUSALS.needsContent);
    expect(variantGuards(variant({ content: '' }), ready).schedule).toBeNull();
  });

  it('text over the limit, as typed, is refused before it is saved', () => {
    expect(variantGuards(variant(), { ...ready, content: 'x'.repeat(281) }).schedule).toMatch(
      /over the X limit/,
    );
  });

  it('a scheduled text over the limit says it is still scheduled and would fail then', () => {
    const g = variantGuards(variant({ scheduledAt: '2030-01-05T09:00:00.000Z' }), {
      ...ready,
      content: 'x'.repeat(281),
    });
    expect(g.schedule).toMatch(
      /^The text is 1 over the X limit \(281 of 280 .*\), and it is still scheduled/,
    );
    expect(g.schedule).toMatch(/Shorten it, or unschedule it\.$/);
  });

  it('a publish on its way, or of unknown outcome, holds the text and the time', () => {
    for (const reason of [REFUSALS.publishHolds, REFUSALS.publishUnknown]) {
      const g = variantGuards(
        variant({
          actions: [],
          refusals: {
            edit: reason,
            schedule: reason,
            unschedule: reason,
            publish: reason === REFUSALS.publishUnknown ? reason : REFUSALS.publishOnItsWay,
          },
        }),
        ready,
      );
      expect(g).toMatchObject({ locked: reason, time: reason, schedule: reason, publish: reason });
    }
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
