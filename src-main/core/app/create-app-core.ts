// The facade both hosts and the CLI call: commands in (zod-validated, routed to one handler
// module per feature), events out. Every local edit is one short transaction (row + outbox op)
// and never waits on the network; the sync engine sends it later.
import type { WindowCommands } from '../give-way';
import { CommitGroup } from '../store/commit-group';
import type {
  BridgeErrorInfo,
  BridgeEvent,
  BridgeResult,
  CommandName,
  CommandPayload,
  CommandResult,
  SyncStatus,
} from '@preload/bridge';
import { AnswerWatch } from '../api/answer-watch';
import { isServiceError } from '../api/errors';
import type { Wire } from '../api/wire';
import { NoSuchOp } from '../outbox/actions';
import { OpMoved, OpRefused } from '../outbox/op-store';
import type { AppCore, Cancel, Clock, Logger, Scheduler, SecretStore, SyncTrigger } from '../ports';
import { systemClock, systemScheduler } from '../system-time';
import { TypingPauses } from '../history/pauses';
import type { ByteBounds } from '../history/thinning';
import { isKeptAlready, keepCurrent, type TextOf } from '../history/versions';
import { VERSION_PAUSE_MS } from '@preload/typing';
import type { OpenedDatabase, SqliteHandle } from '../store/db';
import type { EarlyCheck } from '../store/recovery/quick-check';
import type { SyncContext } from '../store/unit-of-work';
import { SyncEngine } from '../sync/engine';
import { processIsAlive, SyncLease } from '../store/sync-lease';
import { newLocalId } from '../store/ids';
import { AppContext } from './app-context';
import { runCommand, type Command } from './command';
import { CommandError } from './command-error';
import { COMMANDS } from './commands';
import { cleanAnswer, cleanEvent } from './cleaning';
import { describeIssues } from './schemas';
import { Connection } from './connection/connection';
import { createFileLogger, redactingLogger, Redactor, type FileLogger } from './connection/file-logger';
import { Safekeeping } from './safekeeping/safekeeping';
import { TITLE_QUIET_MS, TitlesTyped } from './posts/titles-typed';
import { dropLeftAtStart, windowCoreClosing } from './posts/untouched';
import { UndoJournal } from './undo/journal';
import { messageOf } from '../error-message';

export { CommandError } from './command-error';

export interface AppCoreOptions {
  dataDir: string;
  secrets: SecretStore;
  secretsMessage?: string | null;
  host: 'electron' | 'browser' | 'cli';
  version: string;
  clock?: Clock;
  /** Every later action of the core (sync timers, the checkpoint after edits); default real. */
  scheduler?: Scheduler;
  logger?: Logger;
  nativeBinding?: string;
  /**
   * A quick check of the database already under way on another thread (the core's thread starts
   * one before it loads this code: core-thread/early-check.ts); without it the open makes its own.
   */
  earlyCheck?: EarlyCheck;
  /** How the service's requests travel (the core's thread gives them a thread of their own); default `fetch` here. */
  wire?: Wire;
  fetch?: typeof fetch;
  syncIntervalMs?: number | false;
  /** Quiet time after a local change before it is synced (default 3 s); false: only when asked. */
  syncAfterChangeMs?: number | false;
  /** How long a new post's title being typed may rest before its create goes (default TITLE_QUIET_MS). */
  titleQuietMs?: number;
  concurrency?: number;
  /** Settled posts a full pull re-reads (tests make it small to watch the rotation). */
  rotationPerPull?: number;
  /** The bytes the versions of texts may take (tests make them small to watch the bound). */
  versionBytes?: ByteBounds;
  /** Request timeout for the service client (tests shorten it). */
  requestTimeoutMs?: number;
  /** Jitter source for backoff (tests pass a fixed one). */
  random?: () => number;
  /** This core's name in the folder's sync lease, and dead cores' of this process (store/sync-lease.ts). */
  syncLease?: { me: string; gone: readonly string[] };
  /**
   * Whether a command of the window's was sent to this core and not yet taken up: a host that
   * runs the core on a thread of its own counts them (core-thread/); the sync lets them through
   * at its next step (give-way.ts).
   */
  commandsWaiting?: () => boolean;
  /** Test seam: runs on the database connection as it opens (a page limit standing in for a full disk). */
  onDatabaseConnection?: (sqlite: SqliteHandle) => void;
}

/**
 * The light sync's period. Each interval's sync checks every workspace for new and removed posts
 * (sync/freshness.ts), so a colleague's post shows within this plus one sync's time: under a
 * minute. At 10,000 posts it costs ~2 small requests per workspace and sync (docs/benchmarks.md).
 */
export const DEFAULT_SYNC_INTERVAL_MS = 45_000;
const DEFAULT_SYNC_AFTER_CHANGE_MS = 3_000;
/** Quiet time after the last local change before the write-ahead log is folded in (db.ts). */
const CHECKPOINT_AFTER_CHANGE_MS = 5_000;

export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  const core = new Core(options);
  await core.open();
  return core;
}

class Core implements AppCore {
  readonly #o: AppCoreOptions;
  readonly #clock: Clock;
  readonly #scheduler: Scheduler;
  readonly #redactor = new Redactor();
  readonly #logger: Logger;
  readonly #fileLogger: FileLogger;
  readonly #listeners = new Set<(event: BridgeEvent) => void>();
  readonly #connection: Connection;
  /** Every answer of the service client passes here: the engine tells a failing service from it. */
  readonly #answers = new AnswerWatch();
  readonly #journal: UndoJournal;
  #store!: OpenedDatabase;
  #engine!: SyncEngine;
  #closed = false;
  /** Commands taken up and not yet answered. */
  #commandsRunning = 0;
  #cancelCheckpoint: Cancel | null = null;
  readonly #pauses: TypingPauses;
  readonly #titles: TitlesTyped;
  readonly #app: AppContext;
  /** Opening the database safely, the copies, what the window must say about the folder. */
  readonly #safe: Safekeeping;

  constructor(options: AppCoreOptions) {
    this.#o = options;
    this.#clock = options.clock ?? systemClock;
    this.#scheduler = options.scheduler ?? systemScheduler;
    const file = createFileLogger(options.dataDir, this.#redactor, () => this.#clock.now());
    this.#fileLogger = file;
    const host = options.logger;
    this.#logger = host
      ? redactingLogger(
          {
            info: (m, f) => (file.info(m, f), host.info(m, f)),
            warn: (m, f) => (file.warn(m, f), host.warn(m, f)),
            error: (m, f) => (file.error(m, f), host.error(m, f)),
          },
          this.#redactor,
        )
      : file;
    this.#connection = new Connection(
      {
        secrets: options.secrets,
        secretsMessage: options.secretsMessage ?? null,
        commandLine: options.host === 'cli',
        redactor: this.#redactor,
        logger: this.#logger,
        fileLog: file,
        now: () => this.#clock.now().toISOString(),
        answers: this.#answers,
        ...(options.wire ? { wire: options.wire } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
      },
      () => this.#store.db,
    );
    this.#safe = new Safekeeping({
      dataDir: options.dataDir,
      host: options.host,
      version: options.version,
      clock: this.#clock,
      scheduler: this.#scheduler,
      logger: this.#logger,
      ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}),
      ...(options.onDatabaseConnection ? { onDatabaseConnection: options.onDatabaseConnection } : {}),
      ...(options.earlyCheck ? { earlyCheck: options.earlyCheck } : {}),
      emit: (data) => this.#emit({ name: 'dataStatus', data }),
    });
    this.#pauses = new TypingPauses({
      scheduler: this.#scheduler,
      pauseMs: VERSION_PAUSE_MS,
      keep: (of) => this.#keepTyped(of),
    });
    this.#titles = new TitlesTyped({
      scheduler: this.#scheduler,
      quietMs: options.titleQuietMs ?? TITLE_QUIET_MS,
      ended: (postId) => this.#titleSettled(postId),
    });
    const journal = (this.#journal = new UndoJournal({
      announce: (entry) => this.#emit({ name: 'undoable', data: entry }),
    }));
    this.#app = new AppContext({
      db: () => this.#store.db,
      clock: this.#clock,
      newId: newLocalId,
      random: options.random ?? Math.random,
      logger: this.#logger,
      emit: (e) => this.#emit(e),
      engine: () => this.#engine,
      connection: this.#connection,
      changed: (postId, variantId) => this.#changed(postId, variantId),
      typed: (of) => this.#pauses.edited(of),
      bridgeError: (error, command) => this.#toBridgeError(error, command),
      redact: this.#redactor.cleaner,
      host: { version: options.version, host: options.host, dataDir: options.dataDir },
      takeBack: (id) => journal.undo(id),
      run: (command, payload) => this.#run(command, payload),
      data: this.#safe.actions(() => this.#imported()),
      titles: this.#titles,
      namedInUndo: (postId) => journal.names(postId),
      ...(options.versionBytes !== undefined ? { versionBytes: options.versionBytes } : {}),
    });
  }

  async open(): Promise<void> {
    this.#store = await this.#safe.open();
    const window: WindowCommands = {
      waiting: this.#o.commandsWaiting ?? (() => false),
      running: () => this.#commandsRunning > 0,
    };
    const ctx: SyncContext = {
      db: this.#store.db,
      clock: this.#clock,
      logger: this.#logger,
      emit: (e) => this.#emit(e),
      concurrency: this.#o.concurrency ?? 4,
      ...(this.#o.rotationPerPull !== undefined ? { rotationPerPull: this.#o.rotationPerPull } : {}),
      ...(this.#o.versionBytes !== undefined ? { versionBytes: this.#o.versionBytes } : {}),
      random: this.#o.random ?? Math.random,
      redact: this.#redactor.cleaner,
      commits: new CommitGroup(this.#store.db, window),
      window,
      titleTyped: (postId) => this.#titles.has(postId),
    };
    this.#engine = new SyncEngine({
      ctx,
      client: () => this.#connection.client(),
      isConnected: () => this.#connection.isConnected(),
      scheduler: this.#scheduler,
      intervalMs: this.#o.syncIntervalMs === undefined ? DEFAULT_SYNC_INTERVAL_MS : this.#o.syncIntervalMs,
      afterChangeMs: this.#o.syncAfterChangeMs ?? DEFAULT_SYNC_AFTER_CHANGE_MS,
      checkpoint: () => this.#store.checkpoint(),
      answers: this.#answers,
      onStorageFailure: (error) => this.#safe.status.observe(error),
      ...(this.#o.syncLease
        ? { lease: new SyncLease(this.#store.db, processIsAlive, Date.now, this.#o.syncLease) }
        : {}),
    });
    // Before anything counts them: empty new posts a crash or a closed window left.
    await dropLeftAtStart(this.#app.syncCtx(), this.#o);
    await this.#engine.start();
    this.#safe.start((work) => this.#engine.background(work));
    this.#logger.info('core opened', { host: this.#o.host, version: this.#o.version });
  }

  // --- AppCore ---------------------------------------------------------------------

  async invoke<C extends CommandName>(command: C, payload: unknown): Promise<BridgeResult<CommandResult<C>>> {
    // Hosts pass names from the wire: checked here again, whatever the type says.
    if (!Object.hasOwn(COMMANDS, command))
      return {
        ok: false,
        error: { code: 'unknown_command', message: `Unknown command: ${String(command).slice(0, 100)}` },
      };
    if (this.#closed) return { ok: false, error: { code: 'internal', message: 'Outpost is shutting down.' } };
    const declared: Command<C> = COMMANDS[command];
    const parsed = declared.payload.safeParse(payload);
    if (!parsed.success)
      return {
        ok: false,
        error: { code: 'invalid_payload', message: `${command}: ${describeIssues(parsed.error)}` },
      };
    const counted = declared.waitsForSync !== true;
    if (counted) this.#commandsRunning++;
    try {
      const value = await this.#run(command, parsed.data);
      return {
        ok: true,
        value: declared.quotesService ? cleanAnswer(declared, value, this.#redactor.cleaner) : value,
      };
    } catch (error) {
      return { ok: false, error: this.#toBridgeError(error, command) };
    } finally {
      if (counted) this.#commandsRunning--;
    }
  }

  subscribe(listener: (event: BridgeEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  syncNow(trigger: SyncTrigger): Promise<SyncStatus> {
    return this.#engine.syncNow(trigger);
  }

  setOnline(online: boolean): void {
    this.#engine.setOnline(online);
  }

  status(): SyncStatus {
    return this.#engine.status();
  }

  async close(graceMs = 2_000): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#cancelCheckpoint?.();
    this.#titles.close();
    this.#safe.close();
    await this.#pauses.flush();
    await this.#engine.close(graceMs);
    await windowCoreClosing(this.#app.syncCtx(), this.#o);
    await this.#store.close();
    this.#listeners.clear();
    this.#fileLogger.close();
  }

  // --- plumbing ----------------------------------------------------------------------

  /** A command, its payload checked: an undoable one's entry goes to the journal once it committed. */
  #run<C extends CommandName>(command: C, payload: CommandPayload<C>): Promise<CommandResult<C>> {
    return runCommand(COMMANDS[command], this.#app, payload, (undo) => this.#journal.record(undo));
  }

  #emit(raw: BridgeEvent): void {
    // Every event is cleaned of secrets again before any listener sees it (cleaning.ts).
    const event = cleanEvent(raw, this.#redactor.cleaner);
    for (const l of this.#listeners) {
      try {
        l(event);
      } catch (error) {
        this.#logger.warn('an event listener threw', {
          message: messageOf(error),
        });
      }
    }
  }

  #toBridgeError(error: unknown, command: string): BridgeErrorInfo {
    const clean = (m: string) => this.#redactor.clean(m);
    const storage = this.#safe.bridgeError(error);
    if (storage !== null) return storage;
    if (error instanceof CommandError) return { code: error.code, message: clean(error.message) };
    if (error instanceof NoSuchOp) return { code: 'not_found', message: clean(error.message) };
    if (error instanceof OpRefused || error instanceof OpMoved)
      return { code: 'invalid_state', message: clean(error.message) };
    if (isServiceError(error)) return { code: error.kind, message: clean(error.message) };
    const message = messageOf(error);
    this.#logger.error(`command ${command} failed`, { message });
    return { code: 'internal', message: clean(`Something went wrong: ${message}`) };
  }

  #changed(postId: string, variantId: string | null): void {
    this.#emit({ name: 'itemChanged', data: { postId, variantId } });
    this.#engine.refreshSoon();
    this.#engine.syncSoon();
    this.#checkpointSoon();
  }

  /** A new post's title is finished: the window hears of it (the hold's words go), its create syncs soon. */
  #titleSettled(postId: string): void {
    if (this.#closed) return;
    this.#emit({ name: 'itemChanged', data: { postId, variantId: null } });
    this.#engine.refreshSoon();
    this.#engine.syncSoon();
  }

  /** An export was brought in: the window recounts and reloads, and what it added syncs soon. */
  #imported(): void {
    this.#engine.background(() => this.#engine.refresh());
    this.#engine.syncSoon();
    this.#checkpointSoon();
  }

  /** The version a pause in typing keeps; a text gone meanwhile (its post deleted) has none. */
  async #keepTyped(of: TextOf): Promise<void> {
    try {
      if (await isKeptAlready(this.#app.db, of)) return;
      await this.#app.inTransaction((t) => keepCurrent(t, of, 'typed'));
    } catch (error) {
      this.#logger.warn('a version of a text could not be kept', {
        message: messageOf(error),
      });
    }
  }

  /** Folds the log in once edits pause, so no keystroke's commit pays for it. */
  #checkpointSoon(): void {
    this.#cancelCheckpoint?.();
    this.#cancelCheckpoint = this.#scheduler.after(CHECKPOINT_AFTER_CHANGE_MS, () => {
      this.#cancelCheckpoint = null;
      this.#engine.background(() => this.#store.checkpoint());
    });
  }
}
