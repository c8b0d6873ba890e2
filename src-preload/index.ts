// The preload: exposes the narrow, typed bridge to the window and nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import {
  COMMAND_NAMES,
  IPC_DROP_ON_LEAVE_CHANNEL,
  IPC_EVENTS_CHANNEL,
  IPC_SAVED_CHANNEL,
  IPC_SAVE_NOW_CHANNEL,
  ipcChannel,
} from './bridge';
import type { BridgeEvent, BridgeResult, OutpostBridge } from './bridge';

const knownCommands = new Set<string>(COMMAND_NAMES);

const bridge: OutpostBridge = {
  invoke(command, payload) {
    if (!knownCommands.has(command)) {
      return Promise.resolve({
        ok: false,
        error: { code: 'unknown_command', message: `Unknown command: ${String(command)}` },
      } as BridgeResult<never>);
    }
    return ipcRenderer.invoke(ipcChannel(command), payload) as Promise<never>;
  },
  subscribe(listener) {
    const relay = (_event: IpcRendererEvent, events: unknown) => {
      if (!Array.isArray(events)) return;
      for (const event of events as BridgeEvent[]) listener(event);
    };
    ipcRenderer.on(IPC_EVENTS_CHANNEL, relay);
    return () => {
      ipcRenderer.removeListener(IPC_EVENTS_CHANNEL, relay);
    };
  },
  dropOnLeave(postId) {
    // One way, from the window's beforeunload: it reaches the main process before the window's
    // answer to closing does (both on the frame's one ordered channel), and the main process
    // hands it to the core whatever becomes of the window. An invoke's answer would never be
    // read; a sendSync would hold the closing window on the main process, and for good if
    // nothing answered it (a quit unbinds the IPC before the window closes). One lost in a quit
    // is dropped as the core closes (windowCoreClosing).
    ipcRenderer.send(IPC_DROP_ON_LEAVE_CHANNEL, { id: postId });
  },
  onSaveNow(listener) {
    // Answered whatever the save came to, so the quit does not wait out its whole grace: with
    // the texts still not saved, which the quit asks about; after a failure it cannot count,
    // with none (the window's own messages say what failed).
    const relay = (_event: IpcRendererEvent, ask: unknown) => {
      void Promise.resolve()
        .then(listener)
        .catch(() => 0)
        .then((notSaved) => ipcRenderer.send(IPC_SAVED_CHANNEL, { ask, notSaved }));
    };
    ipcRenderer.on(IPC_SAVE_NOW_CHANNEL, relay);
    return () => {
      ipcRenderer.removeListener(IPC_SAVE_NOW_CHANNEL, relay);
    };
  },
};

contextBridge.exposeInMainWorld('outpost', bridge);
