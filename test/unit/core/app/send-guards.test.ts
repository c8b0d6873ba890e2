import { describe, expect, it } from 'vitest';
import { firstRefusal, guardAccount, guardLength, guardTime } from '@preload/send-guards';
import { countFor } from '@preload/counter';

const NOW = new Date('2030-01-01T09:00:00Z');
const profiles = [
  { id: 'x1', platform: 'x', isActive: true },
  { id: 'm1', platform: 'mastodon', isActive: false },
];

describe('send guards', () => {
  it.each([
    ['2030-01-01T09:00:01Z', true],
    ['2030-01-01T09:00:00Z', false],
    ['2029-12-31T09:00:00Z', false],
  ])('a time of %s may be scheduled: %s', (at, ok) => {
    const result = guardTime(at, NOW);
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.message).toMatch(/Send now instead/);
  });

  it('counts X as the window does: 280 weighted characters pass, 281 do not', () => {
    expect(guardLength('x', 'a'.repeat(280))).toEqual({ ok: true });
    const over = guardLength('x', 'a'.repeat(281));
    expect(over).toMatchObject({ ok: false, reason: 'over_limit' });
    expect(!over.ok && over.message).toMatch(/1 over the X limit.*Shorten it/);
    // A link counts 23 whatever its length, as the window's counter says.
    const link = `${'a'.repeat(256)} https://example.com/${'p'.repeat(100)}`;
    expect(countFor('x', link)?.used).toBe(280);
    expect(guardLength('x', link).ok).toBe(true);
  });

  it('gives an unknown platform no limit', () => {
    expect(guardLength('friendster', 'a'.repeat(100_000)).ok).toBe(true);
  });

  it.each([
    ['x', { kind: 'default' as const }, null, true],
    ['mastodon', { kind: 'default' as const }, null, false],
    ['instagram', { kind: 'default' as const }, null, false],
    ['x', { kind: 'none' as const }, null, false],
    ['mastodon', { kind: 'profile' as const, profileId: 'm1' }, null, false],
    ['x', { kind: 'profile' as const, profileId: 'x1' }, null, true],
    // The service already chose an account (the default, on creation): that one counts.
    ['mastodon', { kind: 'default' as const }, 'x1', true],
  ])('%s with %j (service chose %s) may send: %s', (platform, account, chosen, ok) => {
    const result = guardAccount(platform, account, profiles, chosen);
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.message).toMatch(/account/);
  });

  it('leaves the account to the service while no accounts are known', () => {
    expect(guardAccount('mastodon', { kind: 'default' }, []).ok).toBe(true);
  });

  it('names what to do when a workspace has no account for the platform', () => {
    const result = guardAccount('instagram', { kind: 'default' }, profiles);
    expect(!result.ok && result.message).toBe(
      'This workspace has no active Instagram account, so there is no default to send from. Connect an Instagram account in the service, or move this text to a platform the workspace has.',
    );
  });

  it('reports the first refusal', () => {
    expect(
      firstRefusal({ ok: true }, guardLength('x', 'a'.repeat(300)), guardTime('2000-01-01T00:00:00Z', NOW)),
    ).toMatchObject({ reason: 'over_limit' });
    expect(firstRefusal({ ok: true })).toEqual({ ok: true });
  });
});
