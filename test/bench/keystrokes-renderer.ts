// The window's stand-in for the desktop keystrokes part, on a worker thread of its own (as the
// renderer is a process of its own): the bridge the preload gives the window, over the port
// keystrokes-desktop-child.ts hands it. A call goes down the port on its command's IPC channel
// and waits for its answer; events come up the same port.
import { workerData, type MessagePort } from 'node:worker_threads';
import { COMMAND_NAMES, ipcChannel, type BridgeEvent, type OutpostBridge } from '@preload/bridge';
import { typeThroughFirstPull, type FirstPullTypingInput } from './lib/first-pull-typing';
import type { FromWindow, ToWindow } from './keystrokes-desktop-child';

const { port, input } = workerData as { port: MessagePort; input: FirstPullTypingInput };
const known = new Set<string>(COMMAND_NAMES);
const waiting = new Map<number, (result: unknown) => void>();
const listeners = new Set<(event: BridgeEvent) => void>();
let nextId = 0;

port.on('message', (message: ToWindow) => {
  if (message.kind === 'events')
    for (const event of message.events) for (const listener of listeners) listener(event);
  else {
    waiting.get(message.id)?.(message.result);
    waiting.delete(message.id);
  }
});

function ask(message: (id: number) => FromWindow): Promise<unknown> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    port.postMessage(message(id));
  });
}

// As src-preload/index.ts: a known command goes to its own channel.
const bridge: OutpostBridge = {
  invoke(command, payload) {
    if (!known.has(command)) throw new Error(`unknown command ${command}`);
    return ask((id) => ({ kind: 'invoke', id, channel: ipcChannel(command), payload })) as never;
  },
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

try {
  const typing = await typeThroughFirstPull(bridge, input, {
    pullStarting: async () => void (await ask((id) => ({ kind: 'mark', id, mark: 'pullStarting' }))),
    pullEnded: async () => void (await ask((id) => ({ kind: 'mark', id, mark: 'pullEnded' }))),
  });
  port.postMessage({ kind: 'done', typing } satisfies FromWindow);
} catch (error) {
  port.postMessage({
    kind: 'failed',
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  } satisfies FromWindow);
}
