// The only file that touches `window.outpost`. In Electron the preload provides the bridge;
// in a plain browser (the browser host, used in development and end-to-end tests) the same
// contract runs over HTTP, authorised by the session token this tab traded its one-time code for.
import type {
  BridgeErrorCode,
  BridgeErrorInfo,
  BridgeEvent,
  CommandName,
  CommandPayload,
  CommandResult,
  OutpostBridge,
} from '@preload/bridge';
import { showInstants } from '@preload/words/instants';
import { windowWhen } from './clock.svelte';
import { NOT_CONNECTED, createHttpBridge } from './http-bridge';
import { openHostSession } from './host-token';

/**
 * A failed command: `message` is the core's own sentence (the service's words where they came
 * from there), its instants written in the window's zone.
 */
export class BridgeError extends Error {
  readonly code: BridgeErrorCode;
  constructor(info: BridgeErrorInfo) {
    super(showInstants(info.message, windowWhen));
    this.name = 'BridgeError';
    this.code = info.code;
  }
}

declare global {
  interface Window {
    outpost?: OutpostBridge;
  }
}

let bridge: OutpostBridge | null = null;
// In the browser host, this tab's session token (null when it holds none); in Electron, unused.
let hostSession: Promise<string | null> | null = null;

function connect(): OutpostBridge {
  if (bridge) return bridge;
  if (window.outpost) {
    bridge = window.outpost;
    return bridge;
  }
  hostSession = openHostSession({
    href: window.location.href,
    storage: window.sessionStorage,
    replaceUrl: (url) => window.history.replaceState(window.history.state, '', url),
    fetch: window.fetch.bind(window),
  });
  bridge = createHttpBridge(hostSession);
  return bridge;
}

/** Connects early so a one-time code leaves the address bar before anything renders. */
export function initBridge(): void {
  connect();
}

/** Null when the bridge can be used; otherwise what to tell the person (no browser host session). */
export async function bridgeProblem(): Promise<string | null> {
  connect();
  if (hostSession === null) return null;
  return (await hostSession) === null ? NOT_CONNECTED : null;
}

type PayloadArgs<C extends CommandName> = CommandPayload<C> extends void ? [] : [CommandPayload<C>];

/** Runs a command and unwraps the envelope: the value, or a thrown `BridgeError`. */
export async function invoke<C extends CommandName>(
  command: C,
  ...args: PayloadArgs<C>
): Promise<CommandResult<C>> {
  const payload = args[0] as CommandPayload<C>;
  let result;
  try {
    result = await connect().invoke(command, payload);
  } catch (error) {
    if (error instanceof BridgeError) throw error;
    // The transport itself failed (the browser host stopped, for instance).
    throw new BridgeError({
      code: 'internal',
      message: `Outpost could not reach its own core: ${(error as Error).message || String(error)}`,
    });
  }
  if (!result.ok) throw new BridgeError(result.error);
  return result.value;
}

export function subscribe(listener: (event: BridgeEvent) => void): () => void {
  return connect().subscribe(listener);
}

/**
 * The window is going: the post New post made, still empty, goes, asked by the host's message
 * that outlives the page (see OutpostBridge.dropOnLeave).
 */
export function dropOnLeave(postId: string): void {
  const host = connect();
  if (host.dropOnLeave) host.dropOnLeave(postId);
  else invoke('posts.dropIfUntouched', { id: postId }).catch(() => undefined);
}

/** Saves what is typed when the app quits (see OutpostBridge.onSaveNow); the browser host has no such quit. */
export function onSaveNow(listener: () => Promise<number>): () => void {
  return connect().onSaveNow?.(listener) ?? (() => undefined);
}

/** Hears when events may have been missed (see OutpostBridge.onEventsResumed). */
export function onEventsResumed(listener: () => void): () => void {
  return connect().onEventsResumed?.(listener) ?? (() => undefined);
}

/** The message to show for anything caught: never a bare "Error". */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  const text = String(error);
  return text && text !== '[object Object]' ? text : 'Something went wrong, with no further detail.';
}
