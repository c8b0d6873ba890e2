// Quitting, in order: the window saves what is typed and not yet saved, then stop starting new
// work (sync triggers, the core's events, IPC), give a request in flight its grace and close the
// database, release the tray, and let the app go. Electron asks through `before-quit`, perhaps
// several times (the menu, the tray, the window closing); the steps run once, and every ask is
// held back until they are done. Whatever request is still open then is left to the core's
// unknown-outcome path at the next start.
import type { Logger } from '../core/ports';

/**
 * running -> saving (the window saves) -> closing (the other steps under way) -> closed (the next
 * quit goes through); saving -> running when the person keeps the app open rather than lose
 * texts that are not saved.
 */
export type QuitState = 'running' | 'saving' | 'closing' | 'closed';

export interface QuitSteps {
  /**
   * The window saves what it holds, with the IPC still bound; settles when saved or given up on.
   * Answers false when the person keeps the app open instead (texts that could not be saved).
   */
  saveWindow(): Promise<boolean>;
  /** Stops new work: sync triggers, the core's events, the IPC handlers. */
  stopWork(): void;
  /** Waits for a request in flight (up to its grace) and closes the core's database. */
  closeCore(): Promise<void>;
  /** Releases what outlived the core (the tray icon). */
  release(): void;
  /** Quits for real: `before-quit` comes once more and is let through. */
  exit(): void;
}

export interface QuitSequence {
  readonly state: QuitState;
  /** True from the first ask on: no window is opened then. */
  readonly quitting: boolean;
  /** True once the window has saved (or been given up on): a closing window goes then, not before. */
  readonly windowSaved: boolean;
  /** The `before-quit` handler. */
  onBeforeQuit(event: { preventDefault(): void }): void;
}

export function createQuitSequence(steps: QuitSteps, logger: Logger): QuitSequence {
  let state: QuitState = 'running';

  async function run(): Promise<void> {
    try {
      if (!(await steps.saveWindow())) {
        // Called off: the app goes on as before, and the next ask starts again.
        state = 'running';
        return;
      }
    } catch (error) {
      logger.warn('the window could not save before the quit', { error: String(error) });
    }
    state = 'closing';
    steps.stopWork();
    try {
      await steps.closeCore();
    } catch (error) {
      logger.error('closing the core failed', { error: String(error) });
    }
    steps.release();
    state = 'closed';
    steps.exit();
  }

  return {
    get state() {
      return state;
    },
    get quitting() {
      return state !== 'running';
    },
    get windowSaved() {
      return state === 'closing' || state === 'closed';
    },
    onBeforeQuit(event) {
      if (state === 'closed') return;
      event.preventDefault();
      if (state !== 'running') return;
      state = 'saving';
      void run();
    },
  };
}
