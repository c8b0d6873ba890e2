// OS notifications for the core's `notification` events: a published variant or a released
// approval (a click opens the post's link, after the same URL check as every external link),
// an approval wait started, a failure that needs the user. Off when settings.notifications is false.
import type { Notification as NotificationType, NotificationConstructorOptions } from 'electron';
import type { OutpostNotification } from '@preload/bridge';
import { openExternalSafely, type OpenExternal } from './window';

export interface NotifierDeps {
  Notification: (new (options: NotificationConstructorOptions) => NotificationType) & {
    isSupported(): boolean;
  };
  openExternal: OpenExternal;
  /** app.isPackaged: a packaged app opens https links only (window.ts). */
  packaged: boolean;
  /** Read at every event, so turning notifications off in settings takes effect at once. */
  enabled(): boolean;
  /** Shows the window (a click on a notification without a link). */
  focusWindow(): void;
  iconPath?: string;
  onError?(error: unknown): void;
}

export interface Notifier {
  show(notification: OutpostNotification): NotificationType | null;
}

export function createNotifier(deps: NotifierDeps): Notifier {
  // Electron drops a Notification that is garbage collected before it is clicked; keep them.
  const live = new Set<NotificationType>();
  return {
    show(n) {
      if (!deps.enabled() || !deps.Notification.isSupported()) return null;
      const notification = new deps.Notification({
        title: n.title,
        body: n.body,
        silent: n.kind !== 'needs_user',
        ...(deps.iconPath ? { icon: deps.iconPath } : {}),
      });
      live.add(notification);
      const forget = (): void => {
        live.delete(notification);
      };
      notification.on('close', forget);
      notification.on('click', () => {
        forget();
        // Published and released-then-published both carry the post's link: a click opens it.
        // The same scheme check as the window's links: anything else just shows the window.
        const opened =
          n.url !== null &&
          openExternalSafely(deps.openExternal, n.url, {
            packaged: deps.packaged,
            onError: (e) => deps.onError?.(e),
          });
        if (!opened) deps.focusWindow();
      });
      notification.show();
      return notification;
    },
  };
}
