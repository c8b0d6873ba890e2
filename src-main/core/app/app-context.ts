// What every command is given: the database, the clock and ids, the engine, the connection, the
// few lookups and views the features share, and a way to run another command as the user's own.
// Built once by the facade (create-app-core.ts); it reaches for nothing itself: time, ids and
// randomness come in through its deps, as the ports give them.
import { NOT_FOUND } from '@preload/words/errors';
import type { Kysely } from 'kysely';
import type {
  BridgeErrorInfo,
  BridgeEvent,
  CommandName,
  CommandPayload,
  CommandResult,
  PostDetail,
  UndoResult,
  VariantAction,
  VariantView,
} from '@preload/bridge';
import type { ByteBounds } from '../history/thinning';
import type { TextOf } from '../history/versions';
import { variantRefusal, type VariantFacts } from '../outbox/item-actions';
import { listOpenOpsOfPost } from '../outbox/op-queries';
import type { Clock, Logger } from '../ports';
import { getPost } from '../store/post-repository';
import type { Database, PostRow, VariantRow } from '../store/schema';
import { inTransaction, type SyncContext } from '../store/unit-of-work';
import { getVariant, listVariantsOfPost } from '../store/variant-repository';
import { hasWorkspace } from '../store/workspace-repository';
import type { SyncEngine } from '../sync/engine';
import { CommandError } from './command-error';
import type { Connection } from './connection/connection';
import type { DataActions } from './safekeeping/data-actions';
import { signOffFacts } from './items/send-checks';
import { postDetail, variantView } from './items/views';
import type { TitlesTyped } from './posts/titles-typed';

/** The host the core runs in, as app.info tells it. */
export interface HostInfo {
  version: string;
  host: 'electron' | 'browser' | 'cli';
  dataDir: string;
}

export interface AppContextDeps {
  db: () => Kysely<Database>;
  clock: Clock;
  /** A new local id (a UUID). */
  newId: () => string;
  /** The source of jitter for backoff. */
  random: () => number;
  logger: Logger;
  emit: (event: BridgeEvent) => void;
  engine: () => SyncEngine;
  connection: Connection;
  host: HostInfo;
  /** A local change was saved: tell the window, recount, sync soon, checkpoint later. */
  changed: (postId: string, variantId: string | null) => void;
  /** An error as the bridge shows it: a code and a message with every secret removed. */
  bridgeError: (error: unknown, command: string) => BridgeErrorInfo;
  /** Removes every known secret from a text before it is kept or shown. */
  redact: (text: string) => string;
  /** Takes back a change the undo journal kept (without `id`: the newest). */
  takeBack: (id?: string) => Promise<UndoResult>;
  /** An edit of a text was saved: a version of it is kept once the typing pauses (history/pauses.ts). */
  typed: (of: TextOf) => void;
  /** Runs a command as the user's own, payload already checked: an undo takes the change's own path. */
  run: <C extends CommandName>(command: C, payload: CommandPayload<C>) => Promise<CommandResult<C>>;
  /** The data folder itself: its status, its copies, the export of everything. */
  data: DataActions;
  /** The new posts whose title is still being typed in the window: their creates wait. */
  titles: TitlesTyped;
  /** Whether an entry of the undo journal names the post. */
  namedInUndo: (postId: string) => boolean;
  /** The bytes the versions of texts may take (default: history/thinning.ts's). */
  versionBytes?: ByteBounds;
}

export class AppContext {
  constructor(readonly deps: AppContextDeps) {}

  get db(): Kysely<Database> {
    return this.deps.db();
  }
  get engine(): SyncEngine {
    return this.deps.engine();
  }
  get connection(): Connection {
    return this.deps.connection;
  }
  get logger(): Logger {
    return this.deps.logger;
  }
  get host(): HostInfo {
    return this.deps.host;
  }
  get data(): DataActions {
    return this.deps.data;
  }
  get titles(): TitlesTyped {
    return this.deps.titles;
  }

  namedInUndo(postId: string): boolean {
    return this.deps.namedInUndo(postId);
  }

  run<C extends CommandName>(command: C, payload: CommandPayload<C>): Promise<CommandResult<C>> {
    return this.deps.run(command, payload);
  }

  takeBack(id?: string): Promise<UndoResult> {
    return this.deps.takeBack(id);
  }

  now(): string {
    return this.deps.clock.now().toISOString();
  }

  newId(): string {
    return this.deps.newId();
  }

  emit(event: BridgeEvent): void {
    this.deps.emit(event);
  }

  changed(postId: string, variantId: string | null): void {
    this.deps.changed(postId, variantId);
  }

  typed(of: TextOf): void {
    this.deps.typed(of);
  }

  bridgeError(error: unknown, command: string): BridgeErrorInfo {
    return this.deps.bridgeError(error, command);
  }

  /** The engine's context, for decisions logged and settled outside a sync. */
  syncCtx(): SyncContext {
    return {
      db: this.db,
      clock: this.deps.clock,
      logger: this.deps.logger,
      emit: (e) => this.deps.emit(e),
      concurrency: 1,
      random: this.deps.random,
      redact: this.deps.redact,
      ...(this.deps.versionBytes !== undefined ? { versionBytes: this.deps.versionBytes } : {}),
    };
  }

  /**
   * A command's writes as one unit of work: one transaction, and the events raised inside it
   * (a settled op, a notice) go out only once it has committed.
   */
  inTransaction<T>(work: (t: SyncContext) => Promise<T>): Promise<T> {
    return inTransaction(this.syncCtx(), work);
  }

  async post(id: string): Promise<PostRow> {
    const post = await getPost(this.db, id);
    if (!post) throw new CommandError('not_found', NOT_FOUND.post(id));
    return post;
  }

  async variant(id: string): Promise<VariantRow> {
    const v = await getVariant(this.db, id);
    if (!v) throw new CommandError('not_found', NOT_FOUND.variant(id));
    return v;
  }

  async postDetail(id: string): Promise<PostDetail> {
    const post = await this.post(id);
    const variants = await listVariantsOfPost(this.db, id);
    const ops = await listOpenOpsOfPost(this.db, id);
    const accounts = await signOffFacts(this.db, post.workspace);
    return postDetail(post, variants, ops, accounts, this.titles.has(id));
  }

  async variantView(id: string): Promise<VariantView> {
    const v = await this.variant(id);
    const post = await this.post(v.post_id);
    const ops = await listOpenOpsOfPost(this.db, v.post_id);
    return variantView(v, post, ops, await signOffFacts(this.db, post.workspace));
  }

  async knownWorkspace(slug: string): Promise<void> {
    if (!(await hasWorkspace(this.db, slug))) throw new CommandError('not_found', NOT_FOUND.workspace(slug));
  }
}

/** Refuses what the variant does not allow now, with the reason its actions give (outbox/item-actions.ts). */
export function assertAllows(action: VariantAction, facts: VariantFacts): void {
  const why = variantRefusal(action, facts);
  if (why !== null) throw new CommandError('invalid_state', why);
}
