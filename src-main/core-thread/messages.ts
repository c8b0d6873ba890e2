// What crosses between the host's thread and the core's thread, checked with zod on arrival at
// either end: a message from the other side is input like any other. Command payloads are not
// checked here: the core checks each against its command's own schema, once, on its thread.
import { z } from 'zod';
import { COMMAND_NAMES, type BridgeEvent, type BridgeResult, type SyncStatus } from '@preload/bridge';
import { SYNC_TRIGGERS, type SyncTrigger } from '../core/ports';

const requestId = z.number().int().nonnegative();
const secretKind = z.enum(['keychain', 'memory', 'environment']);
const syncTrigger = z.enum(Object.keys(SYNC_TRIGGERS) as [SyncTrigger, ...SyncTrigger[]]);

/**
 * What the core's thread is started with: plain values (no functions, no token) and one shared
 * count. Where tokens are kept comes later, with `begin`.
 */
export const coreThreadOptionsSchema = z.strictObject({
  dataDir: z.string().min(1),
  host: z.enum(['electron', 'browser', 'cli']),
  version: z.string(),
  /** Lines of the core's log also go to stderr with this prefix (the host's console). */
  logPrefix: z.string().optional(),
  syncIntervalMs: z.union([z.number().positive(), z.literal(false)]).optional(),
  syncAfterChangeMs: z.union([z.number().nonnegative(), z.literal(false)]).optional(),
  concurrency: z.number().int().positive().optional(),
  requestTimeoutMs: z.number().positive().optional(),
  nativeBinding: z.string().optional(),
  /** This thread's core in the folder's sync lease, and the earlier threads' that died. */
  syncLease: z.strictObject({ me: z.string().min(1), gone: z.array(z.string()) }),
  /** The one value not copied but shared: the count of commands on their way (command-count.ts). */
  commandCount: z.instanceof(SharedArrayBuffer),
});
export type CoreThreadOptions = z.infer<typeof coreThreadOptionsSchema>;

/** The host's thread to the core's. */
export const toCoreSchema = z.discriminatedUnion('kind', [
  /**
   * The first message to every thread: where the host's secret store keeps tokens (the thread
   * asks it for each) and what the window is told about it. The core opens on it: a host may
   * start the thread before its keychain has answered.
   */
  z.strictObject({
    kind: z.literal('begin'),
    secretsKind: secretKind,
    secretsMessage: z.string().nullable(),
  }),
  z.strictObject({ kind: z.literal('invoke'), id: requestId, command: z.string(), payload: z.unknown() }),
  z.strictObject({ kind: z.literal('syncNow'), id: requestId, trigger: syncTrigger }),
  z.strictObject({ kind: z.literal('setOnline'), online: z.boolean() }),
  z.strictObject({ kind: z.literal('close'), graceMs: z.number().nonnegative() }),
  z.strictObject({
    kind: z.literal('secretAnswer'),
    id: requestId,
    ok: z.boolean(),
    value: z.string().nullable(),
    /** The store's kind now, and where the token for the account asked about lives. */
    storeKind: secretKind,
    accountKind: secretKind.nullable(),
    /** When not ok: the words, and whether it was the keychain refusing (the core falls back then). */
    message: z.string(),
    keychain: z.boolean(),
  }),
]);
export type ToCore = z.infer<typeof toCoreSchema>;

const bridgeError = z.strictObject({ code: z.string().min(1), message: z.string() });
const bridgeResult = z.union([
  z.strictObject({ ok: z.literal(true), value: z.unknown() }),
  z.strictObject({ ok: z.literal(false), error: bridgeError }),
]);
const eventNames = [
  'syncStatus',
  'itemChanged',
  'notification',
  'settingsChanged',
  'menuCommand',
  'undoable',
  'versionSaved',
  'dataStatus',
] as const satisfies readonly BridgeEvent['name'][];
const bridgeEvent = z.strictObject({ name: z.enum(eventNames), data: z.unknown() });
// The status is the core's own object, relayed whole: its two fields the host reads are checked.
const syncStatus = z.custom<SyncStatus>(
  (s) =>
    typeof s === 'object' &&
    s !== null &&
    typeof (s as SyncStatus).phase === 'string' &&
    typeof (s as SyncStatus).online === 'boolean',
  'not a sync status',
);

/** The core's thread to the host's. */
export const fromCoreSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('ready'), status: syncStatus }),
  z.strictObject({ kind: z.literal('startFailed'), message: z.string() }),
  z.strictObject({ kind: z.literal('answer'), id: requestId, result: bridgeResult }),
  z.strictObject({ kind: z.literal('synced'), id: requestId, status: syncStatus }),
  z.strictObject({ kind: z.literal('syncFailed'), id: requestId, message: z.string() }),
  /** The core's events of one turn of its thread, in the order emitted. */
  z.strictObject({ kind: z.literal('events'), events: z.array(bridgeEvent).min(1) }),
  z.strictObject({
    kind: z.literal('secret'),
    id: requestId,
    op: z.enum(['get', 'set', 'delete']),
    account: z.string(),
    secret: z.string().optional(),
    typedForAddress: z.boolean().optional(),
    /** On a `set`: the keychain refused, so keep tokens in memory from now on; the words why. */
    withoutKeychain: z.string().optional(),
  }),
  z.strictObject({ kind: z.literal('closed') }),
]);
export type FromCore = z.infer<typeof fromCoreSchema>;
export type SecretRequest = Extract<FromCore, { kind: 'secret' }>;

/** The checked shapes, typed as the bridge's: the core on the other side built them from those types. */
export const asResult = <T>(r: z.infer<typeof bridgeResult>): BridgeResult<T> => r as BridgeResult<T>;
export const asEvent = (e: z.infer<typeof bridgeEvent>): BridgeEvent => e as BridgeEvent;

const commandNames = new Set<string>(COMMAND_NAMES);
export const isCommandName = (name: string): boolean => commandNames.has(name);
