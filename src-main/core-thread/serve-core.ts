// The core's thread, once its entry (worker.ts) has started the early check: it makes the core
// from the plain options it was given, with a secret store that asks the host for the token,
// and then answers the host's messages: commands, syncs, the network's state, the close.
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
const secrets = new PortSecretStore(options.secretsKind, send);
const commands = new CommandCount(options.commandCount);
let wire: ThreadWire;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function handle(core: AppCore, message: ToCore): Promise<void> {
  switch (message.kind) {
    case 'invoke':
      // The core checks the name and the payload against the command's schema itself.
      send({
        kind: 'answer',
        id: message.id,
        result: await core.invoke(message.command as never, message.payload),
      });
      return;
    case 'syncNow':
      try {
        send({ kind: 'synced', id: message.id, status: await core.syncNow(message.trigger) });
      } catch (error) {
        send({ kind: 'syncFailed', id: message.id, message: errorText(error) });
      }
      return;
    case 'setOnline':
      core.setOnline(message.online);
      return;
    case 'close':
      await core.close(message.graceMs);
      await wire.close();
      send({ kind: 'closed' });
      port.close();
      return;
    case 'secretAnswer':
      secrets.answered(message);
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
        `Outpost: the wire's thread did not start; requests go from the core's thread (${errorText(error)}).`,
      ),
  });
  void start(earlyCheck);
}

async function start(earlyCheck: EarlyCheck | null): Promise<void> {
  let core: AppCore | null = null;
  // Secret answers arrive while the core opens (it may read the token then): listen first.
  port.on('message', (raw: unknown) => {
    // Taken up as it arrives, whatever follows: the host counted every invoke it posted.
    if ((raw as { kind?: unknown } | null)?.kind === 'invoke') commands.takenUp();
    const parsed = toCoreSchema.safeParse(raw);
    if (!parsed.success) return; // the host only sends what the schema holds: anything else is dropped
    if (parsed.data.kind === 'secretAnswer') return secrets.answered(parsed.data);
    if (core !== null) void handle(core, parsed.data);
  });
  try {
    core = await createAppCore({
      dataDir: options.dataDir,
      host: options.host,
      version: options.version,
      secrets,
      secretsMessage: options.secretsMessage,
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
    send({ kind: 'startFailed', message: errorText(error) });
    port.close();
    return;
  }
  core.subscribe(emitted);
  send({ kind: 'ready', status: core.status() });
}
