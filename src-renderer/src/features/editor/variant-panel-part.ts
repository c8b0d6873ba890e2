// A variant's panel (its counters and previews) in its own part of the script: the editor's
// frame shows at once, the panel follows.
import { lazy } from '../../lib/lazy-views';

export const variantPanelPart = lazy(() => import('./VariantPanel.svelte'));
