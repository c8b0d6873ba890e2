// What to say of anything caught: an Error's own message, or the thing itself in words (a
// rejected promise may carry a string, a worker may post anything).

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
