// The window's notices as one rune class: at most three, the newest; informational ones go by
// themselves after 8 s of not being held; one that needs the user stays until its cause goes.
// Timers are Vitest's fake ones: seconds pass at the test's word.
import { render } from 'svelte/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutpostNotification, PostDetail, SyncStatus } from '@preload/bridge';
import NoticeHistory from '../../../src-renderer/src/features/sync/NoticeHistory.svelte';
import Toast from '../../../src-renderer/src/features/sync/Toast.svelte';
import { NoticesState } from '../../../src-renderer/src/lib/state/notices.svelte';
import { variantView } from './fixtures';

function notification(over: Partial<OutpostNotification> = {}): OutpostNotification {
  return {
    kind: 'published',
    title: 'Published on X',
    body: 'The X variant is live.',
    url: null,
    postId: 'p1',
    variantId: 'v1',
    ...over,
  };
}

function postWith(state: PostDetail['state']): PostDetail {
  return {
    id: 'p1',
    serverId: '1',
    onService: true,
    workspace: 'w',
    title: 'T',
    platforms: ['x'],
    state,
    stateText: state,
    updatedAt: '2030-01-01T00:00:00Z',
    hidden: false,
    actions: [],
    refusals: {},
    conflicts: [],
    error: null,
    note: null,
    variants: [variantView({ id: 'v1', state })],
  };
}

const idle: SyncStatus = {
  phase: 'idle',
  online: true,
  pending: 0,
  failed: 0,
  conflicts: 0,
  needsAttention: 0,
  lastSyncAt: null,
  lastError: null,
  unavailableWorkspaces: [],
  unreadWorkspaces: [],
  lastReadAt: null,
  serviceFailing: null,
  answerTrouble: [],
  checked: { onScreen: null, nextWeek: null, everything: null },
};

const titles = (notices: NoticesState): string[] => notices.items.map((n) => n.title);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('notices', () => {
  it('keeps the newest three, oldest first', () => {
    const notices = new NoticesState({ informational: () => true });
    for (let i = 1; i <= 5; i++) notices.receive(notification({ title: `n${i}` }));
    expect(titles(notices)).toEqual(['n3', 'n4', 'n5']);
    expect(new Set(notices.items.map((n) => n.key)).size).toBe(3);
  });

  it('lets an informational notice go after 8 s, and keeps one that needs the user', () => {
    const notices = new NoticesState({ informational: () => true });
    notices.receive(notification({ title: 'live' }));
    notices.receive(notification({ kind: 'needs_user', title: 'conflict' }));
    vi.advanceTimersByTime(7_999);
    expect(titles(notices)).toEqual(['live', 'conflict']);
    vi.advanceTimersByTime(1);
    expect(titles(notices)).toEqual(['conflict']);
    vi.advanceTimersByTime(3_600_000);
    expect(titles(notices)).toEqual(['conflict']);
  });

  it('holds every countdown while held, and goes on with what was left', () => {
    const notices = new NoticesState({ informational: () => true });
    notices.receive(notification({ title: 'first' }));
    vi.advanceTimersByTime(5_000);
    notices.hold(true);
    notices.receive(notification({ title: 'second' }));
    vi.advanceTimersByTime(60_000);
    expect(titles(notices)).toEqual(['first', 'second']);
    notices.hold(false);
    vi.advanceTimersByTime(3_000);
    expect(titles(notices)).toEqual(['second']);
    vi.advanceTimersByTime(5_000);
    expect(titles(notices)).toEqual([]);
  });

  it('shows informational notices only when they are wanted; one that needs the user always', () => {
    let wanted = false;
    const notices = new NoticesState({ informational: () => wanted });
    notices.receive(notification({ title: 'live' }));
    notices.receive(notification({ kind: 'needs_user', title: 'failed' }));
    wanted = true;
    notices.receive(notification({ kind: 'approval_started', title: 'waiting' }));
    expect(titles(notices)).toEqual(['failed', 'waiting']);
  });

  it('forgets the countdown of a notice pushed out or dismissed', () => {
    const notices = new NoticesState({ informational: () => true });
    for (let i = 1; i <= 4; i++) notices.receive(notification({ title: `n${i}` }));
    notices.dismiss(notices.items[0]!.key);
    expect(titles(notices)).toEqual(['n3', 'n4']);
    expect(vi.getTimerCount()).toBe(2);
    notices.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drops every "needs you" notice once nothing waits on the user', () => {
    const notices = new NoticesState({ informational: () => true });
    notices.receive(notification({ kind: 'needs_user', title: 'conflict' }));
    notices.receive(notification({ title: 'live' }));
    notices.syncStatusChanged({ ...idle, conflicts: 1 });
    expect(titles(notices)).toEqual(['conflict', 'live']);
    notices.syncStatusChanged(idle);
    expect(titles(notices)).toEqual(['live']);
  });

  it('keeps the token notice while sync waits for a token, and drops it once one is given', () => {
    const notices = new NoticesState({ informational: () => true });
    const token = {
      kind: 'needs_user',
      title: 'token',
      postId: null,
      variantId: null,
      cause: 'needs_token',
    } as const;
    notices.receive(notification(token));
    notices.syncStatusChanged({ ...idle, phase: 'needs_token' });
    notices.syncStatusChanged({ ...idle, phase: 'syncing' });
    expect(titles(notices)).toEqual(['token']);
    notices.syncStatusChanged(idle);
    expect(titles(notices)).toEqual([]);
  });

  it('shows the same notice once, however often it comes; the history keeps each', () => {
    const notices = new NoticesState({ informational: () => true });
    const token = { kind: 'needs_user', title: 'token', postId: null, variantId: null } as const;
    notices.receive(notification(token));
    notices.receive(notification({ title: 'live' }));
    notices.receive(notification(token));
    expect(titles(notices)).toEqual(['live', 'token']);
    expect(notices.history.map((n) => n.title)).toEqual(['token', 'live', 'token']);
  });

  it('drops a "needs you" notice when its post no longer shows the cause, or is gone', async () => {
    let post: PostDetail | null = postWith('conflict');
    const asked: string[] = [];
    const notices = new NoticesState({
      informational: () => true,
      readPost: (id) => {
        asked.push(id);
        return post ? Promise.resolve(post) : Promise.reject(new Error('No such post.'));
      },
    });
    notices.receive(notification({ kind: 'needs_user', title: 'conflict' }));
    notices.receive(notification({ title: 'live' }));
    notices.receive(notification({ kind: 'needs_user', title: 'other post', postId: 'p2', variantId: 'v9' }));

    await notices.postChanged('p3');
    expect(asked).toEqual([]);
    await notices.postChanged('p1');
    expect(titles(notices)).toEqual(['conflict', 'live', 'other post']);
    post = postWith('draft');
    await notices.postChanged('p1');
    expect(titles(notices)).toEqual(['live', 'other post']);
    post = null;
    await notices.postChanged('p2');
    expect(titles(notices)).toEqual(['live']);
  });

  it('carries an action; running it dismisses the notice first', async () => {
    const notices = new NoticesState({ informational: () => true });
    const seen: string[][] = [];
    const key = notices.show(notification({ title: 'Discarded' }), {
      label: 'Undo',
      run: () => void seen.push(titles(notices)),
    });
    expect(notices.items[0]?.action?.label).toBe('Undo');
    await notices.runAction(key);
    expect(seen).toEqual([[]]);
    expect(titles(notices)).toEqual([]);
  });

  it('offers its action beside Dismiss', () => {
    const notices = new NoticesState({ informational: () => true });
    notices.show(notification({ title: 'Discarded' }), { label: 'Undo', run: () => undefined });
    const noop = () => undefined;
    const { body } = render(Toast, {
      props: { item: notices.items[0]!, onDismiss: noop, onAction: noop, onOpenPost: noop },
    });
    expect(body).toMatch(/<button[^>]*>Undo<\/button>/);
  });

  it('keeps the last 50 in its history, newest first, after they went from the screen', () => {
    const notices = new NoticesState({ informational: () => true });
    for (let i = 1; i <= 55; i++) notices.receive(notification({ title: `n${i}`, postId: `p${i}` }));
    vi.advanceTimersByTime(8_000);
    expect(notices.items).toEqual([]);
    expect(notices.history).toHaveLength(50);
    expect(notices.history[0]).toMatchObject({ title: 'n55', postId: 'p55' });
    expect(notices.history.at(-1)?.title).toBe('n6');
    expect(Number.isNaN(Date.parse(notices.history[0]!.at))).toBe(false);
    expect(notices.unseen).toBe(50);
    notices.historySeen();
    expect(notices.unseen).toBe(0);
    notices.receive(notification({ title: 'Published on LinkedIn' }));
    expect(notices.unseen).toBe(1);
    // The window's own confirmation of what the person just did is kept, not counted as new.
    notices.show(
      { ...notification({ title: 'Copied the X text' }), kind: 'undo' },
      { label: 'Undo', run: () => undefined },
    );
    expect(notices.unseen).toBe(1);
    expect(notices.history[0]?.title).toBe('Copied the X text');
    // Its Undo was for its moment: the history keeps what it said, not the action.
    expect(notices.history[0]).not.toHaveProperty('action');
  });

  it('keeps in its history only what was shown', () => {
    const notices = new NoticesState({ informational: () => false });
    notices.receive(notification({ title: 'live' }));
    notices.receive(notification({ kind: 'needs_user', title: 'failed' }));
    expect(notices.history.map((n) => n.title)).toEqual(['failed']);
  });

  it("lists the history with each notice's way to its post", () => {
    const notices = new NoticesState({ informational: () => true });
    notices.receive(notification({ title: 'Published on X', postId: 'p7' }));
    const { body } = render(NoticeHistory, { props: { notices, onOpenPost: () => undefined } });
    expect(body).toContain('Notices (1 new)');
    expect(body).toContain('aria-expanded="false"');
  });
});
