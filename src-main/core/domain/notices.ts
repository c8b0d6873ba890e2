// The notices the user hears (in the window, and from the tray when the host says so): each
// goes out as an event, with a title per kind. Raising one inside a unit of work holds it
// until the commit (store/unit-of-work.ts).
import type { BridgeEvent, NotificationKind, OutpostNotification } from '@preload/bridge';

const NOTICE_TITLES: Record<NotificationKind, string> = {
  published: 'Published',
  approval_started: 'Waiting for sign-off',
  approval_released: 'Signed off and published',
  needs_user: 'Outpost needs you',
};

/** Always emitted: the window lists them; the host decides on OS notifications (settings.notifications). */
export function notify(
  ctx: { emit(event: BridgeEvent): void },
  kind: NotificationKind,
  body: string,
  ids: {
    postId: string | null;
    variantId: string | null;
    url?: string | null;
    cause?: OutpostNotification['cause'];
  },
): Promise<void> {
  ctx.emit({
    name: 'notification',
    data: {
      kind,
      title: NOTICE_TITLES[kind],
      body,
      url: ids.url ?? null,
      postId: ids.postId,
      variantId: ids.variantId,
      ...(ids.cause ? { cause: ids.cause } : {}),
    },
  });
  return Promise.resolve();
}
