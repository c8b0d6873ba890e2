import { describe, expect, it } from 'vitest';
import { keychainConnectError, keychainNotice } from '@preload/words/errors';

describe('keychain problems in plain words', () => {
  it('leads with what it means and keeps the technical sentence verbatim', () => {
    const raw =
      'No OS keychain is available (Cannot autolaunch D-Bus without X11 $DISPLAY): the token is kept in memory for this session only; drafting goes on.';
    const n = keychainNotice(raw);
    expect(n.plain).not.toMatch(/D-Bus|X11/);
    expect(n.plain).toMatch(/only until Outpost closes/);
    expect(n.detail).toBe(raw);
    expect(keychainConnectError('The access token could not be stored (x).').plain).toMatch(
      /did not connect/,
    );
  });
});
