import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutpostNotification } from '@preload/bridge';
import { createNotifier } from '../../../src-main/desktop-app/notifications';
import { FakeNotification } from './fake-electron';

const published: OutpostNotification = {
  kind: 'published',
  title: 'Published on X',
  body: 'Launch day',
  url: 'https://x.com/outpost/status/1',
  postId: 'p1',
  variantId: 'v1',
};

function setup(enabled = true) {
  const state = { enabled };
  const openExternal = vi.fn((_url: string) => Promise.resolve());
  const focusWindow = vi.fn();
  const notifier = createNotifier({
    Notification: FakeNotification as never,
    openExternal,
    packaged: true,
    enabled: () => state.enabled,
    focusWindow,
  });
  return { notifier, openExternal, focusWindow, state };
}

beforeEach(() => {
  FakeNotification.instances = [];
  FakeNotification.supported = true;
});

describe('notifications', () => {
  it('shows a publish notification whose click opens the link', () => {
    const { notifier, openExternal } = setup();
    notifier.show(published);
    const shown = FakeNotification.instances;
    expect(shown).toHaveLength(1);
    expect(shown[0]!.shown).toBe(true);
    expect(shown[0]!.options).toMatchObject({ title: 'Published on X', body: 'Launch day' });
    shown[0]!.emit('click');
    expect(openExternal).toHaveBeenCalledWith('https://x.com/outpost/status/1');
  });

  it('never opens an unsafe link; the click shows the window instead', () => {
    const { notifier, openExternal, focusWindow } = setup();
    notifier.show({ ...published, url: 'file:///etc/passwd' });
    FakeNotification.instances[0]!.emit('click');
    expect(openExternal).not.toHaveBeenCalled();
    expect(focusWindow).toHaveBeenCalledOnce();
  });

  it('an approval released carries the published link: a click opens it', () => {
    const { notifier, openExternal, focusWindow } = setup();
    notifier.show({ ...published, kind: 'approval_released', title: 'Signed off and published' });
    FakeNotification.instances[0]!.emit('click');
    expect(openExternal).toHaveBeenCalledWith('https://x.com/outpost/status/1');
    expect(focusWindow).not.toHaveBeenCalled();
  });

  it.each(['approval_started', 'approval_released', 'needs_user'] as const)(
    'shows %s without a link, a click focuses the window',
    (kind) => {
      const { notifier, focusWindow, openExternal } = setup();
      notifier.show({ ...published, kind, url: null });
      expect(FakeNotification.instances).toHaveLength(1);
      FakeNotification.instances[0]!.emit('click');
      expect(focusWindow).toHaveBeenCalledOnce();
      expect(openExternal).not.toHaveBeenCalled();
    },
  );

  it('shows nothing when turned off in settings, and again when turned back on', () => {
    const { notifier, state } = setup(false);
    expect(notifier.show(published)).toBeNull();
    expect(FakeNotification.instances).toHaveLength(0);
    state.enabled = true;
    notifier.show(published);
    expect(FakeNotification.instances).toHaveLength(1);
  });

  it('shows nothing where the OS has no notifications', () => {
    FakeNotification.supported = false;
    const { notifier } = setup();
    expect(notifier.show(published)).toBeNull();
    expect(FakeNotification.instances).toHaveLength(0);
  });
});
