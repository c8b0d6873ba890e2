import { describe, expect, it } from 'vitest';
import {
  autoDismissAfter,
  MAX_NOTIFICATIONS,
  pushNotification,
  splitAtUrl,
} from '../../../src-renderer/src/lib/state/notification-rules';

describe('notifications', () => {
  it('informational ones go by themselves; one that needs the user stays', () => {
    expect(autoDismissAfter('published')).toBe(8000);
    expect(autoDismissAfter('approval_started')).toBe(8000);
    expect(autoDismissAfter('approval_released')).toBe(8000);
    expect(autoDismissAfter('needs_user')).toBeNull();
  });
  it('keeps the newest three', () => {
    let list: number[] = [];
    for (let i = 1; i <= 5; i++) list = pushNotification(list, i);
    expect(MAX_NOTIFICATIONS).toBe(3);
    expect(list).toEqual([3, 4, 5]);
  });
  it('finds the link in the body so it can be shortened on screen', () => {
    const url = 'https://social.example/x/acme/posts/12';
    expect(splitAtUrl(`The X variant is live: ${url}`, url)).toEqual({
      before: 'The X variant is live: ',
      after: '',
    });
    expect(splitAtUrl('No link here.', url)).toBeNull();
    expect(splitAtUrl('No link here.', null)).toBeNull();
  });
});
