// Whether the service itself is failing. Every answer the client gets is reported here; the sync
// engine takes what a sync saw at its end, so the status bar can say "The service is failing
// (503)" instead of a calm "Up to date" while the requests behind it are refused.

/** The last answer of a sync that was the service failing (5xx) or asking to slow down (429). */
export interface FailingAnswer {
  status: number;
  /** What its `Retry-After` asked for, if anything. */
  retryAfterMs: number | null;
}

export class AnswerWatch {
  #failing: FailingAnswer | null = null;

  /** Called by the client for every answer, whatever its status. */
  answered(status: number, retryAfterMs: number | null): void {
    if (status >= 500 || status === 429) this.#failing = { status, retryAfterMs };
  }

  /** The last failing answer since the previous call (null: none), and starts over. */
  take(): FailingAnswer | null {
    const failing = this.#failing;
    this.#failing = null;
    return failing;
  }
}
