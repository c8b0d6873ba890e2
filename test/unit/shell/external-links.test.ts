// Issue 14, point 4, main-process side: notification clicks and window.open / navigation go
// through the same scheme check as the window's links (src-preload/links.ts).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutpostNotification } from '../../../src-preload/bridge';
import { createNotifier } from '../../../src-main/notifications';
import { isSafeExternalUrl, openExternalSafely } from '../../../src-main/window';
import { safeLinkUrl } from '../../../src-preload/links';
import { FakeNotification } from './fake-electron';

const published: OutpostNotification = {
  kind: 'published',
  title: 'Published on X',
  body: 'Launch day',
  url: 'https://x.com/outpost/status/1',
  postId: 'p1',
  variantId: 'v1',
};

function clickOn(url: string) {
  const openExternal = vi.fn((_url: string) => Promise.resolve());
  const focusWindow = vi.fn();
  const notifier = createNotifier({
    Notification: FakeNotification as never,
    openExternal,
    enabled: () => true,
    focusWindow,
  });
  notifier.show({ ...published, url });
  FakeNotification.instances.at(-1)!.emit('click');
  return { openExternal, focusWindow };
}

beforeEach(() => {
  FakeNotification.instances = [];
  FakeNotification.supported = true;
});

describe('main-process links', () => {
  it('the sandbox link (http on loopback) opens from a notification', () => {
    const { openExternal, focusWindow } = clickOn('http://127.0.0.1:4010/posts/1');
    expect(openExternal).toHaveBeenCalledWith('http://127.0.0.1:4010/posts/1');
    expect(focusWindow).not.toHaveBeenCalled();
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', 'http://example.com/', 'smb://h/s', 'app://outpost/'])(
    'a notification with %s never opens it',
    (url) => {
      const { openExternal, focusWindow } = clickOn(url);
      expect(openExternal).not.toHaveBeenCalled();
      expect(focusWindow).toHaveBeenCalledOnce();
    },
  );

  it('window links agree with the shared checker and open its normalized form', () => {
    for (const url of ['https://a.example', 'http://localhost:1/', 'javascript:x', 'file:///x']) {
      expect(isSafeExternalUrl(url)).toBe(safeLinkUrl(url) !== null);
    }
    const openExternal = vi.fn((_url: string) => Promise.resolve());
    expect(openExternalSafely(openExternal, ' https://a.example')).toBe(true);
    expect(openExternal).toHaveBeenCalledWith('https://a.example/');
    expect(openExternalSafely(openExternal, 'javascript:alert(1)')).toBe(false);
    expect(openExternal).toHaveBeenCalledOnce();
  });
});
