// The timings of typing, shared by the window (when it saves), the core (when a pause keeps a
// version) and the reliability run that types through the core as a person would.

/** The editor saves typed text this long after the last keystroke... */
export const SAVE_DELAY_MS = 300;
/** ...and at least this often while the typing goes on, so a crash takes less than a second. */
export const SAVE_AT_LEAST_EVERY_MS = 500;
/** Edits of a text that then rest this long are kept as a version of it ("typed here"). */
export const VERSION_PAUSE_MS = 3_000;

/**
 * How long to wait before saving, at `now`, text first left unsaved at `unsavedSince`: the
 * typing's pause, but never past SAVE_AT_LEAST_EVERY_MS after the first unsaved keystroke.
 */
export function saveDelay(now: number, unsavedSince: number): number {
  return Math.max(0, Math.min(SAVE_DELAY_MS, unsavedSince + SAVE_AT_LEAST_EVERY_MS - now));
}
