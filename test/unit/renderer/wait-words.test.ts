import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../src-preload/bridge';
import { barState, waitReason } from '../../../src-renderer/src/features/sync/wait-words';

const base: SyncStatus = {
  phase: 'idle',
  online: true,
  pending: 0,
  failed: 0,
  conflicts: 0,
  needsAttention: 0,
  lastSyncAt: '2030-01-01T10:00:00Z',
  lastError: null,
  unavailableWorkspaces: [],
  unreadWorkspaces: [],
};
const t = () => '10:00';

describe('sync bar: one state', () => {
  it.each([
    [{}, 'Up to date · last sync 10:00', 'good'],
    [{ pending: 4 }, '4 waiting · last sync 10:00', 'progress'],
    [{ phase: 'syncing', pending: 4 }, 'Syncing… · last sync 10:00', 'progress'],
    [
      { phase: 'offline', online: false, pending: 4 },
      'Offline · 4 changes waiting to send · last sync 10:00',
      'muted',
    ],
    // The engine's phase and its online flag disagreeing still shows one state, not both.
    [
      { phase: 'idle', online: false, pending: 1 },
      'Offline · 1 change waiting to send · last sync 10:00',
      'muted',
    ],
    [{ needsAttention: 1, lastSyncAt: null }, 'Up to date · 1 needs attention · never synced', 'good'],
    [{ phase: 'not_connected' }, 'Not connected: drafts stay on this computer', 'muted'],
    // A workspace taken away is named; the others are up to date, so the tone warns.
    [
      { unavailableWorkspaces: [{ slug: 'acme', name: 'Acme', access: 'forbidden' }] },
      'Up to date · no access to “Acme” · last sync 10:00',
      'warn',
    ],
  ] as const)('%j reads "%s"', (over, text, tone) => {
    // The table is `as const`: its one list is read-only, the status's is not.
    const s = barState({ ...base, ...(over as Partial<SyncStatus>) }, t);
    expect(s).toEqual({ text, tone });
    expect(s.text).not.toMatch(/Online.*Offline|Up to date.*waiting|waiting.*Up to date/);
  });
});

describe('outbox rows say why they wait', () => {
  const op = {
    kind: 'create_variant',
    state: 'pending',
    postTitle: 'Hi',
    error: null,
    nextAttemptAt: null,
    attempts: 0,
  } as const;
  it('names the cause in words', () => {
    expect(waitReason({ ...op, kind: 'create_post', postTitle: '  ' }, base, t)).toMatch(/Waits for a title/);
    expect(waitReason(op, { ...base, online: false, phase: 'offline' }, t)).toBe(
      'Waits for the connection to come back.',
    );
    expect(waitReason(op, { ...base, phase: 'paused' }, t)).toBe('Waits: sync is paused.');
    expect(waitReason({ ...op, attempts: 2, nextAttemptAt: '2030-01-01T10:05:00Z' }, base, t)).toMatch(
      /tries again at 10:00/,
    );
    expect(waitReason({ ...op, state: 'failed', error: 'Bad request' }, base, t)).toBe('Bad request');
    expect(waitReason(op, base, t)).toBe('Goes out with the next sync.');
    for (const state of ['pending', 'sending', 'unknown', 'failed'] as const)
      expect(waitReason({ ...op, state }, base, t)).not.toBe('');
  });
});
