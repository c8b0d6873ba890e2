// The keystrokes part through the desktop app's path, without Electron (which cannot run here).
// This process's main thread stands for Electron's main process: it starts the core's thread
// with startDesktopCore (src-main/desktop-app/core-on-thread.ts, as the app does) and binds the
// app's own IPC handlers to it (bindIpc: the sender check, the plain-data check, core.invoke,
// the events forwarded to the window). The window is a worker thread (keystrokes-renderer.ts)
// that sends each call over a MessagePort, a message per call and its answer back, the shape
// of Electron's ipcRenderer.invoke; it types while the first pull runs. This process starts with
// the probe (lib/loop-delay-probe.ts), which measures this thread and the core's over the pull.
// Reports one JSON message to the parent.
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { ipcChannel, type BridgeEvent } from '@preload/bridge';
import { MemorySecretStore } from '../../src-main/core/secrets/memory-store';
import { startDesktopCore } from '../../src-main/desktop-app/core-on-thread';
import { bindIpc } from '../../src-main/desktop-app/ipc';
import { APP_HOST, APP_SCHEME } from '../../src-main/desktop-app/window';
import { applyV8MemorySettings } from '../../src-main/shared/v8-memory';
import { answerParent } from './lib/fork';
import type { FirstPullTyping, FirstPullTypingInput } from './lib/first-pull-typing';
import { probeThreads, type HostLoopDelays } from './lib/loop-delay';

export interface DesktopChildInput extends FirstPullTypingInput {
  dataDir: string;
  /** The window stand-in's bundle (keystrokes-renderer.ts). */
  rendererFile: string;
}

export interface DesktopChildResult {
  typing: FirstPullTyping;
  /** The main thread (the one that owns the core's thread) and the core's thread over the pull. */
  loopDelays: HostLoopDelays;
  /**
   * Of each keystroke's round trip, the part from its call reaching the main thread to the main
   * thread holding the core's answer: the IPC handler, the hop to the core's thread, the wait
   * there behind the pull's work, the save itself and the hop back.
   */
  coreTripMs: number[];
}

/** What crosses the window's port: calls and marks from it, answers and events to it. */
export type FromWindow =
  | { kind: 'invoke'; id: number; channel: string; payload: unknown }
  | { kind: 'mark'; id: number; mark: 'pullStarting' | 'pullEnded' }
  | { kind: 'done'; typing: FirstPullTyping }
  | { kind: 'failed'; error: string };
export type ToWindow =
  { kind: 'answer'; id: number; result: unknown } | { kind: 'events'; events: BridgeEvent[] };

type Handler = (event: IpcMainInvokeEvent, payload: unknown) => Promise<unknown>;

const KEYSTROKE_CHANNEL = ipcChannel('variants.update');
const quiet = { info() {}, warn() {}, error() {} };

/** The window as bindIpc sees it: its one main frame on the app's own page, its sends down the port. */
function windowContents(port: MessagePort): WebContents {
  const mainFrame = {
    parent: null,
    url: `${APP_SCHEME}://${APP_HOST}/index.html`,
    processId: 1,
    routingId: 1,
  };
  return {
    mainFrame,
    isDestroyed: () => false,
    send: (_channel: string, events: BridgeEvent[]) =>
      port.postMessage({ kind: 'events', events } satisfies ToWindow),
  } as unknown as WebContents;
}

async function run(input: DesktopChildInput): Promise<DesktopChildResult> {
  const core = await startDesktopCore(
    {
      dataDir: input.dataDir,
      version: 'bench',
      logger: quiet,
      nativeBinding: undefined,
      keytarBinding: undefined,
    },
    { store: new MemorySecretStore(), message: null },
  );
  const handlers = new Map<string, Handler>();
  const ipcMain = {
    handle: (channel: string, handler: Handler) => void handlers.set(channel, handler),
    removeHandler: (channel: string) => void handlers.delete(channel),
    // The closing window's one-way message: none comes in a measure of typing.
    on: () => undefined,
    removeListener: () => undefined,
  } as unknown as Pick<IpcMain, 'handle' | 'removeHandler' | 'on' | 'removeListener'>;
  const { port1: port, port2: windowPort } = new MessageChannel();
  const contents = windowContents(port);
  const bindings = bindIpc({ ipcMain, core, getWebContents: () => contents, logger: quiet });
  const sender = { sender: contents, senderFrame: contents.mainFrame } as unknown as IpcMainInvokeEvent;
  const threads = probeThreads();
  let loopDelays: HostLoopDelays | undefined;
  const coreTripMs: number[] = [];
  const worker = new Worker(input.rendererFile, {
    workerData: { port: windowPort, input },
    transferList: [windowPort],
    // Not Outpost's: neither its flags nor the probe.
    execArgv: [],
  });
  try {
    const typing = await new Promise<FirstPullTyping>((resolve, reject) => {
      worker.once('error', reject);
      port.on('message', (message: FromWindow) => {
        if (message.kind === 'invoke') {
          const handler = handlers.get(message.channel);
          if (!handler) return reject(new Error(`no handler for ${message.channel}`));
          const reached = performance.now();
          void handler(sender, message.payload).then((result) => {
            if (message.channel === KEYSTROKE_CHANNEL) coreTripMs.push(performance.now() - reached);
            port.postMessage({ kind: 'answer', id: message.id, result } satisfies ToWindow);
          });
        } else if (message.kind === 'mark') {
          const marked =
            message.mark === 'pullStarting'
              ? threads.start()
              : threads.stop().then((delays) => void (loopDelays = delays));
          void marked.then(
            () => port.postMessage({ kind: 'answer', id: message.id, result: null } satisfies ToWindow),
            reject,
          );
        } else if (message.kind === 'done') resolve(message.typing);
        else reject(new Error(message.error));
      });
    });
    if (loopDelays === undefined) throw new Error('the window never said the pull ended');
    return { typing, loopDelays, coreTripMs };
  } finally {
    port.close();
    await worker.terminate();
    bindings.dispose();
    await core.close();
  }
}

// The core's log lines (the app's console) are kept here, not printed over the bench's own
// output: the last few go with a failure.
const logTail: string[] = [];
process.stderr.write = (chunk: string | Uint8Array): boolean => {
  logTail.push(String(chunk));
  if (logTail.length > 20) logTail.shift();
  return true;
};

// As the desktop app's main process starts (src-main/index.ts).
applyV8MemorySettings();
const input = JSON.parse(process.env.BENCH_KEYSTROKES_INPUT ?? '{}') as DesktopChildInput;
await answerParent(async () => {
  try {
    return await run(input);
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${logTail.join('')}`, {
      cause: error,
    });
  }
});
