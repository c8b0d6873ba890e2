// Short times for chips and lists, in the user's zone and locale.

const SHORT = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const CLOCK = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** "24 Nov, 10:00" */
export function shortDateTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : SHORT.format(ms);
}

/** "10:00" */
export function clockTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : CLOCK.format(ms);
}
