// Main-process side: notification clicks and window.open / navigation go
// through the same scheme check as the window's links (src-preload/links.ts). And
// a packaged app opens https links only; http on this computer only in a development build.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutpostNotification } from '@preload/bridge';
import { createNotifier } from '../../../src-main/desktop-app/notifications';
import { isSafeExternalUrl, openExternalSafely } from '../../../src-main/desktop-app/window';
import { safeLinkUrl } from '@preload/links';
import { FakeNotification } from './fake-electron';

const published: OutpostNotification = {
  kind: 'published',
  title: 'Published on X',
  body: 'Launch day',
  url: 'https://x.com/outpost/status/1',
  postId: 'p1',
  variantId: 'v1',
};

function clickOn(url: string, packaged = true) {
  const openExternal = vi.fn((_url: string) => Promise.resolve());
  const focusWindow = vi.fn();
  const notifier = createNotifier({
    Notification: FakeNotification as never,
    openExternal,
    packaged,
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
  it('the sandbox link (http on loopback) opens from a notification in a development build', () => {
    const { openExternal, focusWindow } = clickOn('http://127.0.0.1:4010/posts/1', false);
    expect(openExternal).toHaveBeenCalledWith('http://127.0.0.1:4010/posts/1');
    expect(focusWindow).not.toHaveBeenCalled();
  });

  it.each(['http://127.0.0.1:4010/posts/1', 'http://localhost:631/admin', 'http://[::1]:8080/'])(
    'a packaged app never opens %s from a notification; it shows the window instead',
    (url) => {
      const { openExternal, focusWindow } = clickOn(url, true);
      expect(openExternal).not.toHaveBeenCalled();
      expect(focusWindow).toHaveBeenCalledOnce();
    },
  );

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
      expect(isSafeExternalUrl(url, { packaged: false })).toBe(safeLinkUrl(url) !== null);
      expect(isSafeExternalUrl(url, { packaged: true })).toBe(
        safeLinkUrl(url, { loopbackHttp: false }) !== null,
      );
    }
    const openExternal = vi.fn((_url: string) => Promise.resolve());
    const packaged = { packaged: true };
    expect(openExternalSafely(openExternal, ' https://a.example', packaged)).toBe(true);
    expect(openExternal).toHaveBeenCalledWith('https://a.example/');
    expect(openExternalSafely(openExternal, 'javascript:alert(1)', packaged)).toBe(false);
    expect(openExternalSafely(openExternal, 'http://127.0.0.1:9/', packaged)).toBe(false);
    expect(openExternal).toHaveBeenCalledOnce();
  });
});
