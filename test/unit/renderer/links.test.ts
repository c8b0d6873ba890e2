// One scheme check for links from the service, used by the window (the
// ExternalLink component, rendered here) and the main process (notifications, window.open).
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { isSafeLink, safeLinkUrl } from '@preload/links';
import ExternalLink from '../../../src-renderer/src/lib/ExternalLink.svelte';
import Toast from '../../../src-renderer/src/features/sync/Toast.svelte';

describe('safeLinkUrl', () => {
  it.each([
    ['https://x.com/outpost/status/1?ref=a#b', 'https://x.com/outpost/status/1?ref=a#b'],
    ['  https://example.com ', 'https://example.com/'],
    ['http://127.0.0.1:4010/p/1', 'http://127.0.0.1:4010/p/1'],
    ['http://localhost:8080/', 'http://localhost:8080/'],
    ['http://[::1]:9/', 'http://[::1]:9/'],
  ])('%s becomes a link', (raw, href) => {
    expect(safeLinkUrl(raw)).toBe(href);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'app://outpost/index.html',
    'smb://host/share',
    'http://example.com/',
    'http://127.0.0.1.evil.example/',
    'https://user:pw@example.com/',
    '//example.com/x',
    '/relative',
    'not a url',
    '',
  ])('%s stays text', (raw) => {
    expect(safeLinkUrl(raw)).toBeNull();
    expect(isSafeLink(raw)).toBe(false);
  });

  it('anything that is not a string stays text', () => {
    expect(safeLinkUrl(null)).toBeNull();
    expect(safeLinkUrl({ href: 'https://example.com' })).toBeNull();
  });
});

describe('links in the window', () => {
  it('a javascript: url renders as text, never as an href', () => {
    const { body } = render(ExternalLink, { props: { url: 'javascript:alert(1)' } });
    expect(body).not.toMatch(/<a\b/);
    expect(body).not.toContain('href');
    expect(body).toContain('javascript:alert(1)');
  });

  it('an https url renders as a link that opens outside', () => {
    const { body } = render(ExternalLink, { props: { url: 'https://x.com/o/1' } });
    expect(body).toMatch(/<a [^>]*href="https:\/\/x\.com\/o\/1"/);
    expect(body).toContain('rel="noopener noreferrer"');
  });

  it('a toast quoting a javascript: url in its body shows it as text', () => {
    const url = 'javascript:alert(1)';
    const { body } = render(Toast, {
      props: {
        item: {
          key: 1,
          kind: 'published',
          title: 'Published on X',
          body: `Live at ${url}`,
          url,
          postId: 'p1',
          variantId: 'v1',
        },
        onDismiss: () => undefined,
        onAction: () => undefined,
        onOpenPost: () => undefined,
      },
    });
    expect(body).toContain(url);
    expect(body).not.toContain('href');
  });

  it('a toast without the url in its body still offers a safe link only', () => {
    const props = (url: string) => ({
      item: {
        key: 1,
        kind: 'published' as const,
        title: 'Published',
        body: 'Done',
        url,
        postId: null,
        variantId: null,
      },
      onDismiss: () => undefined,
      onAction: () => undefined,
      onOpenPost: () => undefined,
    });
    expect(render(Toast, { props: props('data:text/html,x') }).body).not.toContain('href');
    expect(render(Toast, { props: props('https://x.com/o/2') }).body).toContain('href="https://x.com/o/2"');
  });
});
