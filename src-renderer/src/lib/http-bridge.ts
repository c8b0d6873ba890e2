// The browser host's client: the same OutpostBridge as the Electron preload, over HTTP
// (`POST /bridge/invoke/<command>`) and server-sent events (`GET /bridge/events`). Every call
// carries a credential in the X-Outpost-Token header: a page's session token (host-token.ts) or,
// for a script in Node, the host's launch token. EventSource cannot send headers, so the event
// stream opens with a single-use ticket bought with that header, and a fresh one after every drop.
// Nothing relies on cookies. See src-main/browser-host/routes.ts.
import { COMMAND_NAMES } from '@preload/bridge';
import type { BridgeEvent, BridgeResult, OutpostBridge } from '@preload/bridge';

export interface HttpBridgeOptions {
  /** Where the host listens; default '' (the page's own origin). Tests in Node pass an absolute address. */
  baseUrl?: string;
  fetch?: typeof fetch;
  EventSource?: typeof EventSource;
  /** Wait before reopening a dropped event stream; doubles on each failure up to 30 s. */
  reconnectMs?: number;
}

/** What the page says when the host does not know it: how to get a working address. */
export const NOT_CONNECTED =
  'This page is not connected to the Outpost browser host. Open the address it printed (each address opens the app once, in one tab); restarting the host prints a new one.';

const knownCommands = new Set<string>(COMMAND_NAMES);
const MAX_RECONNECT_MS = 30_000;

function failure(message: string): BridgeResult<never> {
  return { ok: false, error: { code: 'internal', message } };
}

function isEnvelope(value: unknown): value is BridgeResult<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const ok = (value as { ok?: unknown }).ok;
  if (ok === true) return 'value' in value;
  if (ok === false) {
    const error = (value as { error?: unknown }).error;
    return (
      typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    );
  }
  return false;
}

/**
 * `credential`: the token to send, or a promise of it (a page's session, traded as it loads);
 * null means the page holds none, and every call answers NOT_CONNECTED without a request.
 */
export function createHttpBridge(
  credential: string | Promise<string | null>,
  options: HttpBridgeOptions = {},
): OutpostBridge {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const EventSourceImpl = options.EventSource ?? globalThis.EventSource;
  const firstReconnectMs = options.reconnectMs ?? 1_000;
  const token = Promise.resolve(credential);
  const listeners = new Set<(event: BridgeEvent) => void>();
  let source: EventSource | null = null;
  let opening = false;
  let reconnectMs = firstReconnectMs;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  /** POSTs with the credential; null when the page holds none. */
  async function post(path: string, body: string): Promise<Response | null> {
    const value = await token;
    if (value === null) return null;
    return doFetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Outpost-Token': value },
      // No cookie is needed, and none that another port planted is sent.
      credentials: 'omit',
      body,
    });
  }

  async function ticket(): Promise<string | null> {
    try {
      const response = await post('/bridge/ticket', '');
      if (response === null || !response.ok) return null;
      const body = (await response.json()) as { ticket?: unknown };
      return typeof body.ticket === 'string' ? body.ticket : null;
    } catch {
      return null;
    }
  }

  function scheduleReopen(): void {
    if (reconnectTimer !== null || listeners.size === 0) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void openEvents();
    }, reconnectMs);
    reconnectMs = Math.min(reconnectMs * 2, MAX_RECONNECT_MS);
  }

  async function openEvents(): Promise<void> {
    if (source !== null || opening || listeners.size === 0) return;
    opening = true;
    // Without a credential no stream will ever open: the calls say NOT_CONNECTED instead.
    const pass = (await token) === null ? undefined : await ticket();
    opening = false;
    // Everyone unsubscribed meanwhile: the unused ticket just expires.
    if (pass === undefined || listeners.size === 0) return;
    if (pass === null) return scheduleReopen();
    const opened = new EventSourceImpl(`${baseUrl}/bridge/events?ticket=${encodeURIComponent(pass)}`);
    source = opened;
    opened.onopen = () => {
      reconnectMs = firstReconnectMs;
    };
    // Typed structurally: the DOM's MessageEvent is generic, Node's (in the contract test) is not.
    opened.onmessage = (message: { data: unknown }) => {
      let event: BridgeEvent;
      try {
        event = JSON.parse(String(message.data)) as BridgeEvent;
      } catch {
        return;
      }
      for (const listener of [...listeners]) listener(event);
    };
    // EventSource would reconnect with the same, now spent, ticket: reopen with a fresh one.
    opened.onerror = () => {
      if (source !== opened) return;
      opened.close();
      source = null;
      scheduleReopen();
    };
  }

  function closeEvents(): void {
    if (reconnectTimer !== null) clearTimeout(reconnectTimer);
    reconnectTimer = null;
    reconnectMs = firstReconnectMs;
    source?.close();
    source = null;
  }

  return {
    async invoke(command, payload) {
      if (!knownCommands.has(command)) {
        return {
          ok: false,
          error: { code: 'unknown_command', message: `Unknown command: ${String(command)}` },
        };
      }
      let response: Response | null;
      try {
        response = await post(
          `/bridge/invoke/${encodeURIComponent(command)}`,
          payload === undefined ? '' : JSON.stringify(payload),
        );
      } catch {
        return failure('Lost contact with the Outpost browser host. Is it still running?');
      }
      if (response === null || response.status === 401) return failure(NOT_CONNECTED);
      if (!response.ok) return failure(`The Outpost browser host answered ${response.status}.`);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        return failure('The Outpost browser host sent an unreadable answer.');
      }
      if (!isEnvelope(body)) return failure('The Outpost browser host sent an unreadable answer.');
      return body as never;
    },
    subscribe(listener) {
      listeners.add(listener);
      void openEvents();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) closeEvents();
      };
    },
  };
}
