// The window's script in two parts: what the first screen needs (the shell, the post list, the
// editor's frame) and the rest (a variant's panel with its counters and previews, the other
// views), loaded once the first rows are painted. Evaluating the whole script held the first
// paint back; a view opened before its part arrived waits for it, a few milliseconds locally.
// Each part is declared where it is used (the window's views, the editor's panels).
import type { Component } from 'svelte';

/** A component loaded on first use; a failed load is tried again the next time it is asked for. */
export type LazyView<Props extends Record<string, unknown>> = () => Promise<Component<Props>>;

export function lazy<Props extends Record<string, unknown>>(
  load: () => Promise<{ default: Component<Props> }>,
): LazyView<Props> {
  let loading: Promise<Component<Props>> | null = null;
  return () => {
    loading ??= load().then(
      (module) => module.default,
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
}

/** Loads these views in the background, so a click later finds them ready. Failures wait for use. */
export function prefetch(views: ReadonlyArray<() => Promise<unknown>>): void {
  for (const load of views) load().catch(() => undefined);
}

/** What the window shows where a view's part could not be loaded. */
export function viewLoadFailed(error: unknown): string {
  const why = error instanceof Error ? error.message : String(error);
  return `This part of Outpost could not be loaded (${why}). Reload the window or restart Outpost to try again.`;
}
