// What `outpost sync` reports as not done, part by part: one row per kind of part.
import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '@preload/bridge';
import { syncProblems } from '../../../src-main/cli/sync-problems';

const done: SyncStatus = {
  phase: 'idle',
  online: true,
  pending: 0,
  failed: 0,
  conflicts: 0,
  needsAttention: 0,
  lastSyncAt: '2030-01-01T00:00:00.000Z',
  lastError: null,
  unavailableWorkspaces: [],
  unreadWorkspaces: [],
  lastReadAt: null,
  serviceFailing: null,
  answerTrouble: [],
  checked: { onScreen: null, nextWeek: null, everything: null },
};

describe('the parts of a sync that did not go through', () => {
  it('none when everything was read and sent', () => {
    expect(syncProblems(done)).toEqual([]);
  });

  it.each<[string, Partial<SyncStatus>, string[]]>([
    [
      'a workspace not read',
      { unreadWorkspaces: [{ slug: 'acme', reason: 'The service failed (boom).' }] },
      ['workspace:acme'],
    ],
    [
      'a workspace out of reach',
      { unavailableWorkspaces: [{ slug: 'globex', name: 'Globex', access: 'forbidden' }] },
      ['workspace:globex'],
    ],
    ['a failed operation', { failed: 1, needsAttention: 1 }, ['outbox']],
    ['a publish of unknown outcome waiting for the user', { needsAttention: 1 }, ['decisions']],
    ['a conflict', { conflicts: 2, needsAttention: 2 }, ['conflicts']],
    ['operations not sent', { pending: 3 }, ['pending']],
    ['a refused token', { phase: 'needs_token' }, ['token']],
    ['a pause', { phase: 'paused' }, ['paused']],
  ])('%s', (_name, patch, parts) => {
    expect(syncProblems({ ...done, ...patch }).map((p) => p.part)).toEqual(parts);
  });

  it('a sync that read nothing, pending or not, says why in the core words', () => {
    const before = '2030-01-01T00:00:00.000Z';
    const failing = { ...done, lastReadAt: before, lastError: 'The service is temporarily unavailable.' };
    expect(syncProblems(failing, { readBefore: before })).toEqual([
      {
        part: 'service',
        message: 'Nothing was read from the service: The service is temporarily unavailable.',
      },
    ]);
    expect(
      syncProblems({ ...failing, phase: 'offline', lastError: null, pending: 2 }, { readBefore: before }),
    ).toEqual([
      { part: 'service', message: 'Nothing was read from the service: it cannot be reached.' },
      { part: 'pending', message: '2 operations not sent yet.' },
    ]);
    // Read this time: nothing to say.
    expect(
      syncProblems(
        { ...failing, lastError: null, lastReadAt: '2030-01-01T00:01:00.000Z' },
        { readBefore: before },
      ),
    ).toEqual([]);
  });

  it('says why operations were not sent', () => {
    const lease = 'Another Outpost process (pid 7) is syncing this data folder; it sends these changes too.';
    expect(syncProblems({ ...done, pending: 1, lastError: lease })[0]?.message).toBe(
      `1 operation not sent yet. ${lease}`,
    );
    expect(
      syncProblems({ ...done, pending: 1 }, { heldBack: 'Waits: the service is failing (503).' })[0]?.message,
    ).toBe('1 operation not sent yet. Waits: the service is failing (503).');
  });

  it('names the workspace and why in its words', () => {
    const [problem] = syncProblems({
      ...done,
      unreadWorkspaces: [{ slug: 'acme', reason: 'The service failed (boom).' }],
    });
    expect(problem?.message).toBe('Workspace acme could not be read: The service failed (boom).');
  });
});
