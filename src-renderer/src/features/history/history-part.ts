// The History panel in its own part of the script, loaded when a text's history is opened.
import { lazy } from '../../lib/lazy-views';

export const historyPart = lazy(() => import('./HistoryPanel.svelte'));
