// A view that lists what the core holds reads it again when an item changes or a sync settles,
// at most once per burst (a pull can change thousands of items in a second).
import { subscribe } from './bridge';

const QUIET_MS = 120;

/** Subscribes; returns the function that stops listening (an onMount cleanup). */
export function reloadOnChange(load: () => Promise<void>): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = subscribe((event) => {
    if (event.name !== 'itemChanged' && !(event.name === 'syncStatus' && event.data.phase === 'idle')) return;
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void load();
    }, QUIET_MS);
  });
  return () => {
    if (timer) clearTimeout(timer);
    stop();
  };
}
