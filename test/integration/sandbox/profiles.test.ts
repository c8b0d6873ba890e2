import { describe, expect, it } from 'vitest';
import { call, useSandbox } from './helpers';

const sandbox = useSandbox();

interface Profile {
  id: string;
  platform: string;
  is_active: boolean;
}

const path = (query = ''): string =>
  `/api/workspaces/${sandbox().fixtures.workspace}/social-profiles/${query}`;

describe('social profiles', () => {
  it('every profile has id (string), platform (string) and is_active (boolean)', async () => {
    const response = await call<Profile[]>(sandbox(), path());
    expect(response.status).toBe(200);
    expect(response.body.length).toBeGreaterThan(0);
    for (const profile of response.body) {
      expect(typeof profile.id).toBe('string');
      expect(typeof profile.platform).toBe('string');
      expect(typeof profile.is_active).toBe('boolean');
    }
  });

  it('type=scheduling lists only scheduling profiles', async () => {
    const f = sandbox().fixtures;
    const all = await call<Profile[]>(sandbox(), path());
    const scheduling = await call<Profile[]>(sandbox(), path('?type=scheduling'));
    expect(all.body.map((p) => p.id)).toContain(f.profiles.instagramListening);
    expect(scheduling.body.map((p) => p.id)).not.toContain(f.profiles.instagramListening);
    expect(scheduling.body.length).toBe(all.body.length - 1);
  });

  it('the seed has several platforms, an inactive profile and a platform with two accounts', async () => {
    const f = sandbox().fixtures;
    const response = await call<Profile[]>(sandbox(), path('?type=scheduling'));
    const platforms = new Set(response.body.map((p) => p.platform));
    expect(platforms.size).toBeGreaterThanOrEqual(4);
    const inactive = response.body.find((p) => p.id === f.profiles.mastodonInactive);
    expect(inactive?.is_active).toBe(false);
    const xAccounts = response.body.filter((p) => p.platform === 'x' && p.is_active);
    expect(xAccounts.map((p) => p.id).sort()).toEqual([f.profiles.xDefault, f.profiles.xSecond].sort());
    // The profile on the sign-off channel is an ordinary active scheduling profile on the wire.
    expect(response.body.find((p) => p.id === f.profiles.blueskySignOff)).toMatchObject({
      platform: 'bluesky',
      is_active: true,
    });
  });

  it('social profiles are a bare array, listed per workspace', async () => {
    const f = sandbox().fixtures;
    const second = await call<Profile[]>(sandbox(), `/api/workspaces/${f.secondWorkspace}/social-profiles/`);
    expect(second.body.map((p) => p.id)).toEqual([f.profiles.secondWorkspaceX]);
  });
});
