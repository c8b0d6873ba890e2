// The small interfaces the core is built from. Each is passed in once, by the composition
// roots (src-main/index.ts, src-main/browser-host.ts, src-main/cli.ts); the core never
// reaches for a global (system-time.ts holds the real Clock and Scheduler they default to).
import type { BridgeEvent, BridgeResult, CommandName, CommandResult, SyncStatus } from '@preload/bridge';

export interface Clock {
  now(): Date;
}

/** Undoes what a Scheduler was asked to do; harmless once it has run or been cancelled. */
export type Cancel = () => void;

/**
 * When the core acts later: the periodic sync, retry and reconcile wake-ups, the reachability
 * checks, quiet times after an edit. The real one never keeps the process alive by itself;
 * tests and the bench pass a virtual one that moves forward together with the Clock.
 */
export interface Scheduler {
  /** Calls `fn` once, `ms` from now. */
  after(ms: number, fn: () => void): Cancel;
  /** Calls `fn` every `ms` until cancelled. */
  every(ms: number, fn: () => void): Cancel;
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** What the caller knows about the address whose token it asks for. */
export interface TokenLookup {
  /** The address was connected with a token the user typed: the environment's must not stand in for it. */
  typedForAddress?: boolean;
}

/** Where the access token lives. The keytar implementation uses service "Outpost", account = base URL. */
export interface SecretStore {
  readonly kind: 'keychain' | 'memory' | 'environment';
  get(account: string, lookup?: TokenLookup): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
  /** Where the token `get` answered for `account` lives, for a store that holds more than one kind. */
  kindOf?(account: string): SecretStore['kind'];
  /**
   * For a store that lives elsewhere (the host's, across the core thread's port): the keychain
   * refused a write (`why` says so to the user), so tokens go to memory there from now on, where
   * they outlive this thread. Answers the store to use. Without it the caller keeps memory itself.
   */
  withoutKeychain?(why: string): SecretStore;
}

/**
 * Why a sync runs: the hosts, the core and the tests name one of these (a misspelt one does not
 * compile), and how often it comes: a `light` trigger comes often, so its sync pushes and
 * reconciles and pulls everything only now and then (sync/plan.ts); a `full` one pulls first.
 */
export const SYNC_TRIGGERS = {
  start: 'full',
  user: 'full',
  connected: 'full',
  'back online': 'full',
  resume: 'full',
  online: 'full',
  resumed: 'full',
  'local drafts moved': 'full',
  reachability: 'full',
  interval: 'light',
  focus: 'light',
  'retry or reconcile time': 'light',
  'publish requested': 'light',
  'publish again': 'light',
  'retry requested': 'light',
  'local change': 'light',
} as const satisfies Record<string, 'full' | 'light'>;
export type SyncTrigger = keyof typeof SYNC_TRIGGERS;

/** The facade both hosts call: commands in, events out. */
export interface AppCore {
  /**
   * Validates `payload` against the command's schema and routes it; never throws, always
   * answers an envelope (an unknown name too: hosts pass names from the wire).
   */
  invoke<C extends CommandName>(command: C, payload: unknown): Promise<BridgeResult<CommandResult<C>>>;
  subscribe(listener: (event: BridgeEvent) => void): () => void;
  /** Runs one sync now unless one is already running (then it joins that one). */
  syncNow(trigger: SyncTrigger): Promise<SyncStatus>;
  /** The host tells the core when the OS says the network came or went. */
  setOnline(online: boolean): void;
  status(): SyncStatus;
  /** Waits up to `graceMs` for an in-flight request, then closes the database. */
  close(graceMs?: number): Promise<void>;
}
