// The preload: exposes the narrow, typed bridge to the window and nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import { COMMAND_NAMES, IPC_EVENTS_CHANNEL, ipcChannel } from './bridge';
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
};

contextBridge.exposeInMainWorld('outpost', bridge);
