// When the desktop app asks the core to sync: at start, on window focus, when the network comes
// back, on resume from sleep, and on an interval. The core runs one sync at a time (a trigger
// during a sync joins it), so triggers only need to avoid hammering, not to coordinate.
import type { AppCore, Logger } from './core/ports';

export type SyncTriggerReason = 'start' | 'focus' | 'online' | 'resume' | 'interval' | 'user';

export interface PowerEvents {
  on(event: 'resume', listener: () => void): unknown;
  removeListener(event: 'resume', listener: () => void): unknown;
}

export interface Timers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  now(): number;
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
  timers?: Timers;
}

export interface SyncTriggers {
  /** The window gained focus. */
  focus(): void;
  /** Sync now because the user asked (tray or menu). */
  user(): void;
  stop(): void;
}

const realTimers: Timers = {
  setInterval: (fn, ms) => {
    const handle = setInterval(fn, ms);
    handle.unref();
    return handle;
  },
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  now: () => Date.now(),
};

export function startSyncTriggers(options: SyncTriggerOptions): SyncTriggers {
  const { core, logger } = options;
  const timers = options.timers ?? realTimers;
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
  const onlineTimer = timers.setInterval(pollOnline, options.onlinePollMs ?? 5_000);
  const intervalTimer = timers.setInterval(() => sync('interval'), options.intervalMs ?? 5 * 60_000);

  return {
    focus() {
      const now = timers.now();
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
      timers.clearInterval(onlineTimer);
      timers.clearInterval(intervalTimer);
    },
  };
}
