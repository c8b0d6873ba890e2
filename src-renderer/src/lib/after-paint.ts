// Resolves once the browser has painted the current frame: work started then (the rest of a
// list, rows below the fold) no longer delays what the user sees first.
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    // No frames outside a page (unit tests in Node): the next task is as late as it gets.
    if (typeof requestAnimationFrame !== 'function') return void setTimeout(resolve, 0);
    // A frame callback runs just before the paint; a task queued from it runs after.
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
