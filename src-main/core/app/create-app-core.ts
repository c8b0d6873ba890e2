// The facade both hosts and the CLI call: commands in (zod-validated), events out. Every local
// edit is one short transaction (row + outbox op) and never waits on the network; the sync
// engine sends it later.
import { newLocalId } from '../store/ids';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type {
  AccountChoice,
  BridgeErrorCode,
  BridgeEvent,
  BridgeResult,
  CommandName,
  CommandPayload,
  ConnectionTest,
  OutboxOpView,
  PostDetail,
  SettingsView,
  SyncStatus,
  Theme,
  VariantView,
  WorkspaceView,
} from '../../../src-preload/bridge';
import { COMMAND_NAMES } from '../../../src-preload/bridge';
import { ServiceClient, validateBaseUrl, validateToken } from '../api/client';
import { isServiceError } from '../api/errors';
import type { AppCore, Clock, Logger, SecretStore } from '../ports';
import { groupBy } from '../collections';
import { DATABASE_FILE } from '../paths';
import { openDatabase, type OpenedDatabase } from '../store/db';
import {
  deleteOpenOpsOfVariant,
  enqueue,
  getOp,
  listOpenOpStates,
  listOpenOpsOfPosts,
  listOpenOpsWithSubjects,
  parsePayload,
  setOpState,
  type VariantField,
} from '../store/outbox-repository';
import {
  countPostsByWorkspace,
  getPost,
  insertPost,
  listPosts,
  listPostSummaryRows,
  parseJson,
  updatePost,
  type PostBase,
} from '../store/post-repository';
import type { Database, OutboxOpRow, PostRow, VariantRow } from '../store/schema';
import {
  clearConnection,
  getConnection,
  getSetting,
  setConnection,
  setSetting,
} from '../store/settings-repository';
import { listSyncLog } from '../store/sync-log-repository';
import {
  getVariant,
  insertVariant,
  listVariantsOfPost,
  updateVariant,
  type VariantBase,
} from '../store/variant-repository';
import {
  cacheActivity,
  listProfiles,
  listSkills,
  listWorkspaces,
  replaceProfiles,
  replaceSkills,
  upsertWorkspaces,
} from '../store/workspace-repository';
import { keychainUnavailableMessage } from '../secrets/open-secret-store';
import { MemorySecretStore } from '../secrets/memory-store';
import { mineAccount } from '../sync/apply';
import { logDecision, type SyncContext } from '../sync/context';
import { SyncEngine } from '../sync/engine';
import { isPublished, NEEDS_APPROVAL } from '../sync/reconcile';
import { COMMAND_SCHEMAS, describeIssues } from './commands';
import { checkPublish, checkSchedule } from './send-checks';
import { calendarItems, matchesFilter, profileHandle, queueView } from './planning-views';
import { createFileLogger, redactingLogger, Redactor, type FileLogger } from './logger';
import { outboxOpView, postDetail, postSummary, syncLogView, variantView } from './views';

export interface AppCoreOptions {
  dataDir: string;
  secrets: SecretStore;
  secretsMessage?: string | null;
  host: 'electron' | 'browser' | 'cli';
  version: string;
  clock?: Clock;
  logger?: Logger;
  nativeBinding?: string;
  fetch?: typeof fetch;
  syncIntervalMs?: number | false;
  /** Quiet time after a local change before it is synced (default 3 s); false: only when asked. */
  syncAfterChangeMs?: number | false;
  concurrency?: number;
  /** Settled posts a full pull re-reads (tests make it small to watch the rotation). */
  rotationPerPull?: number;
  /** Request timeout for the service client (tests shorten it). */
  requestTimeoutMs?: number;
  /** Jitter source for backoff (tests pass a fixed one). */
  random?: () => number;
}

/** A failure a command reports through the envelope; the message is shown to the user. */
export class CommandError extends Error {
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const LOCAL_SPACE_NAME = 'Local drafts';
const DEFAULT_SYNC_INTERVAL_MS = 3 * 60_000;
const DEFAULT_SYNC_AFTER_CHANGE_MS = 3_000;
/** Quiet time after the last local change before the write-ahead log is folded in (db.ts). */
const CHECKPOINT_AFTER_CHANGE_MS = 5_000;

type Handler = (payload: never) => Promise<unknown>;

export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  const core = new Core(options);
  await core.open();
  return core;
}

class Core implements AppCore {
  readonly #o: AppCoreOptions;
  readonly #clock: Clock;
  readonly #redactor = new Redactor();
  readonly #logger: Logger;
  readonly #listeners = new Set<(event: BridgeEvent) => void>();
  #store!: OpenedDatabase;
  #engine!: SyncEngine;
  #client: { key: string; client: ServiceClient } | null = null;
  /** The host's store, until a keychain refuses a write; then memory for the session. */
  #secrets: SecretStore;
  #secretsMessage: string | null;
  #closed = false;
  readonly #fileLogger: FileLogger;
  readonly #handlers: Record<CommandName, Handler>;

  constructor(options: AppCoreOptions) {
    this.#o = options;
    this.#secrets = options.secrets;
    this.#secretsMessage = options.secretsMessage ?? null;
    this.#clock = options.clock ?? { now: () => new Date() };
    const file = createFileLogger(options.dataDir, this.#redactor, () => this.#clock.now());
    this.#fileLogger = file;
    this.#logger = options.logger
      ? redactingLogger(
          {
            info: (m, f) => (file.info(m, f), options.logger?.info(m, f)),
            warn: (m, f) => (file.warn(m, f), options.logger?.warn(m, f)),
            error: (m, f) => (file.error(m, f), options.logger?.error(m, f)),
          },
          this.#redactor,
        )
      : file;
    this.#handlers = this.#makeHandlers();
  }

  get #db(): Kysely<Database> {
    return this.#store.db;
  }

  #now(): string {
    return this.#clock.now().toISOString();
  }

  async open(): Promise<void> {
    this.#store = await openDatabase({
      file: join(this.#o.dataDir, DATABASE_FILE),
      ...(this.#o.nativeBinding ? { nativeBinding: this.#o.nativeBinding } : {}),
    });
    const ctx: SyncContext = {
      db: this.#store.db,
      clock: this.#clock,
      logger: this.#logger,
      emit: (e) => this.#emit(e),
      concurrency: this.#o.concurrency ?? 4,
      ...(this.#o.rotationPerPull !== undefined ? { rotationPerPull: this.#o.rotationPerPull } : {}),
      random: this.#o.random ?? Math.random,
    };
    this.#engine = new SyncEngine({
      ctx,
      client: () => this.#serviceClient(),
      isConnected: async () => (await getConnection(this.#db)) !== undefined,
      intervalMs: this.#o.syncIntervalMs === undefined ? DEFAULT_SYNC_INTERVAL_MS : this.#o.syncIntervalMs,
      afterChangeMs: this.#o.syncAfterChangeMs ?? DEFAULT_SYNC_AFTER_CHANGE_MS,
      checkpoint: () => this.#store.checkpoint(),
    });
    await this.#engine.start();
    this.#logger.info('core opened', { host: this.#o.host, version: this.#o.version });
  }

  // --- AppCore ---------------------------------------------------------------------

  async invoke(command: string, payload: unknown): Promise<BridgeResult<unknown>> {
    if (!(COMMAND_NAMES as readonly string[]).includes(command)) {
      return {
        ok: false,
        error: { code: 'unknown_command', message: `Unknown command: ${command.slice(0, 100)}` },
      };
    }
    if (this.#closed) return { ok: false, error: { code: 'internal', message: 'Outpost is shutting down.' } };
    const name = command as CommandName;
    const parsed = COMMAND_SCHEMAS[name].safeParse(payload);
    if (!parsed.success) {
      return {
        ok: false,
        error: { code: 'invalid_payload', message: `${name}: ${describeIssues(parsed.error)}` },
      };
    }
    try {
      const value = await this.#handlers[name](parsed.data as never);
      return { ok: true, value };
    } catch (error) {
      return { ok: false, error: this.#toBridgeError(error, name) };
    }
  }

  subscribe(listener: (event: BridgeEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  syncNow(reason: string): Promise<SyncStatus> {
    return this.#engine.syncNow(reason);
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
    if (this.#checkpointTimer) clearTimeout(this.#checkpointTimer);
    await this.#engine.close(graceMs);
    await this.#store.close();
    this.#listeners.clear();
    this.#fileLogger.close();
  }

  // --- plumbing ----------------------------------------------------------------------

  #emit(event: BridgeEvent): void {
    for (const l of this.#listeners) {
      try {
        l(event);
      } catch (error) {
        this.#logger.warn('an event listener threw', {
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }

  #toBridgeError(error: unknown, command: string): { code: BridgeErrorCode; message: string } {
    if (error instanceof CommandError)
      return { code: error.code, message: this.#redactor.clean(error.message) };
    if (isServiceError(error)) return { code: error.kind, message: this.#redactor.clean(error.message) };
    const message = error instanceof Error ? error.message : String(error);
    this.#logger.error(`command ${command} failed`, { message });
    return { code: 'internal', message: this.#redactor.clean(`Something went wrong: ${message}`) };
  }

  async #token(baseUrl: string): Promise<string | null> {
    const token = await this.#secrets.get(baseUrl);
    if (token) this.#redactor.add(token);
    return token;
  }

  async #serviceClient(): Promise<ServiceClient | null> {
    const conn = await getConnection(this.#db);
    if (!conn) return null;
    const token = await this.#token(conn.base_url);
    if (!token)
      throw new CommandError('auth', 'No access token is stored for this service: enter one in Settings.');
    const key = `${conn.base_url}\n${conn.auth_header}\n${token}`;
    if (this.#client?.key !== key) {
      this.#client = {
        key,
        client: new ServiceClient({
          baseUrl: conn.base_url,
          token,
          authHeader: conn.auth_header === 'x-api-key' ? 'x-api-key' : 'bearer',
          ...(this.#o.fetch ? { fetch: this.#o.fetch } : {}),
          ...(this.#o.requestTimeoutMs ? { timeoutMs: this.#o.requestTimeoutMs } : {}),
        }),
      };
    }
    return this.#client.client;
  }

  async #requireClient(): Promise<ServiceClient> {
    const client = await this.#serviceClient();
    if (!client)
      throw new CommandError('invalid_state', 'Not connected to a service: connect in Settings first.');
    return client;
  }

  async #settings(): Promise<SettingsView> {
    const conn = await getConnection(this.#db);
    let token: string | null = null;
    if (conn) {
      try {
        token = await this.#token(conn.base_url);
      } catch {
        token = null;
      }
    }
    return {
      baseUrl: conn?.base_url ?? null,
      authHeader: conn?.auth_header === 'x-api-key' ? 'x-api-key' : 'bearer',
      connected: conn !== undefined && token !== null,
      tokenStorage: token !== null ? this.#secrets.kind : null,
      keychainMessage: this.#secretsMessage,
      notifications: await getSetting(this.#db, 'notifications', true),
      theme: await getSetting<Theme>(this.#db, 'theme', 'system'),
      closeToTray: await getSetting(this.#db, 'closeToTray', false),
      currentWorkspace: await getSetting<string | null>(this.#db, 'currentWorkspace', null),
    };
  }

  async #settingsChanged(): Promise<SettingsView> {
    const view = await this.#settings();
    this.#emit({ name: 'settingsChanged', data: view });
    return view;
  }

  async #post(id: string): Promise<PostRow> {
    const post = await getPost(this.#db, id);
    if (!post) throw new CommandError('not_found', `No post with id ${id}.`);
    return post;
  }

  async #variant(id: string): Promise<VariantRow> {
    const v = await getVariant(this.#db, id);
    if (!v) throw new CommandError('not_found', `No variant with id ${id}.`);
    return v;
  }

  async #postDetail(id: string): Promise<PostDetail> {
    const post = await this.#post(id);
    const variants = await listVariantsOfPost(this.#db, id);
    const ops = await listOpenOpsOfPosts(this.#db, [id]);
    return postDetail(post, variants, ops);
  }

  async #variantView(id: string): Promise<VariantView> {
    const v = await this.#variant(id);
    const post = await this.#post(v.post_id);
    const ops = await listOpenOpsOfPosts(this.#db, [v.post_id]);
    return variantView(v, post, ops);
  }

  /** The op the user acts on from the outbox: only a failed one can be retried or discarded. */
  async #failedOp(id: string, verb: 'retried' | 'discarded'): Promise<OutboxOpRow> {
    const op = await getOp(this.#db, id);
    if (!op) throw new CommandError('not_found', `No outbox operation with id ${id}.`);
    if (op.state !== 'failed')
      throw new CommandError(
        'invalid_state',
        `Only a failed operation can be ${verb} (this one is ${op.state}).`,
      );
    return op;
  }

  async #opView(id: string): Promise<OutboxOpView> {
    const op = await getOp(this.#db, id);
    if (!op) throw new CommandError('not_found', `No outbox operation with id ${id}.`);
    const post = await this.#post(op.post_id);
    const variant = op.variant_id === null ? undefined : await getVariant(this.#db, op.variant_id);
    return outboxOpView(op, { postTitle: post.title, platform: variant?.platform ?? null });
  }

  /**
   * The way out of a change the service refused for good (a variant it no longer lets change,
   * say): the op is dropped and the fields it carried go back to what the service holds, so the
   * item shows the service's state again instead of Failed forever.
   */
  async #discardFailedOp(id: string): Promise<OutboxOpView> {
    const op = await this.#failedOp(id, 'discarded');
    if (op.kind === 'create_post' || op.kind === 'create_variant')
      throw new CommandError(
        'invalid_state',
        'A draft the service has not taken yet is kept: change it, and it is sent again.',
      );
    const now = this.#now();
    await this.#db.transaction().execute(async (trx) => {
      const v = op.variant_id === null ? undefined : await getVariant(trx, op.variant_id);
      const base = v ? parseJson<VariantBase>(v.base) : null;
      if (v && base) {
        const back: Partial<VariantRow> = {};
        const fields = parsePayload(op).fields ?? [];
        if (op.kind === 'update_variant' && fields.includes('content')) back.content = base.content;
        if (op.kind === 'update_variant' && fields.includes('account')) {
          back.account_mode = base.social_profile_id === null ? 'none' : 'profile';
          back.social_profile_id = base.social_profile_id;
        }
        if (op.kind === 'schedule' || op.kind === 'unschedule') back.scheduled_at = base.scheduled_at;
        await updateVariant(trx, v.id, { ...back, error: null, updated_at: now });
      }
      await setOpState(trx, op.id, 'done', { now, error: 'Discarded by the user.' });
    });
    await logDecision(this.#syncCtx(), {
      action: 'discard',
      reason: `The user dropped a ${op.kind} the service refused; the item shows what the service holds.`,
      postId: op.post_id,
      variantId: op.variant_id,
    });
    this.#changed(op.post_id, op.variant_id);
    return this.#opView(op.id);
  }

  async #knownWorkspace(slug: string): Promise<void> {
    const row = await this.#db
      .selectFrom('workspace')
      .select('slug')
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (!row)
      throw new CommandError(
        'not_found',
        `Unknown workspace "${slug}": connect and sync to see your workspaces.`,
      );
  }

  #changed(postId: string, variantId: string | null): void {
    this.#emit({ name: 'itemChanged', data: { postId, variantId } });
    this.#engine.refreshSoon();
    this.#engine.syncSoon();
    this.#checkpointSoon();
  }

  #checkpointTimer: NodeJS.Timeout | null = null;

  /** Folds the log in once edits pause, so no keystroke's commit pays for it. */
  #checkpointSoon(): void {
    if (this.#checkpointTimer) clearTimeout(this.#checkpointTimer);
    this.#checkpointTimer = setTimeout(() => {
      this.#checkpointTimer = null;
      this.#engine.background(() => this.#store.checkpoint());
    }, CHECKPOINT_AFTER_CHANGE_MS);
    this.#checkpointTimer.unref();
  }

  /** A failed create blocks what follows; the user's new edit is the fix, so it goes again. */
  async #reviveFailedCreate(db: Kysely<Database>, postId: string, variantId: string | null): Promise<void> {
    let q = db
      .updateTable('outbox_op')
      .set({ state: 'pending', error: null, next_attempt_at: null, updated_at: this.#now() })
      .where('post_id', '=', postId)
      .where('state', '=', 'failed');
    q =
      variantId === null
        ? q.where('kind', '=', 'create_post')
        : q.where('kind', '=', 'create_variant').where('variant_id', '=', variantId);
    await q.execute();
  }

  #assertEditable(v: VariantRow): void {
    if (isPublished(v))
      throw new CommandError('invalid_state', 'This variant is already published; it cannot change.');
    if (v.remote_state === 'removed')
      throw new CommandError(
        'invalid_state',
        'This variant was removed on the service; its text is kept here only.',
      );
    // What the approvers were asked to sign off is what goes out: Outpost does not change it
    // under them (the window locks it too).
    if (v.status === NEEDS_APPROVAL)
      throw new CommandError(
        'invalid_state',
        "This variant is waiting for the channel's approvers; it cannot change until they decide.",
      );
  }

  #accountColumns(account: AccountChoice): Pick<VariantRow, 'account_mode' | 'social_profile_id'> {
    if (account.kind === 'profile') return { account_mode: 'profile', social_profile_id: account.profileId };
    return { account_mode: account.kind, social_profile_id: null };
  }

  // --- commands ----------------------------------------------------------------------

  #makeHandlers(): Record<CommandName, Handler> {
    type P<C extends CommandName> = CommandPayload<C>;
    const h = {
      'app.info': () =>
        Promise.resolve({
          version: this.#o.version,
          host: this.#o.host === 'electron' ? ('electron' as const) : ('browser' as const),
          dataDir: this.#o.dataDir,
        }),

      'settings.get': () => this.#settings(),
      'settings.update': async (p: P<'settings.update'>) => {
        if (p.notifications !== undefined) await setSetting(this.#db, 'notifications', p.notifications);
        if (p.theme !== undefined) await setSetting(this.#db, 'theme', p.theme);
        if (p.closeToTray !== undefined) await setSetting(this.#db, 'closeToTray', p.closeToTray);
        return this.#settingsChanged();
      },
      'settings.testConnection': (p: P<'settings.testConnection'>) => this.#testConnection(p),
      'settings.connect': (p: P<'settings.connect'>) => this.#connect(p),
      'settings.signOut': async () => {
        const conn = await getConnection(this.#db);
        if (conn) await this.#secrets.delete(conn.base_url);
        await clearConnection(this.#db);
        this.#client = null;
        this.#engine.tokenChanged();
        await logDecision(this.#syncCtx(), {
          action: 'signed_out',
          reason: 'The user signed out; drafts are kept.',
        });
        await this.#engine.refresh();
        return this.#settingsChanged();
      },

      'workspaces.list': async (): Promise<WorkspaceView[]> => {
        const counts = await countPostsByWorkspace(this.#db);
        const rows = await listWorkspaces(this.#db);
        return [
          { slug: null, name: LOCAL_SPACE_NAME, postCount: counts.get(null) ?? 0 },
          ...rows.map((w) => ({ slug: w.slug, name: w.name ?? w.slug, postCount: counts.get(w.slug) ?? 0 })),
        ];
      },
      'workspaces.select': async (p: P<'workspaces.select'>) => {
        if (p.slug !== null) await this.#knownWorkspace(p.slug);
        await setSetting(this.#db, 'currentWorkspace', p.slug);
        return this.#settingsChanged();
      },
      'workspaces.moveLocalDrafts': (p: P<'workspaces.moveLocalDrafts'>) =>
        this.#moveLocalDrafts(p.slug, p.postIds),

      'profiles.list': async (p: P<'profiles.list'>) => {
        await this.#knownWorkspace(p.workspace);
        let rows = await listProfiles(this.#db, p.workspace);
        if (rows.length === 0 && (await getConnection(this.#db))) {
          try {
            const live = await (await this.#requireClient()).listProfiles(p.workspace);
            await replaceProfiles(this.#db, p.workspace, live, this.#now());
            rows = await listProfiles(this.#db, p.workspace);
          } catch (error) {
            this.#logger.warn('profiles could not be read', {
              message: error instanceof Error ? error.message : String(error),
            });
          }
        }
        return rows.map((r) => ({
          id: r.id,
          platform: r.platform,
          isActive: r.is_active === 1,
          label: r.label,
          handle: profileHandle(r.raw),
        }));
      },

      'posts.list': async (p: P<'posts.list'>) => {
        // Lean rows only (no raw or base JSON, no full variant views): at 10,000 posts this
        // command is most of the window's first list. Open ops are few; those of posts not
        // listed (another space, or left out by a search) go unused.
        // A state filter is applied to summaries, so only an unfiltered list is cut short in SQL.
        const unfiltered = p.filter === undefined || p.filter === 'all';
        const rows = await listPostSummaryRows(
          this.#db,
          p.workspace,
          p.query,
          unfiltered ? p.limit : undefined,
        );
        const ops = await listOpenOpStates(this.#db);
        const oBy = groupBy(ops, (o) => o.post_id);
        const all = rows.map(({ post, variants }) => postSummary(post, variants, oBy.get(post.id) ?? []));
        const listed = unfiltered ? all : all.filter((s) => matchesFilter(s, p.filter ?? 'all'));
        return p.limit === undefined ? listed : listed.slice(0, p.limit);
      },
      'posts.get': (p: P<'posts.get'>) => this.#postDetail(p.id),
      'posts.create': async (p: P<'posts.create'>) => {
        if (p.workspace !== null) await this.#knownWorkspace(p.workspace);
        const id = newLocalId();
        const now = this.#now();
        await this.#db.transaction().execute(async (trx) => {
          await insertPost(trx, {
            id,
            server_id: null,
            workspace: p.workspace,
            title: p.title,
            base: null,
            raw: null,
            remote_state: 'active',
            conflict: null,
            error: null,
            created_at: now,
            updated_at: now,
          });
          if (p.workspace !== null)
            await enqueue(trx, { kind: 'create_post', postId: id, variantId: null, now });
        });
        this.#changed(id, null);
        return this.#postDetail(id);
      },
      'posts.update': async (p: P<'posts.update'>) => {
        const post = await this.#post(p.id);
        await this.#db.transaction().execute(async (trx) => {
          await updatePost(trx, p.id, { title: p.title, updated_at: this.#now() });
          if (post.server_id === null) await this.#reviveFailedCreate(trx, p.id, null);
          // After creation the title stays local: the spec has no endpoint to rename a post.
        });
        this.#changed(p.id, null);
        return this.#postDetail(p.id);
      },

      'variants.create': async (p: P<'variants.create'>) => {
        const post = await this.#post(p.postId);
        if (post.remote_state === 'removed')
          throw new CommandError('invalid_state', 'This post was removed on the service.');
        const id = newLocalId();
        const now = this.#now();
        await this.#db.transaction().execute(async (trx) => {
          await insertVariant(trx, {
            id,
            post_id: post.id,
            server_id: null,
            platform: p.platform.trim(),
            content: p.content,
            ...this.#accountColumns(p.account),
            scheduled_at: null,
            status: null,
            platform_post_url: null,
            base: null,
            raw: null,
            remote_state: 'active',
            conflict: null,
            error: null,
            publish_unknown: null,
            created_at: now,
            updated_at: now,
            reconcile_at: null,
            reconcile_attempts: 0,
          });
          await updatePost(trx, post.id, { updated_at: now });
          if (post.workspace !== null)
            await enqueue(trx, { kind: 'create_variant', postId: post.id, variantId: id, now });
        });
        this.#changed(post.id, id);
        return this.#variantView(id);
      },
      'variants.update': async (p: P<'variants.update'>) => {
        const v = await this.#variant(p.id);
        this.#assertEditable(v);
        const post = await this.#post(v.post_id);
        const fields: VariantField[] = [];
        const patch: Partial<VariantRow> = {};
        if (p.content !== undefined && p.content !== v.content) {
          patch.content = p.content;
          fields.push('content');
        }
        if (p.account !== undefined) {
          const cols = this.#accountColumns(p.account);
          if (cols.account_mode !== v.account_mode || cols.social_profile_id !== v.social_profile_id) {
            if (v.server_id !== null && cols.account_mode === 'default') {
              throw new CommandError(
                'invalid_state',
                'The platform default applies only when a variant is created; choose an account or "assign later".',
              );
            }
            Object.assign(patch, cols);
            fields.push('account');
          }
        }
        if (fields.length > 0) {
          const now = this.#now();
          await this.#db.transaction().execute(async (trx) => {
            await updateVariant(trx, v.id, { ...patch, updated_at: now });
            if (post.workspace !== null) {
              if (v.server_id === null) await this.#reviveFailedCreate(trx, post.id, v.id);
              await enqueue(trx, {
                kind: 'update_variant',
                postId: post.id,
                variantId: v.id,
                payload: { fields },
                now,
              });
            }
          });
          this.#changed(post.id, v.id);
          // The hot path of typing: answer from the rows in hand rather than reading them again.
          const ops = await listOpenOpsOfPosts(this.#db, [post.id]);
          return variantView({ ...v, ...patch, updated_at: now }, post, ops);
        }
        return this.#variantView(v.id);
      },
      'variants.schedule': async (p: P<'variants.schedule'>) =>
        (await checkSchedule(this.#db, p, this.#clock.now())) === 'publish_now'
          ? this.#handlers['variants.publish']({ id: p.id } as never)
          : this.#setSchedule(p.id, new Date(p.at).toISOString()),
      'variants.unschedule': async (p: P<'variants.unschedule'>) => this.#setSchedule(p.id, null),
      'variants.publish': async (p: P<'variants.publish'>) => {
        const v = await this.#variant(p.id);
        this.#assertEditable(v);
        const post = await this.#post(v.post_id);
        if (post.workspace === null)
          throw new CommandError('invalid_state', 'Move this draft to a workspace before publishing it.');
        if (v.account_mode === 'none')
          throw new CommandError(
            'invalid_state',
            'Choose a posting account before publishing (the service needs one).',
          );
        if (v.publish_unknown !== null)
          throw new CommandError(
            'invalid_state',
            'An earlier publish has an unknown outcome: decide on it first.',
          );
        const open = (await listOpenOpsOfPosts(this.#db, [post.id])).filter(
          (o) => o.variant_id === v.id && o.kind === 'publish' && o.state !== 'failed',
        );
        if (open.length > 0)
          throw new CommandError('invalid_state', 'A publish of this variant is already on its way.');
        await checkPublish(this.#db, v.id);
        await this.#db.transaction().execute(async (trx) => {
          await enqueue(trx, { kind: 'publish', postId: post.id, variantId: v.id, now: this.#now() });
        });
        this.#changed(post.id, v.id);
        this.#engine.background(() => this.#engine.syncNow('publish requested'));
        return this.#variantView(v.id);
      },
      'variants.resolveConflict': (p: P<'variants.resolveConflict'>) => this.#resolveVariantConflict(p),
      'posts.resolveConflict': async (p: P<'posts.resolveConflict'>) => {
        const post = await this.#post(p.id);
        const conflicts = parseJson<Array<{ field: string; mine: string | null; theirs: string | null }>>(
          post.conflict,
        );
        const theirs = conflicts?.find((c) => c.field === 'title')?.theirs;
        if (!conflicts || theirs === undefined || theirs === null)
          throw new CommandError('invalid_state', 'This post has no conflict to resolve.');
        const title = p.choice === 'edit' ? p.title : p.choice === 'theirs' ? theirs : post.title;
        await updatePost(this.#db, post.id, {
          title,
          base: JSON.stringify({ title: theirs } satisfies PostBase),
          conflict: null,
          updated_at: this.#now(),
        });
        await logDecision(this.#syncCtx(), {
          action: `resolve_${p.choice}`,
          reason: 'The user resolved the title conflict.',
          postId: post.id,
        });
        this.#changed(post.id, null);
        return this.#postDetail(post.id);
      },
      'variants.resolvePublishUnknown': async (p: P<'variants.resolvePublishUnknown'>) => {
        const v = await this.#variant(p.id);
        if (v.publish_unknown === null)
          throw new CommandError('invalid_state', 'This variant has no publish of unknown outcome.');
        const ops = (await listOpenOpsOfPosts(this.#db, [v.post_id])).filter(
          (o) => o.variant_id === v.id && o.kind === 'publish' && o.state === 'unknown',
        );
        const now = this.#now();
        await this.#db.transaction().execute(async (trx) => {
          await updateVariant(trx, v.id, { publish_unknown: null, updated_at: now });
          for (const op of ops) {
            if (p.choice === 'publish_again') {
              await setOpState(trx, op.id, 'pending', { now, error: null, nextAttemptAt: null });
            } else {
              await setOpState(trx, op.id, 'done', { now, error: 'Kept unpublished by the user.' });
            }
          }
        });
        await logDecision(this.#syncCtx(), {
          action: p.choice,
          reason: 'The user decided on a publish of unknown outcome.',
          postId: v.post_id,
          variantId: v.id,
        });
        this.#changed(v.post_id, v.id);
        if (p.choice === 'publish_again')
          this.#engine.background(() => this.#engine.syncNow('publish again'));
        return this.#variantView(v.id);
      },

      'planning.calendar': (p: P<'planning.calendar'>) => calendarItems(this.#db, p),
      'planning.queue': (p: P<'planning.queue'>) => queueView(this.#db, p, this.#clock.now()),
      'outbox.list': async () =>
        (await listOpenOpsWithSubjects(this.#db)).map((op) =>
          outboxOpView(op, { postTitle: op.post_title, platform: op.platform }),
        ),
      'outbox.retry': async (p: P<'outbox.retry'>) => {
        const op = await this.#failedOp(p.id, 'retried');
        if (op.kind === 'publish')
          throw new CommandError(
            'invalid_state',
            'A publish is never retried from the outbox: use Publish again, after checking.',
          );
        await setOpState(this.#db, op.id, 'pending', { now: this.#now(), error: null, nextAttemptAt: null });
        if (op.variant_id !== null) await updateVariant(this.#db, op.variant_id, { error: null });
        this.#changed(op.post_id, op.variant_id);
        this.#engine.background(() => this.#engine.syncNow('retry requested'));
        return this.#opView(op.id);
      },
      'outbox.discard': (p: P<'outbox.discard'>) => this.#discardFailedOp(p.id),

      'sync.now': () => this.#engine.syncNow('user'),
      'sync.status': () => this.#engine.refresh(),
      'sync.pause': () => this.#engine.pause(),
      'sync.resume': () => this.#engine.resume(),
      'sync.log': async (p: P<'sync.log'>) => (await listSyncLog(this.#db, p?.limit ?? 200)).map(syncLogView),

      'activity.list': async (p: P<'activity.list'>) => {
        const post = await this.#post(p.postId);
        if (post.workspace === null || post.server_id === null)
          return { entries: [], count: 0, offset: 0, hasMore: false };
        const client = await this.#requireClient();
        const offset = p.offset ?? 0;
        const page = await client.listActivity(post.workspace, post.server_id, {
          limit: p.limit ?? 50,
          offset,
        });
        await cacheActivity(this.#db, post.id, offset, page.results, this.#now());
        return {
          entries: page.results,
          count: page.count,
          offset,
          hasMore: offset + page.results.length < page.count,
        };
      },
      'skills.list': async (p: P<'skills.list'>) => {
        await this.#knownWorkspace(p.workspace);
        try {
          const client = await this.#requireClient();
          const skills = await client.listSkills(p.workspace);
          await replaceSkills(this.#db, p.workspace, skills, this.#now());
          return skills;
        } catch (error) {
          const cached = await listSkills(this.#db, p.workspace);
          if (cached.length > 0) return cached;
          throw error;
        }
      },
    } satisfies { [C in CommandName]: (payload: P<C>) => Promise<unknown> };
    return h;
  }

  #syncCtx(): SyncContext {
    return {
      db: this.#db,
      clock: this.#clock,
      logger: this.#logger,
      emit: (e) => this.#emit(e),
      concurrency: 1,
      random: Math.random,
    };
  }

  async #testConnection(p: {
    baseUrl: string;
    token?: string;
    authHeader: 'bearer' | 'x-api-key';
  }): Promise<ConnectionTest> {
    try {
      const baseUrl = validateBaseUrl(p.baseUrl);
      const token = p.token ?? (await this.#token(baseUrl));
      if (!token)
        throw new CommandError('invalid_settings', 'Enter an access token: none is stored for this address.');
      this.#redactor.add(token);
      const client = new ServiceClient({
        baseUrl,
        token: validateToken(token),
        authHeader: p.authHeader,
        ...(this.#o.fetch ? { fetch: this.#o.fetch } : {}),
        ...(this.#o.requestTimeoutMs ? { timeoutMs: this.#o.requestTimeoutMs } : {}),
      });
      const workspaces = await client.listWorkspaces();
      return { ok: true, workspaces: workspaces.map((w) => w.slug) };
    } catch (error) {
      return { ok: false, error: this.#toBridgeError(error, 'settings.testConnection') };
    }
  }

  async #connect(p: {
    baseUrl: string;
    token: string;
    authHeader: 'bearer' | 'x-api-key';
  }): Promise<SettingsView> {
    const baseUrl = validateBaseUrl(p.baseUrl);
    const token = validateToken(p.token.trim());
    this.#redactor.add(token);
    const client = new ServiceClient({
      baseUrl,
      token,
      authHeader: p.authHeader,
      ...(this.#o.fetch ? { fetch: this.#o.fetch } : {}),
      ...(this.#o.requestTimeoutMs ? { timeoutMs: this.#o.requestTimeoutMs } : {}),
    });
    const workspaces = await client.listWorkspaces();
    const previous = await getConnection(this.#db);
    try {
      await this.#secrets.set(baseUrl, token);
    } catch (error) {
      // A keychain that answered at start can still refuse a write (a locked keyring, a
      // denied prompt): connect anyway, with the token in memory for this session, and say so.
      const why = error instanceof Error ? this.#redactor.clean(error.message) : 'unknown error';
      if (this.#secrets.kind !== 'keychain') {
        throw new CommandError('keychain_unavailable', `The access token could not be kept (${why}).`);
      }
      this.#secretsMessage = keychainUnavailableMessage(`it refused to store the token: ${why}`);
      this.#logger.warn(this.#secretsMessage);
      this.#secrets = new MemorySecretStore();
      await this.#secrets.set(baseUrl, token);
    }
    if (previous && previous.base_url !== baseUrl)
      await this.#secrets.delete(previous.base_url).catch(() => undefined);
    await setConnection(this.#db, { baseUrl, authHeader: p.authHeader, now: this.#now() });
    await upsertWorkspaces(this.#db, workspaces, this.#now());
    this.#client = null;
    this.#engine.tokenChanged();
    await logDecision(this.#syncCtx(), {
      action: 'connected',
      reason: `Connected to ${baseUrl}; ${workspaces.length} workspace(s).`,
    });
    const view = await this.#settingsChanged();
    await this.#engine.refresh();
    this.#engine.background(() => this.#engine.syncNow('connected'));
    return view;
  }

  async #moveLocalDrafts(slug: string, postIds?: string[]): Promise<{ moved: number }> {
    await this.#knownWorkspace(slug);
    const locals = await listPosts(this.#db, null);
    const wanted = postIds ? new Set(postIds) : null;
    if (wanted) {
      for (const id of wanted) {
        if (!locals.some((p) => p.id === id))
          throw new CommandError('not_found', `No local draft with id ${id}.`);
      }
    }
    const moving = locals.filter((p) => wanted === null || wanted.has(p.id));
    const now = this.#now();
    await this.#db.transaction().execute(async (trx) => {
      for (const post of moving) {
        await updatePost(trx, post.id, { workspace: slug, updated_at: now });
        await enqueue(trx, { kind: 'create_post', postId: post.id, variantId: null, now });
        for (const v of await listVariantsOfPost(trx, post.id)) {
          await enqueue(trx, { kind: 'create_variant', postId: post.id, variantId: v.id, now });
          if (v.scheduled_at !== null)
            await enqueue(trx, { kind: 'schedule', postId: post.id, variantId: v.id, now });
        }
      }
    });
    for (const post of moving)
      this.#emit({ name: 'itemChanged', data: { postId: post.id, variantId: null } });
    await this.#engine.refresh();
    if (moving.length > 0) this.#engine.background(() => this.#engine.syncNow('local drafts moved'));
    return { moved: moving.length };
  }

  async #setSchedule(id: string, at: string | null): Promise<VariantView> {
    const v = await this.#variant(id);
    this.#assertEditable(v);
    const post = await this.#post(v.post_id);
    if (at !== null && v.account_mode === 'none')
      throw new CommandError(
        'invalid_state',
        'Choose a posting account before scheduling (the service needs one).',
      );
    const now = this.#now();
    await this.#db.transaction().execute(async (trx) => {
      await updateVariant(trx, v.id, { scheduled_at: at, updated_at: now });
      if (post.workspace !== null)
        await enqueue(trx, {
          kind: at === null ? 'unschedule' : 'schedule',
          postId: post.id,
          variantId: v.id,
          now,
        });
    });
    this.#changed(post.id, v.id);
    return this.#variantView(v.id);
  }

  async #resolveVariantConflict(
    p:
      | { id: string; choice: 'mine' | 'theirs' }
      | {
          id: string;
          choice: 'edit';
          content?: string;
          scheduledAt?: string | null;
          account?: AccountChoice;
        },
  ): Promise<VariantView> {
    const v = await this.#variant(p.id);
    const post = await this.#post(v.post_id);
    const conflicts = parseJson<Array<{ field: string; mine: string | null; theirs: string | null }>>(
      v.conflict,
    );
    if (!conflicts || conflicts.length === 0)
      throw new CommandError('invalid_state', 'This variant has no conflict to resolve.');
    const base = parseJson<VariantBase>(v.base) ?? {
      content: v.content,
      scheduled_at: v.scheduled_at,
      social_profile_id: mineAccount(v, null),
      status: v.status,
      platform_post_url: v.platform_post_url,
    };
    const theirs = new Map(conflicts.map((c) => [c.field, c.theirs]));
    const newBase: VariantBase = { ...base };
    const patch: Partial<VariantRow> = { conflict: null, updated_at: this.#now() };
    // The service's values become the base: "mine" and "edit" then count as local changes to send.
    if (theirs.has('content')) newBase.content = theirs.get('content') ?? '';
    if (theirs.has('scheduled_at')) newBase.scheduled_at = theirs.get('scheduled_at') ?? null;
    if (theirs.has('social_profile_id')) newBase.social_profile_id = theirs.get('social_profile_id') ?? null;
    if (p.choice === 'theirs') {
      if (theirs.has('content')) patch.content = newBase.content;
      if (theirs.has('scheduled_at')) patch.scheduled_at = newBase.scheduled_at;
      if (theirs.has('social_profile_id')) {
        patch.account_mode = newBase.social_profile_id === null ? 'none' : 'profile';
        patch.social_profile_id = newBase.social_profile_id;
      }
    } else if (p.choice === 'edit') {
      if (p.content !== undefined) patch.content = p.content;
      if (p.scheduledAt !== undefined)
        patch.scheduled_at = p.scheduledAt === null ? null : new Date(p.scheduledAt).toISOString();
      if (p.account !== undefined) Object.assign(patch, this.#accountColumns(p.account));
    }
    patch.base = JSON.stringify(newBase);
    const after = { ...v, ...patch };
    const fields: VariantField[] = [];
    if (after.content !== newBase.content) fields.push('content');
    if (mineAccount(after, newBase) !== newBase.social_profile_id) fields.push('account');
    const scheduleChanged = after.scheduled_at !== newBase.scheduled_at;
    const now = this.#now();
    await this.#db.transaction().execute(async (trx) => {
      await updateVariant(trx, v.id, patch);
      await deleteOpenOpsOfVariant(trx, v.id, ['update_variant', 'schedule', 'unschedule']);
      if (fields.length > 0)
        await enqueue(trx, {
          kind: 'update_variant',
          postId: post.id,
          variantId: v.id,
          payload: { fields },
          now,
        });
      if (scheduleChanged)
        await enqueue(trx, {
          kind: after.scheduled_at === null ? 'unschedule' : 'schedule',
          postId: post.id,
          variantId: v.id,
          now,
        });
    });
    await logDecision(this.#syncCtx(), {
      action: `resolve_${p.choice}`,
      reason: 'The user resolved a conflict.',
      postId: post.id,
      variantId: v.id,
    });
    this.#changed(post.id, v.id);
    return this.#variantView(v.id);
  }
}
