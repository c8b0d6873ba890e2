// The browser host's client: the same OutpostBridge as the Electron preload, over HTTP
// (`POST /bridge/invoke/<command>`) and server-sent events (`GET /bridge/events`, host-events.ts).
// Every call carries a credential in the X-Outpost-Token header: a page's session token
// (host-token.ts) or, for a script in Node, the host's launch token. Nothing relies on cookies.
// The host's side is src-main/browser-host/routes.ts. What an answer means is worked out by pure
// functions (`commandRequest`, `envelopeFrom`); the rest only sends and reads.
import { COMMAND_NAMES } from '@preload/bridge';
import type { BridgeResult, OutpostBridge } from '@preload/bridge';
import { HostEvents } from './host-events';
import { hostLink, type HostLink } from './host-link';

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
const LOST_CONTACT = 'Lost contact with the Outpost browser host. Is it still running?';
const UNREADABLE = 'The Outpost browser host sent an unreadable answer.';

const knownCommands = new Set<string>(COMMAND_NAMES);

/** What came back for a command, before it is read as an envelope. */
export type HostAnswer =
  | { kind: 'unreachable' }
  | { kind: 'no credential' }
  | { kind: 'refused'; status: number }
  | { kind: 'unreadable' }
  | { kind: 'body'; body: unknown };

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

/** The request for a command, or the refusal of a command the contract does not name (never sent). */
export function commandRequest(
  command: string,
  payload: unknown,
): { path: string; body: string } | BridgeResult<never> {
  if (!knownCommands.has(command))
    return { ok: false, error: { code: 'unknown_command', message: `Unknown command: ${command}` } };
  return {
    path: `/bridge/invoke/${encodeURIComponent(command)}`,
    body: payload === undefined ? '' : JSON.stringify(payload),
  };
}

/** The envelope an answer carries, or a failure that says in plain words why there is none. */
export function envelopeFrom(answer: HostAnswer): BridgeResult<unknown> {
  switch (answer.kind) {
    case 'unreachable':
      return failure(LOST_CONTACT);
    case 'no credential':
      return failure(NOT_CONNECTED);
    case 'refused':
      return failure(
        answer.status === 401 ? NOT_CONNECTED : `The Outpost browser host answered ${answer.status}.`,
      );
    case 'unreadable':
      return failure(UNREADABLE);
    case 'body':
      return isEnvelope(answer.body) ? answer.body : failure(UNREADABLE);
  }
}

/** Sends a command's request and reads what comes back. */
async function ask(host: HostLink, path: string, body: string): Promise<HostAnswer> {
  let response: Response | null;
  try {
    response = await host.post(path, body);
  } catch {
    return { kind: 'unreachable' };
  }
  if (response === null) return { kind: 'no credential' };
  if (!response.ok) return { kind: 'refused', status: response.status };
  try {
    return { kind: 'body', body: await response.json() };
  } catch {
    return { kind: 'unreadable' };
  }
}

/**
 * `credential`: the token to send, or a promise of it (a page's session, traded as it loads);
 * null means the page holds none, and every call answers NOT_CONNECTED without a request.
 */
export function createHttpBridge(
  credential: string | Promise<string | null>,
  options: HttpBridgeOptions = {},
): OutpostBridge {
  const host = hostLink(credential, options);
  const events = new HostEvents(host, {
    EventSource: options.EventSource ?? globalThis.EventSource,
    firstReconnectMs: options.reconnectMs ?? 1_000,
  });
  return {
    async invoke(command, payload) {
      const request = commandRequest(String(command), payload);
      if ('ok' in request) return request;
      return envelopeFrom(await ask(host, request.path, request.body)) as never;
    },
    subscribe: (listener) => events.subscribe(listener),
    onEventsResumed: (listener) => events.onResumed(listener),
    dropOnLeave(postId) {
      const request = commandRequest('posts.dropIfUntouched', { id: postId });
      if (!('ok' in request)) host.postOnLeave(request.path, request.body);
    },
  };
}
