// When the desktop app asks the core to sync: at start, on window focus, when the network comes
// back, on resume from sleep, and on an interval. The core runs one sync at a time (a trigger
// during a sync joins it), so triggers only need to avoid hammering, not to coordinate.
import type { AppCore, Clock, Logger, Scheduler } from '../core/ports';
import { systemClock, systemScheduler } from '../core/system-time';

export type SyncTriggerReason = 'start' | 'focus' | 'online' | 'resume' | 'interval' | 'user';

export interface PowerEvents {
  on(event: 'resume', listener: () => void): unknown;
  removeListener(event: 'resume', listener: () => void): unknown;
}

export interface SyncTriggerOptions {
  core: Pick<AppCore, 'syncNow' | 'setOnline'>;
  powerMonitor: PowerEvents;
  /** Electron's `net.isOnline()`. */
  isOnline(): boolean;
  logger: Logger;
  intervalMs?: number;
  onlinePollMs?: number;
  /** Focus flips often (alt-tab); sync on it at most this often. */
  focusGapMs?: number;
  /** Default: the real ones. */
  scheduler?: Scheduler;
  clock?: Clock;
}

export interface SyncTriggers {
  /** The window gained focus. */
  focus(): void;
  /** Sync now because the user asked (tray or menu). */
  user(): void;
  stop(): void;
}

export function startSyncTriggers(options: SyncTriggerOptions): SyncTriggers {
  const { core, logger } = options;
  const scheduler = options.scheduler ?? systemScheduler;
  const clock = options.clock ?? systemClock;
  const focusGapMs = options.focusGapMs ?? 30_000;
  let lastFocusSync = Number.NEGATIVE_INFINITY;
  let online = options.isOnline();
  let stopped = false;

  const sync = (reason: SyncTriggerReason): void => {
    if (stopped) return;
    core
      .syncNow(reason)
      .catch((error: unknown) => logger.warn('sync trigger failed', { reason, error: String(error) }));
  };

  core.setOnline(online);
  sync('start');

  const onResume = (): void => sync('resume');
  options.powerMonitor.on('resume', onResume);

  const pollOnline = (): void => {
    const now = options.isOnline();
    if (now === online) return;
    online = now;
    core.setOnline(now);
    if (now) sync('online');
  };
  const stopPolling = scheduler.every(options.onlinePollMs ?? 5_000, pollOnline);
  const stopInterval = scheduler.every(options.intervalMs ?? 5 * 60_000, () => sync('interval'));

  return {
    focus() {
      const now = clock.now().getTime();
      if (now - lastFocusSync < focusGapMs) return;
      lastFocusSync = now;
      sync('focus');
    },
    user() {
      sync('user');
    },
    stop() {
      stopped = true;
      options.powerMonitor.removeListener('resume', onResume);
      stopPolling();
      stopInterval();
    },
  };
}
