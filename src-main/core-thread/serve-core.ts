// The core's thread, once its entry (worker.ts) has started the early check: it makes the core
// from the plain options it was given as soon as the host's `begin` says where its tokens live
// (the host starts this thread before its keychain has answered), with a secret store that asks
// the host for the token, and then answers the host's messages: commands, syncs, the network's
// state, the close.
// The core's events go to the host in one message per turn of this thread: a first pull emits
// one for every post and variant it stores, and a message for each would keep the host's thread
// (the one that answers the window) busy receiving them and writing them out one at a time.
import { parentPort, workerData } from 'node:worker_threads';
import type { BridgeEvent } from '@preload/bridge';
import { createAppCore } from '../core/app/create-app-core';
import type { AppCore } from '../core/ports';
import type { EarlyCheck } from '../core/store/recovery/quick-check';
import { createConsoleLogger } from '../shared/console-logger';
import { CommandCount } from './command-count';
import { coreThreadOptionsSchema, toCoreSchema, type FromCore, type ToCore } from './messages';
import { PortSecretStore } from './port-secrets';
import { ThreadWire } from './thread-wire';
import { messageOf } from '../core/error-message';

if (parentPort === null) throw new Error('The core thread runs as a worker thread, not as a program.');
const port = parentPort;
/** The events the core emitted since the last were sent. */
let events: BridgeEvent[] = [];
function sendEvents(): void {
  if (events.length === 0) return;
  port.postMessage({ kind: 'events', events } satisfies FromCore);
  events = [];
}
function emitted(event: BridgeEvent): void {
  if (events.length === 0) setImmediate(sendEvents);
  events.push(event);
}
/** Every other message goes after the events emitted before it: an answer never overtakes them. */
const send = (message: FromCore): void => {
  sendEvents();
  port.postMessage(message);
};
const options = coreThreadOptionsSchema.parse(workerData);
const commands = new CommandCount(options.commandCount);
let wire: ThreadWire;
/** Made on the host's `begin`: the host's own store answers every question asked of it. */
let secrets: PortSecretStore | null = null;
/** Set once open: until then only `begin` and secret answers are taken up. */
let core: AppCore | null = null;
/** A close asked while the core was opening: done as soon as it is open. */
let closeOnceOpen: Extract<ToCore, { kind: 'close' }> | null = null;

async function handle(opened: AppCore, message: ToCore): Promise<void> {
  switch (message.kind) {
    case 'invoke':
      // The core checks the name and the payload against the command's schema itself.
      send({
        kind: 'answer',
        id: message.id,
        result: await opened.invoke(message.command as never, message.payload),
      });
      return;
    case 'syncNow':
      try {
        send({ kind: 'synced', id: message.id, status: await opened.syncNow(message.trigger) });
      } catch (error) {
        send({ kind: 'syncFailed', id: message.id, message: messageOf(error) });
      }
      return;
    case 'setOnline':
      opened.setOnline(message.online);
      return;
    case 'close':
      await opened.close(message.graceMs);
      await wire.close();
      send({ kind: 'closed' });
      port.close();
      return;
    case 'secretAnswer':
    case 'begin':
      return; // taken up as they arrive (start): a second `begin` changes nothing
  }
}

/**
 * Serves the host: `wireWorkerFile` is the wire's thread's script (the service's requests go out
 * on a thread of their own: wire-worker.ts), `earlyCheck` the quick check already under way.
 */
export function serveCore(wireWorkerFile: string, earlyCheck: EarlyCheck | null): void {
  wire = new ThreadWire(wireWorkerFile, {
    onNoThread: (error) =>
      console.warn(
        `Outpost: the wire's thread did not start; requests go from the core's thread (${messageOf(error)}).`,
      ),
  });
  start(earlyCheck);
}

function start(earlyCheck: EarlyCheck | null): void {
  // Secret answers arrive while the core opens (it may read the token then): listen first.
  // Messages posted before this listener (the host's `begin`, sent as soon as it knows where its
  // tokens live) wait in the port until it is added.
  port.on('message', (raw: unknown) => {
    // Taken up as it arrives, whatever follows: the host counted every invoke it posted.
    if ((raw as { kind?: unknown } | null)?.kind === 'invoke') commands.takenUp();
    const parsed = toCoreSchema.safeParse(raw);
    if (!parsed.success) return; // the host only sends what the schema holds: anything else is dropped
    const message = parsed.data;
    if (message.kind === 'begin' && secrets === null) {
      secrets = new PortSecretStore(message.secretsKind, send);
      void open(secrets, message.secretsMessage, earlyCheck);
    } else if (message.kind === 'secretAnswer') secrets?.answered(message);
    else if (core !== null) void handle(core, message);
    else if (message.kind === 'close') {
      // Before `begin` nothing was opened, so the thread ends; while the core opens, it is
      // closed as soon as it is open.
      if (secrets === null) port.close();
      else closeOnceOpen = message;
    }
  });
}

/** Opens the core once the host has said where its tokens live; the thread ends if it cannot. */
async function open(
  store: PortSecretStore,
  secretsMessage: string | null,
  earlyCheck: EarlyCheck | null,
): Promise<void> {
  let opened: AppCore;
  try {
    opened = await createAppCore({
      dataDir: options.dataDir,
      host: options.host,
      version: options.version,
      secrets: store,
      secretsMessage,
      syncLease: options.syncLease,
      commandsWaiting: () => commands.waiting(),
      wire: wire.send,
      ...(options.logPrefix !== undefined ? { logger: createConsoleLogger(options.logPrefix) } : {}),
      ...(options.syncIntervalMs !== undefined ? { syncIntervalMs: options.syncIntervalMs } : {}),
      ...(options.syncAfterChangeMs !== undefined ? { syncAfterChangeMs: options.syncAfterChangeMs } : {}),
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      ...(options.requestTimeoutMs !== undefined ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
      ...(options.nativeBinding !== undefined ? { nativeBinding: options.nativeBinding } : {}),
      ...(earlyCheck !== null ? { earlyCheck } : {}),
    });
  } catch (error) {
    send({ kind: 'startFailed', message: messageOf(error) });
    port.close();
    return;
  }
  core = opened;
  opened.subscribe(emitted);
  send({ kind: 'ready', status: opened.status() });
  if (closeOnceOpen !== null) void handle(opened, closeOnceOpen);
}
