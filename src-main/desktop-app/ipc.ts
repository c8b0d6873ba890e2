// Binds the bridge contract to the core: one `ipcMain.handle` per command on its own channel,
// the sender checked (our window's main frame, on app://outpost), the payload checked to be
// plain data, then handed to `core.invoke`, which validates it against the command's zod schema.
// Besides them, one one-way message: the closing window's drop of an empty new post.
import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent, WebContents } from 'electron';
import { COMMAND_NAMES, IPC_DROP_ON_LEAVE_CHANNEL, IPC_EVENTS_CHANNEL, ipcChannel } from '@preload/bridge';
import type { BridgeEvent, BridgeResult } from '@preload/bridge';
import type { AppCore, Logger } from '../core/ports';
import { Batcher } from '../shared/batcher';
import { isPlainData } from '../shared/plain-data';
import { APP_HOST, APP_SCHEME } from './window';

export interface IpcBindings {
  /** Sends the window an event of the shell's own (a menu command), in order with the core's. */
  send: (event: BridgeEvent) => void;
  /** Removes every handler and the event forwarding. */
  dispose(): void;
}

/** A listener to a one-way message from the window. */
type OneWay = (event: IpcMainEvent, payload: unknown) => void;

/** What the window's IPC needs of the core. */
export type WindowCore = Pick<AppCore, 'invoke' | 'subscribe'>;

export interface BindIpcOptions {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'> & {
    on(channel: string, listener: OneWay): unknown;
    removeListener(channel: string, listener: OneWay): unknown;
  };
  core: WindowCore;
  /** The window's web contents, or null while there is none (then every call is refused). */
  getWebContents(): WebContents | null;
  logger: Logger;
  /** Development only (`npm run dev`): the renderer dev server's origin, trusted besides app://outpost. */
  devOrigin?: string | null;
}

/** The call must come from our window's top frame showing our own page: no iframe, no other page. */
export function isTrustedSender(
  event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>,
  contents: WebContents | null,
  devOrigin: string | null = null,
): boolean {
  if (contents === null || contents.isDestroyed() || event.sender !== contents) return false;
  const frame = event.senderFrame;
  const main = contents.mainFrame;
  if (!frame || frame.parent !== null) return false;
  // Electron hands out one WebFrameMain object per frame; the ids cover a re-wrapped one.
  const sameFrame =
    frame === main || (frame.processId === main.processId && frame.routingId === main.routingId);
  if (!sameFrame) return false;
  try {
    const url = new URL(frame.url);
    if (url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST) return true;
    return devOrigin !== null && url.origin === devOrigin;
  } catch {
    return false;
  }
}

export function bindIpc(options: BindIpcOptions): IpcBindings {
  const { ipcMain, core, logger } = options;
  const events = eventsToWindow(() => options.getWebContents());
  for (const command of COMMAND_NAMES) {
    ipcMain.handle(ipcChannel(command), async (event, payload: unknown): Promise<BridgeResult<unknown>> => {
      if (!isTrustedSender(event, options.getWebContents(), options.devOrigin ?? null)) {
        logger.warn('ipc: refused a call from an unexpected sender', { command });
        throw new Error('Refused: this sender may not use the Outpost bridge.');
      }
      if (!isPlainData(payload)) {
        return { ok: false, error: { code: 'invalid_payload', message: 'The payload must be plain data.' } };
      }
      try {
        const result = await core.invoke(command, payload);
        // The events the command emitted go before its answer, as they came from the core.
        events.flush();
        return result;
      } catch (error) {
        logger.error('ipc: core.invoke threw', { command, error: String(error) });
        return { ok: false, error: { code: 'internal', message: 'Outpost hit an internal error.' } };
      }
    });
  }
  const dropOnLeave = dropOnLeaveListener(options);
  ipcMain.on(IPC_DROP_ON_LEAVE_CHANNEL, dropOnLeave);
  const send = (event: BridgeEvent): void => events.add(event);
  const unsubscribe = core.subscribe(send);
  return {
    send,
    dispose() {
      unsubscribe();
      events.clear();
      for (const command of COMMAND_NAMES) ipcMain.removeHandler(ipcChannel(command));
      ipcMain.removeListener(IPC_DROP_ON_LEAVE_CHANNEL, dropOnLeave);
    },
  };
}

/**
 * The window, as it goes, leaves a new post with nothing in it (the preload's dropOnLeave): it is
 * handed to the core, which drops it only if it is still untouched, by then perhaps with the
 * window gone. Checked as a command is; nobody waits for its answer.
 */
function dropOnLeaveListener(options: BindIpcOptions): OneWay {
  const { core, logger } = options;
  return (event, payload) => {
    if (!isTrustedSender(event, options.getWebContents(), options.devOrigin ?? null)) {
      logger.warn('ipc: refused a message from an unexpected sender', { channel: IPC_DROP_ON_LEAVE_CHANNEL });
      return;
    }
    if (!isPlainData(payload)) return;
    core.invoke('posts.dropIfUntouched', payload).then(
      (result) => {
        // Gone already (deleted, or dropped as the window left it): nothing to say.
        if (!result.ok && result.error.code !== 'not_found')
          logger.warn('ipc: an empty new post was not dropped', { code: result.error.code });
      },
      (error: unknown) =>
        logger.error('ipc: core.invoke threw', { command: 'posts.dropIfUntouched', error: String(error) }),
    );
  };
}

/**
 * The core while it opens, for the window's IPC: the window loads its page meanwhile, its
 * commands wait for the core, and the core's events reach it from the moment it is open. A core
 * that cannot open answers each waiting command with an internal error (the app then says why and
 * quits).
 */
export function coreOnceOpen(opening: Promise<WindowCore>): WindowCore {
  return {
    invoke: async (command, payload) => (await opening).invoke(command, payload),
    subscribe: (listener) => {
      let unsubscribe: (() => void) | null = null;
      let stopped = false;
      opening.then(
        (core) => {
          if (!stopped) unsubscribe = core.subscribe(listener);
        },
        () => undefined,
      );
      return () => {
        stopped = true;
        unsubscribe?.();
      };
    },
  };
}

/**
 * The window's events, sent as one list per turn of the main process. A first pull emits an
 * event for every post and variant it stores (150,000 at 50,000 posts), and a message each kept
 * the main process and the window busy passing them along one at a time.
 */
function eventsToWindow(getWebContents: () => WebContents | null): Batcher<BridgeEvent> {
  return new Batcher<BridgeEvent>((events) => {
    const contents = getWebContents();
    if (contents !== null && !contents.isDestroyed()) contents.send(IPC_EVENTS_CHANNEL, events);
  });
}
