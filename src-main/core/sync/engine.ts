// The sync engine: one sync at a time (a second caller joins the running one), push then pull
// then reconcile, phase and counts kept as a SyncStatus the window shows. Timers (periodic
// sync, retry and reconcile wake-ups) run only when the host asks for them.
import type { SyncPhase, SyncStatus } from '../../../src-preload/bridge';
import { isServiceError } from '../api/errors';
import { countOps } from '../store/outbox-repository';
import { getPost } from '../store/post-repository';
import { getSetting, setSetting } from '../store/settings-repository';
import { SyncLease } from '../store/sync-lease';
import { pruneSyncLog } from '../store/sync-log-repository';
import { listVariantsDueForReconcile, nextReconcileAt } from '../store/variant-repository';
import { notify } from './apply';
import { mergeVariantsOfPost, pullWorkspace, pullWorkspaceList } from './pull';
import { push } from './push';
import { logDecision, nowIso, type ClientGetter, type SyncContext } from './context';

/** Triggers that come often: they push and reconcile, and pull everything only now and then. */
const LIGHT_REASONS = new Set([
  'interval',
  'focus',
  'retry or reconcile time',
  'publish requested',
  'publish again',
  'retry requested',
  'local change',
]);
/** A light sync still pulls everything when the last full pull is older than this. */
export const FULL_PULL_EVERY_MS = 15 * 60_000;
/** How often a running sync tells other processes it is still at work (see SyncLease). */
const LEASE_RENEW_MS = 15_000;

export interface SyncEngineOptions {
  ctx: SyncContext;
  /** null when not connected; throws a ServiceError kind 'auth' when the token is missing. */
  client: ClientGetter;
  isConnected: () => Promise<boolean>;
  intervalMs: number | false;
  /** Quiet time after the last local change before a light sync sends it; false: never by itself. */
  afterChangeMs: number | false;
  /** Keeps other processes on the same data folder from syncing at the same time. */
  lease?: SyncLease;
  /** Folds the write-ahead log into the database: a sync's end is a quiet moment for it. */
  checkpoint?: () => Promise<void>;
}

export class SyncEngine {
  readonly #ctx: SyncContext;
  readonly #opts: SyncEngineOptions;
  #running: Promise<SyncStatus> | null = null;
  #status: SyncStatus = {
    phase: 'not_connected',
    online: true,
    pending: 0,
    failed: 0,
    conflicts: 0,
    needsAttention: 0,
    lastSyncAt: null,
    lastError: null,
  };
  #lastFullPullAt: number | null = null;
  #userPaused = false;
  #authPaused = false;
  #offline = false;
  #closed = false;
  #interval: NodeJS.Timeout | null = null;
  #wake: NodeJS.Timeout | null = null;
  #afterChange: NodeJS.Timeout | null = null;

  readonly #lease: SyncLease;

  constructor(options: SyncEngineOptions) {
    this.#opts = options;
    this.#ctx = options.ctx;
    this.#lease = options.lease ?? new SyncLease(options.ctx.db);
  }

  async start(): Promise<void> {
    this.#status.lastSyncAt = await getSetting<string | null>(this.#ctx.db, 'lastSyncAt', null);
    this.#userPaused = await getSetting<boolean>(this.#ctx.db, 'syncPaused', false);
    await this.refresh();
    if (this.#opts.intervalMs !== false) {
      this.#interval = setInterval(
        () => this.background(() => this.syncNow('interval')),
        this.#opts.intervalMs,
      );
      this.#interval.unref();
    }
  }

  readonly #tasks = new Set<Promise<unknown>>();

  /** Runs work the caller does not wait for; failures are logged, and close() waits for it. */
  background(work: () => Promise<unknown>): void {
    if (this.#closed) return;
    const task = work()
      .catch((error: unknown) => {
        if (!this.#closed) {
          this.#ctx.logger.error('background task failed', {
            message: error instanceof Error ? error.message : String(error),
          });
        }
      })
      .finally(() => this.#tasks.delete(task));
    this.#tasks.add(task);
  }

  status(): SyncStatus {
    return { ...this.#status };
  }

  get running(): Promise<SyncStatus> | null {
    return this.#running;
  }

  #refreshTimer: NodeJS.Timeout | null = null;

  /** Coalesces recounts after bursts of local edits: typing must not pay for counting. */
  refreshSoon(): void {
    if (this.#refreshTimer !== null || this.#closed) return;
    this.#refreshTimer = setTimeout(() => {
      this.#refreshTimer = null;
      this.background(() => this.refresh());
    }, 150);
    this.#refreshTimer.unref();
  }

  /**
   * A local change was saved: a light sync follows once changes stop coming for a moment, so a
   * burst of typing goes out as one request, and a change made during a sync is not left
   * waiting for the next interval.
   */
  syncSoon(): void {
    const quietMs = this.#opts.afterChangeMs;
    if (quietMs === false || this.#closed) return;
    if (this.#afterChange !== null) clearTimeout(this.#afterChange);
    this.#afterChange = setTimeout(() => {
      this.#afterChange = null;
      // A sync already running may have passed this change by: go again once it is over.
      const running = this.#running;
      if (running) this.background(() => running.finally(() => this.syncSoon()));
      else this.background(() => this.syncNow('local change'));
    }, quietMs);
    this.#afterChange.unref();
  }

  /** Recounts from the database and tells the window. */
  async refresh(patch: Partial<SyncStatus> = {}): Promise<SyncStatus> {
    const db = this.#ctx.db;
    const counts = await countOps(db);
    const conflictRows = await db
      .selectFrom('variant')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('conflict', 'is not', null)
      .executeTakeFirst();
    const postConflicts = await db
      .selectFrom('post')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('conflict', 'is not', null)
      .executeTakeFirst();
    const publishUnknown = await db
      .selectFrom('variant')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('publish_unknown', 'is not', null)
      .executeTakeFirst();
    const conflicts = Number(conflictRows?.n ?? 0) + Number(postConflicts?.n ?? 0);
    const connected = await this.#opts.isConnected();
    const phase: SyncPhase =
      this.#running !== null
        ? 'syncing'
        : !connected
          ? 'not_connected'
          : this.#authPaused
            ? 'needs_token'
            : this.#userPaused
              ? 'paused'
              : this.#offline || !this.#status.online
                ? 'offline'
                : 'idle';
    this.#status = {
      ...this.#status,
      ...patch,
      phase: patch.phase ?? phase,
      pending: counts.pending + counts.sending + counts.unknown,
      failed: counts.failed,
      conflicts,
      needsAttention: counts.failed + conflicts + Number(publishUnknown?.n ?? 0),
    };
    this.#ctx.emit({ name: 'syncStatus', data: this.status() });
    return this.status();
  }

  setOnline(online: boolean): void {
    const was = this.#status.online;
    this.#status.online = online;
    if (online) this.#offline = false;
    this.background(() => this.refresh());
    if (online && !was) this.background(() => this.syncNow('back online'));
  }

  async pause(): Promise<SyncStatus> {
    this.#userPaused = true;
    await setSetting(this.#ctx.db, 'syncPaused', true);
    return this.refresh();
  }

  async resume(): Promise<SyncStatus> {
    this.#userPaused = false;
    await setSetting(this.#ctx.db, 'syncPaused', false);
    const status = await this.refresh();
    this.background(() => this.syncNow('resumed'));
    return status;
  }

  /** A new token was given: lift the auth pause. */
  tokenChanged(): void {
    this.#authPaused = false;
    this.#tokenNoticeGiven = false;
  }

  #tokenNoticeGiven = false;

  /** Sync waits for a new token; the user hears it once, not at every retry of the old one. */
  async #pauseForToken(): Promise<void> {
    this.#authPaused = true;
    if (this.#tokenNoticeGiven) return;
    this.#tokenNoticeGiven = true;
    await notify(
      this.#ctx,
      'needs_user',
      'Sync is paused until Outpost has an access token the service accepts: enter one in Settings. Your drafts are kept.',
      { postId: null, variantId: null },
    );
  }

  syncNow(reason: string): Promise<SyncStatus> {
    if (this.#running) return this.#running;
    if (this.#closed) return Promise.resolve(this.status());
    const run = this.#run(reason).finally(() => {
      this.#running = null;
    });
    this.#running = run.then(async () => this.refresh());
    return this.#running;
  }

  async #run(reason: string): Promise<void> {
    const ctx = this.#ctx;
    if (this.#userPaused || !this.#status.online) {
      await logDecision(ctx, {
        action: 'sync_skipped',
        reason: this.#userPaused ? 'Sync is paused by the user.' : 'The system says the network is down.',
      });
      return;
    }
    let client;
    try {
      client = await this.#opts.client();
    } catch (error) {
      this.#status.lastError = error instanceof Error ? error.message : String(error);
      await this.#pauseForToken();
      return;
    }
    if (client === null) return;
    this.#authPaused = false;
    const lease = await this.#lease.acquire();
    if (!lease.ok) {
      const why = `Another Outpost process (pid ${lease.holder.pid}) is syncing this data folder; it sends these changes too.`;
      this.#status.lastError = why;
      await logDecision(ctx, { action: 'sync_skipped', reason: why });
      return;
    }
    const renewal = setInterval(() => this.background(() => this.#lease.renew()), LEASE_RENEW_MS);
    renewal.unref();
    try {
      await this.#runHoldingLease(reason, client);
    } finally {
      clearInterval(renewal);
      await this.#lease.release().catch(() => undefined);
      await this.#opts
        .checkpoint?.()
        .catch((error: unknown) => ctx.logger.warn('checkpoint failed', { message: String(error) }));
    }
  }

  async #runHoldingLease(
    reason: string,
    client: NonNullable<Awaited<ReturnType<ClientGetter>>>,
  ): Promise<void> {
    const ctx = this.#ctx;
    await this.refresh({ phase: 'syncing' });
    await logDecision(ctx, { action: 'sync_start', reason });
    let lastError: string | null = null;
    try {
      // Pull first: a change made on the service is seen (and a conflict raised) before a local
      // edit of the same field could overwrite it.
      const nowMs = ctx.clock.now().getTime();
      const full =
        !LIGHT_REASONS.has(reason) ||
        this.#lastFullPullAt === null ||
        nowMs - this.#lastFullPullAt >= FULL_PULL_EVERY_MS;
      if (full) await this.#pullAll(client);
      else
        await logDecision(ctx, {
          action: 'pull_skipped',
          reason:
            'A light sync: changed posts are read back before each write; a full pull runs every 15 minutes.',
        });
      const pushed = await push(ctx, client, { readBeforeWrite: !full });
      if (pushed.stop === 'auth') {
        await this.#pauseForToken();
        lastError = pushed.stopReason;
        await logDecision(ctx, {
          action: 'sync_paused_auth',
          reason: pushed.stopReason ?? 'The token was refused.',
        });
        return;
      }
      if (pushed.stop === 'offline') {
        this.#offline = true;
        lastError = pushed.stopReason;
        return;
      }
      await this.#reconcileDue(client);
      this.#offline = false;
      const at = nowIso(ctx);
      this.#status.lastSyncAt = at;
      await setSetting(ctx.db, 'lastSyncAt', at);
      await logDecision(ctx, { action: 'sync_done', reason: 'Pull, push and reconcile finished.' });
      await pruneSyncLog(ctx.db);
      this.#scheduleWake(pushed.nextAttemptAt);
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      if (isServiceError(error)) {
        if (error.kind === 'auth') await this.#pauseForToken();
        if (error.kind === 'offline' || error.kind === 'timeout') this.#offline = true;
      } else {
        ctx.logger.error('sync failed unexpectedly', { message: lastError });
      }
      await logDecision(ctx, { action: 'sync_failed', reason: lastError });
    } finally {
      this.#status.lastError = lastError;
    }
  }

  async #pullAll(client: NonNullable<Awaited<ReturnType<ClientGetter>>>): Promise<void> {
    const ctx = this.#ctx;
    const started = ctx.clock.now().getTime();
    const slugs = await pullWorkspaceList(ctx, client);
    for (const slug of slugs) {
      try {
        await pullWorkspace(ctx, client, slug);
      } catch (error) {
        // One unreadable workspace must not keep the outbox from going out; auth and
        // connection failures concern everything and stop the sync.
        if (isServiceError(error) && ['auth', 'offline', 'timeout'].includes(error.kind)) throw error;
        await logDecision(ctx, {
          action: 'pull_workspace_failed',
          reason: `${slug}: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    }
    this.#lastFullPullAt = started;
  }

  /** Re-reads scheduled and needs_approval variants whose time has come. */
  async #reconcileDue(client: NonNullable<Awaited<ReturnType<ClientGetter>>>): Promise<void> {
    const ctx = this.#ctx;
    const due = await listVariantsDueForReconcile(ctx.db, nowIso(ctx));
    const postIds = [...new Set(due.map((v) => v.post_id))];
    for (const postId of postIds) {
      const post = await getPost(ctx.db, postId);
      if (!post || post.workspace === null || post.server_id === null) continue;
      let variants;
      try {
        variants = await client.listVariants(post.workspace, post.server_id);
      } catch (error) {
        if (isServiceError(error) && ['auth', 'offline', 'timeout'].includes(error.kind)) throw error;
        await logDecision(ctx, {
          action: 'reconcile_failed',
          reason: error instanceof Error ? error.message : String(error),
          postId,
        });
        continue;
      }
      // Only variants already linked are touched: imports belong to a full pull.
      const linked = new Set(due.filter((v) => v.post_id === postId).map((v) => v.server_id));
      await mergeVariantsOfPost(
        ctx,
        post,
        variants.filter((v) => linked.has(v.id)),
        true,
      );
    }
  }

  #scheduleWake(nextAttemptAt: string | null): void {
    if (this.#opts.intervalMs === false || this.#closed) return;
    this.background(() =>
      nextReconcileAt(this.#ctx.db).then((reconcileAt) => {
        const times = [nextAttemptAt, reconcileAt]
          .filter((t): t is string => t !== null)
          .map((t) => Date.parse(t));
        if (times.length === 0 || this.#closed) return;
        const delay = Math.max(1_000, Math.min(...times) - this.#ctx.clock.now().getTime());
        if (this.#wake) clearTimeout(this.#wake);
        this.#wake = setTimeout(
          () => this.background(() => this.syncNow('retry or reconcile time')),
          Math.min(delay, 2 ** 31 - 1),
        );
        this.#wake.unref();
      }),
    );
  }

  /** Stops timers and waits up to `graceMs` for a running sync. */
  async close(graceMs: number): Promise<void> {
    this.#closed = true;
    if (this.#interval) clearInterval(this.#interval);
    if (this.#wake) clearTimeout(this.#wake);
    if (this.#refreshTimer) clearTimeout(this.#refreshTimer);
    if (this.#afterChange) clearTimeout(this.#afterChange);
    const running = Promise.all([this.#running, ...this.#tasks]);
    {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        running.catch(() => undefined),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      if (timer) clearTimeout(timer);
    }
    // A sync cut short by the grace is left to the unknown-outcome path; nobody waits on it.
    await this.#lease.release().catch(() => undefined);
  }
}
