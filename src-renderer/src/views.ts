// The window's views besides the post list, each in its own part of the script, loaded on
// first use; every part (these and the editor's panels) is fetched in the background once the
// first screen is painted.
import { variantPanelPart } from './features/editor/variant-panel-part';
import { historyPart } from './features/history/history-part';
import { lazy, prefetch } from './lib/lazy-views';

export const views = {
  calendar: lazy(() => import('./features/calendar/Calendar.svelte')),
  queue: lazy(() => import('./features/queue/Queue.svelte')),
  outbox: lazy(() => import('./features/sync/OutboxView.svelte')),
  skills: lazy(() => import('./features/skills/Skills.svelte')),
  settings: lazy(() => import('./features/settings/Settings.svelte')),
  importPosts: lazy(() => import('./features/import/ImportView.svelte')),
};

/** Loads every view and panel in the background, so a click later finds it ready. */
export function prefetchViews(): void {
  prefetch([...Object.values(views), variantPanelPart, historyPart]);
}
