// Instants in words. The core does not know the zone of whoever reads its words (the browser
// host's machine may run on UTC while its window is in Berlin), so a time in a label, a reason or
// an error is written as an instant, and whoever shows the text (the window, the CLI) writes it
// in its own zone and language with `showInstants`.

import { clockFormat, LOCALE_CLOCK, type ClockPreferences } from './clock';

const OPEN = '⟦';
const CLOSE = '⟧';
const MARKED = /⟦([0-9][0-9T:.+\-Z]{9,34})⟧/g;

/** An instant inside words, for the reader to write in its zone: `⟦2026-11-30T09:00:00.000Z⟧`. */
export function instant(iso: string): string {
  return `${OPEN}${iso}${CLOSE}`;
}

const WHEN: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };

/**
 * "Tue 3 Mar, 14:00" (en-GB), "Tue, Mar 3, 2:00 PM" (en-US): in this runtime's zone and
 * language, on the reader's clock.
 */
export function formatWhen(iso: string, preferences: ClockPreferences = LOCALE_CLOCK): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : clockFormat(preferences, WHEN).format(ms);
}

/** The words with each instant in them written for this reader (by default its zone and language). */
export function showInstants(text: string, format: (iso: string) => string = formatWhen): string {
  return text.includes(OPEN) ? text.replace(MARKED, (_marked, iso: string) => format(iso)) : text;
}
