// The browser host's client: the same OutpostBridge as the Electron preload, over HTTP
// (`POST /bridge/invoke/<command>`) and server-sent events (`GET /bridge/events`). In a page the
// host's HttpOnly cookie authorises both (token null); a script in Node passes the token, sent
// as a header and, for EventSource, which cannot send headers, in the query.
// See src-main/browser-host-server.ts.
import { COMMAND_NAMES } from '../../../src-preload/bridge';
import type { BridgeEvent, BridgeResult, OutpostBridge } from '../../../src-preload/bridge';

export interface HttpBridgeOptions {
  /** Where the host listens; default '' (the page's own origin). Tests in Node pass an absolute address. */
  baseUrl?: string;
  fetch?: typeof fetch;
  EventSource?: typeof EventSource;
}

const knownCommands = new Set<string>(COMMAND_NAMES);

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

export function createHttpBridge(token: string | null, options: HttpBridgeOptions = {}): OutpostBridge {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const EventSourceImpl = options.EventSource ?? globalThis.EventSource;
  const listeners = new Set<(event: BridgeEvent) => void>();
  let source: EventSource | null = null;

  function openEvents(): void {
    if (source !== null) return;
    const query = token === null ? '' : `?token=${encodeURIComponent(token)}`;
    source = new EventSourceImpl(`${baseUrl}/bridge/events${query}`);
    // Typed structurally: the DOM's MessageEvent is generic, Node's (in the contract test) is not.
    source.onmessage = (message: { data: unknown }) => {
      let event: BridgeEvent;
      try {
        event = JSON.parse(String(message.data)) as BridgeEvent;
      } catch {
        return;
      }
      for (const listener of [...listeners]) listener(event);
    };
    // EventSource reconnects by itself after a dropped connection; nothing to do on `error`.
  }

  function closeEvents(): void {
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
      let response: Response;
      try {
        response = await doFetch(`${baseUrl}/bridge/invoke/${encodeURIComponent(command)}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(token === null ? {} : { 'X-Outpost-Token': token }),
          },
          credentials: 'same-origin',
          body: payload === undefined ? '' : JSON.stringify(payload),
        });
      } catch {
        return failure('Lost contact with the Outpost browser host. Is it still running?');
      }
      if (response.status === 401) {
        return failure(
          'The Outpost browser host did not accept this page. Open a new link from it (each link works once; restarting the host prints one).',
        );
      }
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
      openEvents();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) closeEvents();
      };
    },
  };
}
