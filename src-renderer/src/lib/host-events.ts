// The browser host's events for the page (`GET /bridge/events`, server-sent). EventSource cannot
// send headers, so the stream opens with a single-use ticket bought with the credential, and a
// fresh one after every drop, waiting longer after each failure. The stream is open while
// anyone listens. What the core sent while it was down is lost: once it opens again after a drop,
// `onResumed` listeners hear of it, to read again what they show.
import type { BridgeEvent } from '@preload/bridge';
import type { HostLink } from './host-link';

const MAX_RECONNECT_MS = 30_000;

/** The wait before the next reopen: doubled after each failure, up to 30 s. */
export function nextReconnectMs(ms: number): number {
  return Math.min(ms * 2, MAX_RECONNECT_MS);
}

/**
 * The events of one message: the host sends a JSON list of them per turn of its thread
 * (src-main/browser-host/event-streams.ts). A message that is not a list carries none.
 */
export function parseEvents(data: unknown): BridgeEvent[] {
  try {
    const events = JSON.parse(String(data)) as unknown;
    return Array.isArray(events) ? (events as BridgeEvent[]) : [];
  } catch {
    return [];
  }
}

export class HostEvents {
  private readonly listeners = new Set<(event: BridgeEvent) => void>();
  private readonly resumedListeners = new Set<() => void>();
  /** The stream dropped since it last opened: its next open follows a gap. */
  private dropped = false;
  private source: EventSource | null = null;
  private opening = false;
  private reconnectMs: number;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly host: HostLink,
    private readonly options: { EventSource: typeof EventSource; firstReconnectMs: number },
  ) {
    this.reconnectMs = options.firstReconnectMs;
  }

  /** Listens until the function it answers is called; the last one to go closes the stream. */
  subscribe(listener: (event: BridgeEvent) => void): () => void {
    this.listeners.add(listener);
    void this.open();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.close();
    };
  }

  /** Hears of each reopening after a drop; returns the function that removes the listener. */
  onResumed(listener: () => void): () => void {
    this.resumedListeners.add(listener);
    return () => this.resumedListeners.delete(listener);
  }

  /** A ticket for one stream; null when the host would not give one; undefined without a credential. */
  private async ticket(): Promise<string | null | undefined> {
    try {
      const response = await this.host.post('/bridge/ticket', '');
      // Without a credential no stream will ever open: the calls say NOT_CONNECTED instead.
      if (response === null) return undefined;
      if (!response.ok) return null;
      const body = (await response.json()) as { ticket?: unknown };
      return typeof body.ticket === 'string' ? body.ticket : null;
    } catch {
      return null;
    }
  }

  private async open(): Promise<void> {
    if (this.source !== null || this.opening || this.listeners.size === 0) return;
    this.opening = true;
    const pass = await this.ticket();
    this.opening = false;
    // Everyone unsubscribed meanwhile: the unused ticket just expires.
    if (pass === undefined || this.listeners.size === 0) return;
    if (pass === null) return this.reopenLater();
    this.listen(
      new this.options.EventSource(`${this.host.baseUrl}/bridge/events?ticket=${encodeURIComponent(pass)}`),
    );
  }

  private listen(opened: EventSource): void {
    this.source = opened;
    opened.onopen = () => {
      this.reconnectMs = this.options.firstReconnectMs;
      if (!this.dropped) return;
      this.dropped = false;
      for (const listener of [...this.resumedListeners]) listener();
    };
    // Typed structurally: the DOM's MessageEvent is generic, Node's (in the contract test) is not.
    opened.onmessage = (message: { data: unknown }) => {
      for (const event of parseEvents(message.data)) {
        for (const listener of [...this.listeners]) listener(event);
      }
    };
    // EventSource would reconnect with the same, now spent, ticket: reopen with a fresh one.
    opened.onerror = () => {
      if (this.source !== opened) return;
      opened.close();
      this.source = null;
      this.dropped = true;
      this.reopenLater();
    };
  }

  private reopenLater(): void {
    if (this.reconnectTimer !== null || this.listeners.size === 0) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.open();
    }, this.reconnectMs);
    this.reconnectMs = nextReconnectMs(this.reconnectMs);
  }

  private close(): void {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.reconnectMs = this.options.firstReconnectMs;
    this.source?.close();
    this.source = null;
  }
}
