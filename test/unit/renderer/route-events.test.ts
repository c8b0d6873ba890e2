// Each event of the core reaches the parts of the window it concerns, and only those.
import { describe, expect, it } from 'vitest';
import type { BridgeEvent, DataProblemKind, DataStatus, SettingsView, SyncStatus } from '@preload/bridge';
import { routeEvent, type EventTargets } from '../../../src-renderer/src/lib/state/route-events';

const status = (phase: SyncStatus['phase'], needsAttention = 0): SyncStatus => ({
  phase,
  online: true,
  pending: 0,
  failed: 0,
  conflicts: 0,
  needsAttention,
  lastSyncAt: null,
  lastError: null,
  unavailableWorkspaces: [],
  unreadWorkspaces: [],
  lastReadAt: null,
  serviceFailing: null,
  answerTrouble: [],
  checked: { onScreen: null, nextWeek: null, everything: null },
});

/** Parts that note what was asked of them. */
function parts(openPostId: string | null = null, connected = false) {
  const calls: string[] = [];
  const note = (call: string) => () => void calls.push(call);
  const targets = {
    settings: {
      connected,
      view: null as SettingsView | null,
      apply: (view: SettingsView) => calls.push(`settings.apply ${view.connected}`),
    },
    sync: {
      status: null as SyncStatus | null,
      apply: (s: SyncStatus) => calls.push(`sync.apply ${s.phase}`),
      itemChanged: note('sync.itemChanged'),
      load: note('sync.load'),
    },
    posts: {
      postChanged: (id: string) => calls.push(`posts.postChanged ${id}`),
      reload: note('posts.reload'),
      loadWorkspaces: note('posts.loadWorkspaces'),
      loadProfiles: note('posts.loadProfiles'),
    },
    editor: {
      post: openPostId ? { id: openPostId } : null,
      refresh: note('editor.refresh'),
      history: {
        saved: (of: { variantId: string | null }) => calls.push(`history.saved ${of.variantId}`),
      },
    },
    notices: {
      receive: (n: { title: string }) => calls.push(`notices.receive ${n.title}`),
      syncStatusChanged: (s: SyncStatus) => calls.push(`notices.syncStatusChanged ${s.phase}`),
      postChanged: (id: string) => calls.push(`notices.postChanged ${id}`),
    },
    undo: { offer: (change: { label: string }) => calls.push(`undo.offer ${change.label}`) },
    data: {
      status: null as DataStatus | null,
      apply(next: DataStatus) {
        calls.push(`data.apply ${next.problem?.kind ?? 'none'}`);
        this.status = next;
      },
    },
    menuCommand: (command: string) => calls.push(`menu ${command}`),
    loadFirstScreen: note('loadFirstScreen'),
  };
  return { calls, targets: targets as unknown as EventTargets, raw: targets };
}

describe('routing the core events', () => {
  it('a sync that ends reloads workspaces and profiles; one that goes on does not', () => {
    const { calls, targets, raw } = parts();
    raw.sync.status = status('syncing');
    routeEvent({ name: 'syncStatus', data: status('syncing') }, targets);
    expect(calls).toEqual(['sync.apply syncing', 'notices.syncStatusChanged syncing']);
    calls.length = 0;
    routeEvent({ name: 'syncStatus', data: status('idle') }, targets);
    expect(calls).toEqual([
      'sync.apply idle',
      'notices.syncStatusChanged idle',
      'posts.loadWorkspaces',
      'posts.loadProfiles',
    ]);
  });

  it('a changed item refreshes it in the list, the open post if it is that one, and its notices', () => {
    const { calls, targets } = parts('p1');
    routeEvent({ name: 'itemChanged', data: { postId: 'p1', variantId: null } }, targets);
    routeEvent({ name: 'itemChanged', data: { postId: 'p2', variantId: 'v2' } }, targets);
    // The outbox's reasons follow their items: the sync part hears of each change.
    expect(calls).toEqual([
      'posts.postChanged p1',
      'sync.itemChanged',
      'editor.refresh',
      'notices.postChanged p1',
      'posts.postChanged p2',
      'sync.itemChanged',
      'notices.postChanged p2',
    ]);
  });

  it('settings reload the workspaces only when the connection changed', () => {
    const { calls, targets } = parts(null, false);
    const view = { connected: false } as SettingsView;
    routeEvent({ name: 'settingsChanged', data: view }, targets);
    routeEvent({ name: 'settingsChanged', data: { ...view, connected: true } }, targets);
    expect(calls).toEqual(['settings.apply false', 'settings.apply true', 'posts.loadWorkspaces']);
  });

  it('a change that can be undone is offered, and nothing else hears of it', () => {
    const { calls, targets } = parts('p1');
    routeEvent(
      { name: 'undoable', data: { id: 'u1', label: 'Unscheduled ‘Tips’ (X)', postIds: ['p1'] } },
      targets,
    );
    expect(calls).toEqual(['undo.offer Unscheduled ‘Tips’ (X)']);
  });

  it('a version kept goes to the History panel alone (the text itself did not change)', () => {
    const { calls, targets } = parts('p1');
    routeEvent({ name: 'versionSaved', data: { postId: 'p1', variantId: 'v1' } }, targets);
    expect(calls).toEqual(['history.saved v1']);
  });

  it('notifications go to the notices, menu commands to the shell', () => {
    const { calls, targets } = parts();
    const events: BridgeEvent[] = [
      {
        name: 'notification',
        data: { kind: 'published', title: 'Live', body: '', url: null, postId: null, variantId: null },
      },
      { name: 'menuCommand', data: { command: 'settings' } },
    ];
    for (const event of events) routeEvent(event, targets);
    expect(calls).toEqual(['notices.receive Live', 'menu settings']);
  });

  it('reads the list and the sync again once the core has started again, and only then', () => {
    const { calls, targets, raw } = parts();
    raw.settings.view = { connected: false } as SettingsView;
    for (const kind of [null, 'disk_full', null, 'core_restarting', 'core_restarting', null] as const)
      routeEvent(folder(kind), targets);
    expect(calls).toEqual([
      'data.apply none',
      'data.apply disk_full',
      'data.apply none',
      'data.apply core_restarting',
      'data.apply core_restarting',
      'data.apply none',
      'posts.reload',
      'sync.load',
    ]);
  });

  it('loads the first screen again once the core has started again, if its settings never came', () => {
    const { calls, targets, raw } = parts();
    for (const kind of ['core_restarting', null] as const) routeEvent(folder(kind), targets);
    expect(calls).toEqual(['data.apply core_restarting', 'data.apply none', 'loadFirstScreen']);
    // Once they have come, a restart reads the list and the sync again, as above.
    raw.settings.view = { connected: false } as SettingsView;
    calls.length = 0;
    for (const kind of ['core_restarting', null] as const) routeEvent(folder(kind), targets);
    expect(calls).toEqual(['data.apply core_restarting', 'data.apply none', 'posts.reload', 'sync.load']);
  });
});

/** The data folder's status, with a problem of this kind or none. */
const folder = (kind: DataProblemKind | null): BridgeEvent => ({
  name: 'dataStatus',
  data: { dataDir: '/data', notice: null, problem: kind === null ? null : { kind, text: kind } },
});
