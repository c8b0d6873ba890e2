// Platform names and keys without the counters: the list and the views that only label a
// platform import this, so twitter-text (a third of the window's script) loads with the editor.
export * from '@preload/platforms';
