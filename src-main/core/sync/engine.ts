// The sync engine: one sync at a time (a second caller joins the running one), planned by
// planSync (plan.ts) and run by runRound (round.ts); its resting phase is one field, and the
// counts the window shows are recounted from the database. Timers (periodic sync, retry and
// reconcile wake-ups, the reachability check while offline) run only when the host asks.
import type { SyncPhase, SyncStatus } from '@preload/bridge';
import type { FailingAnswer } from '../api/answer-watch';
import { isServiceError } from '../api/errors';
import type { Cancel } from '../ports';
import { syncImpact } from '../outbox/sync-impact';
import { getSetting, setSetting } from '../store/settings-repository';
import { syncStoppedWords } from '@preload/words/data';
import { storageFailureOf } from '../store/storage-errors';
import { SyncLease } from '../store/sync-lease';
import { nextReconcileAt } from '../store/variant-repository';
import { notify } from '../domain/notices';
import { logDecision, nowIso, type SyncContext } from '../store/unit-of-work';
import { type ClientGetter } from '../api/client';
import type { SyncTrigger } from '../ports';
import { planSync } from './plan';
import { runRound, type Watch } from './round';
import { checkedParts, EMPTY_SCREEN, RereadBudget, type Screen } from './reread';
import { nextProbeIn, nextTick, nextTry, serviceWaitUntil, wakeTime } from './next-try';
import { countStatus, initialStatus } from './status-counts';
import type { SyncEngineOptions } from './engine-options';
import { messageOf } from '../error-message';

export { FULL_PULL_EVERY_MS } from './plan';
export type { SyncEngineOptions } from './engine-options';
/** How often a running sync tells other processes it is still at work (see SyncLease). */
const LEASE_RENEW_MS = 15_000;

/** Where the engine rests between syncs. */
type Resting =
  | { kind: 'idle' }
  | { kind: 'paused' }
  | { kind: 'needs_token'; reason: string }
  | { kind: 'offline'; reason: string; probeInMs: number };

type Client = NonNullable<Awaited<ReturnType<ClientGetter>>>;

export class SyncEngine {
  readonly #ctx: SyncContext;
  readonly #opts: SyncEngineOptions;
  readonly #lease: SyncLease;
  #running: Promise<SyncStatus> | null = null;
  #resting: Resting = { kind: 'idle' };
  #status: SyncStatus = initialStatus();
  #lastFullPullAt: number | null = null;
  #lastCheckAt: number | null = null;
  /** The service asked (Retry-After) to be left alone until then. */
  #serviceWaitUntil: number | null = null;
  /** When the periodic timer was set: its next tick is counted from there. */
  #intervalFrom: number | null = null;
  readonly #watch: Watch = { marks: new Map(), screen: EMPTY_SCREEN, budget: new RereadBudget() };
  #closed = false;
  #tokenNoticeGiven = false;
  readonly #timers = new Map<'interval' | 'wake' | 'refresh' | 'afterChange' | 'probe', Cancel>();
  readonly #tasks = new Set<Promise<unknown>>();

  constructor(options: SyncEngineOptions) {
    this.#opts = options;
    this.#ctx = options.ctx;
    this.#lease = options.lease ?? new SyncLease(options.ctx.db);
  }

  async start(): Promise<void> {
    this.#status.lastSyncAt = await getSetting<string | null>(this.#ctx.db, 'lastSyncAt', null);
    this.#status.lastReadAt = await getSetting<string | null>(this.#ctx.db, 'lastReadAt', null);
    if (await getSetting<boolean>(this.#ctx.db, 'syncPaused', false)) this.#resting = { kind: 'paused' };
    this.#status.checked = await checkedParts(this.#ctx, this.#watch.screen, this.#status.lastReadAt);
    await this.refresh();
    if (this.#opts.intervalMs !== false) {
      this.#intervalFrom = this.#ctx.clock.now().getTime();
      const stop = this.#opts.scheduler.every(this.#opts.intervalMs, () =>
        this.background(() => this.syncNow('interval')),
      );
      this.#timers.set('interval', stop);
    }
  }

  /** Runs work the caller does not wait for; failures are logged, and close() waits for it. */
  background(work: () => Promise<unknown>): void {
    if (this.#closed) return;
    const task = work()
      .catch((error: unknown) => {
        if (!this.#closed)
          this.#ctx.logger.error('background task failed', {
            message: messageOf(error),
          });
      })
      .finally(() => this.#tasks.delete(task));
    this.#tasks.add(task);
  }

  /** What the window shows (the open post; the posts and time ranges in view): read again within a minute. */
  watchScreen(shown: Partial<Screen>): void {
    this.#watch.screen = { ...this.#watch.screen, ...shown };
  }

  #after(name: 'wake' | 'refresh' | 'afterChange' | 'probe', ms: number, fn: () => void): void {
    this.#timers.get(name)?.();
    if (this.#closed) return;
    const cancel = this.#opts.scheduler.after(ms, () => {
      this.#timers.delete(name);
      fn();
    });
    this.#timers.set(name, cancel);
  }

  status(): SyncStatus {
    return { ...this.#status };
  }

  /** Coalesces recounts after bursts of local edits: typing must not pay for counting. */
  refreshSoon(): void {
    if (this.#timers.has('refresh')) return;
    this.#after('refresh', 150, () => this.background(() => this.refresh()));
  }

  /**
   * A local change was saved: a light sync follows once changes stop coming for a moment, so a
   * burst of typing goes out as one request, and a change made during a sync is not left
   * waiting for the next interval.
   */
  syncSoon(): void {
    const quietMs = this.#opts.afterChangeMs;
    if (quietMs === false) return;
    this.#after('afterChange', quietMs, () => {
      // A sync already running may have passed this change by: go again once it is over.
      const running = this.#running;
      if (running) this.background(() => running.finally(() => this.syncSoon()));
      else this.background(() => this.syncNow('local change'));
    });
  }

  /** Recounts from the database and tells the window. */
  async refresh(patch: Partial<SyncStatus> = {}): Promise<SyncStatus> {
    const counted = await countStatus(this.#ctx.db);
    const phase = await this.#phase();
    this.#status = {
      ...this.#status,
      ...patch,
      phase: patch.phase ?? phase,
      ...counted,
    };
    this.#ctx.emit({ name: 'syncStatus', data: this.status() });
    return this.status();
  }

  async #phase(): Promise<SyncPhase> {
    if (this.#running !== null) return 'syncing';
    if (!(await this.#opts.isConnected())) return 'not_connected';
    if (this.#resting.kind === 'idle') return this.#status.online ? 'idle' : 'offline';
    return this.#resting.kind;
  }

  setOnline(online: boolean): void {
    const was = this.#status.online;
    this.#status.online = online;
    if (online && this.#resting.kind === 'offline') this.#resting = { kind: 'idle' };
    this.background(() => this.refresh());
    if (online && !was) this.background(() => this.syncNow('back online'));
  }

  async pause(): Promise<SyncStatus> {
    this.#resting = { kind: 'paused' };
    await setSetting(this.#ctx.db, 'syncPaused', true);
    return this.refresh();
  }

  async resume(): Promise<SyncStatus> {
    if (this.#resting.kind === 'paused') this.#resting = { kind: 'idle' };
    await setSetting(this.#ctx.db, 'syncPaused', false);
    const status = await this.refresh();
    this.background(() => this.syncNow('resumed'));
    return status;
  }

  /** A new token was given: lift the auth pause. */
  tokenChanged(): void {
    if (this.#resting.kind === 'needs_token') this.#resting = { kind: 'idle' };
    this.#tokenNoticeGiven = false;
  }

  /** Sync waits for a new token; the user hears it once, not at every retry of the old one. */
  async #pauseForToken(reason: string): Promise<void> {
    this.#resting = { kind: 'needs_token', reason };
    if (this.#tokenNoticeGiven) return;
    this.#tokenNoticeGiven = true;
    await notify(
      this.#ctx,
      'needs_user',
      'Sync is paused until Outpost has an access token the service accepts: enter one in Settings. Your drafts are kept.',
      { postId: null, variantId: null, cause: 'needs_token' },
    );
  }

  /**
   * The service could not be reached: it is asked again with one light request at a capped,
   * growing interval, so its return is noticed within seconds without a burst of requests.
   */
  #goOffline(reason: string): void {
    const probeInMs = nextProbeIn(this.#resting.kind === 'offline' ? this.#resting.probeInMs : null);
    this.#resting = { kind: 'offline', reason, probeInMs };
    if (this.#opts.intervalMs === false) return;
    this.#after('probe', probeInMs, () => this.background(() => this.#probe()));
  }

  async #probe(): Promise<void> {
    if (this.#resting.kind !== 'offline' || this.#running !== null || !this.#status.online) return;
    let client: Client | null;
    try {
      client = await this.#opts.client();
      if (client === null) return;
      await client.listWorkspaces();
    } catch (error) {
      if (syncImpact(error) === 'offline') return this.#goOffline((error as Error).message);
      // Anything else is an answer (a 5xx too): the service is there again; the sync says what it meant.
    }
    this.#resting = { kind: 'idle' };
    await logDecision(this.#ctx, { action: 'reachable', reason: 'The service answers again.' });
    await this.syncNow('back online');
  }

  syncNow(trigger: SyncTrigger): Promise<SyncStatus> {
    if (this.#running) return this.#running;
    if (this.#closed) return Promise.resolve(this.status());
    const run = this.#run(trigger)
      .catch((error: unknown) => this.#storageFailed(error))
      .finally(() => {
        this.#running = null;
      });
    this.#running = run.then(async () => this.refresh());
    return this.#running;
  }

  /** A write the folder could not take ends the sync, said in the status; anything else is thrown on. */
  #storageFailed(error: unknown): void {
    const storage = storageFailureOf(error);
    if (storage === null) throw error;
    this.#status.lastError = syncStoppedWords(storage);
    this.#opts.onStorageFailure?.(error);
  }

  async #run(trigger: SyncTrigger): Promise<void> {
    const ctx = this.#ctx;
    const plan = planSync(trigger, {
      pausedByUser: this.#resting.kind === 'paused',
      systemOffline: !this.#status.online,
      lastFullPullAt: this.#lastFullPullAt,
      lastCheckAt: this.#lastCheckAt,
      serviceWaitUntil: this.#serviceWaitUntil,
      now: ctx.clock.now().getTime(),
      unavailableWorkspaces: this.#status.unavailableWorkspaces.length,
    });
    if (plan.action === 'skip') {
      await logDecision(ctx, { action: 'sync_skipped', reason: plan.reason });
      return;
    }
    let client: Client | null;
    try {
      client = await this.#opts.client();
    } catch (error) {
      this.#status.lastError = messageOf(error);
      await this.#pauseForToken(this.#status.lastError);
      return;
    }
    if (client === null) return;
    if (this.#resting.kind === 'needs_token') this.#resting = { kind: 'idle' };
    const lease = await this.#lease.acquire();
    if (!lease.ok) {
      const why = `Another Outpost process (pid ${lease.holder.pid}) is syncing this data folder; it sends these changes too.`;
      this.#status.lastError = why;
      await logDecision(ctx, { action: 'sync_skipped', reason: why });
      return;
    }
    const stopRenewing = this.#opts.scheduler.every(LEASE_RENEW_MS, () =>
      this.background(() => this.#lease.renew()),
    );
    try {
      await this.refresh({ phase: 'syncing' });
      await logDecision(ctx, { action: 'sync_start', reason: trigger });
      // Awaited first: a refresh during the sync replaces #status, and the word must land on the new one.
      const said = await this.#syncHoldingLease(plan, client);
      this.#status.lastError = said;
    } finally {
      stopRenewing();
      await this.#lease.release().catch(() => undefined);
      await this.#opts
        .checkpoint?.()
        .catch((error: unknown) => ctx.logger.warn('checkpoint failed', { message: String(error) }));
    }
  }

  /** Pull or check (as planned), push, reconcile. Returns what the status bar should say went wrong. */
  async #syncHoldingLease(
    plan: Extract<ReturnType<typeof planSync>, { action: 'sync' }>,
    client: Client,
  ): Promise<string | null> {
    const ctx = this.#ctx;
    const started = ctx.clock.now().getTime();
    // Only this sync's answers say whether the service is failing now.
    this.#opts.answers?.take();
    try {
      const round = await runRound(ctx, client, plan, this.#watch);
      this.#status.answerTrouble = round.trouble;
      if (plan.pull === 'full') this.#lastFullPullAt = started;
      if (round.read) {
        this.#lastCheckAt = started;
        this.#status.unreadWorkspaces = round.unread;
        if (round.unread.length === 0) {
          this.#status.lastReadAt = nowIso(ctx);
          await setSetting(ctx.db, 'lastReadAt', this.#status.lastReadAt);
        }
        this.#status.checked = await checkedParts(ctx, this.#watch.screen, this.#status.lastReadAt);
      }
      const failing = this.#opts.answers?.take() ?? null;
      if (round.stop?.kind === 'auth') {
        await this.#pauseForToken(round.stop.reason);
        return round.stop.reason;
      }
      if (round.stop?.kind === 'offline') {
        this.#goOffline(round.stop.reason);
        return round.stop.reason;
      }
      if (this.#resting.kind === 'offline') this.#resting = { kind: 'idle' };
      const at = nowIso(ctx);
      this.#status.lastSyncAt = at;
      await setSetting(ctx.db, 'lastSyncAt', at);
      await this.#serviceAnswered(failing, round.nextAttemptAt);
      const unread = round.unread.map((w) => `Workspace ${w.slug} could not be read: ${w.reason}`);
      const said = [...unread, ...round.notes];
      return said.length > 0 ? said.join(' ') : null;
    } catch (error) {
      // The folder cannot take a write (nor a line in the decision log): said by #storageFailed.
      if (storageFailureOf(error) !== null) throw error;
      const message = messageOf(error);
      const impact = syncImpact(error);
      if (impact === 'token') await this.#pauseForToken(message);
      if (impact === 'offline') this.#goOffline(message);
      if (!isServiceError(error)) ctx.logger.error('sync failed unexpectedly', { message });
      await logDecision(ctx, { action: 'sync_failed', reason: message });
      if (impact === 'item' || impact === 'workspace')
        await this.#serviceAnswered(this.#opts.answers?.take() ?? null, null);
      return message;
    }
  }

  /**
   * After a sync that got answers: whether the service failed some of them, and when Outpost
   * tries again by itself (its wake-up or its next periodic sync, never before a Retry-After).
   */
  async #serviceAnswered(failing: FailingAnswer | null, nextAttemptAt: string | null): Promise<void> {
    const now = this.#ctx.clock.now().getTime();
    this.#serviceWaitUntil = serviceWaitUntil(failing, now);
    const wakeAt = await this.#scheduleWake([
      nextAttemptAt === null ? null : Date.parse(nextAttemptAt),
      this.#serviceWaitUntil,
    ]);
    const next = nextTry(
      [wakeAt, nextTick(this.#intervalFrom, this.#opts.intervalMs, now)],
      this.#serviceWaitUntil,
    );
    this.#status.serviceFailing =
      failing === null
        ? null
        : { status: failing.status, nextTryAt: next === null ? null : new Date(next).toISOString() };
  }

  /** Sets the wake-up at the earliest of `times` and of the next reconcile; answers when it is. */
  async #scheduleWake(times: Array<number | null>): Promise<number | null> {
    if (this.#opts.intervalMs === false || this.#closed) return null;
    const reconcileAt = await nextReconcileAt(this.#ctx.db);
    const now = this.#ctx.clock.now().getTime();
    const at = wakeTime([...times, reconcileAt === null ? null : Date.parse(reconcileAt)], now);
    if (at !== null)
      this.#after('wake', at - now, () => this.background(() => this.syncNow('retry or reconcile time')));
    return at;
  }

  /** Stops timers and waits up to `graceMs` for a running sync. */
  async close(graceMs: number): Promise<void> {
    this.#closed = true;
    for (const cancel of this.#timers.values()) cancel();
    this.#timers.clear();
    const running = Promise.all([this.#running, ...this.#tasks]);
    // A real timer: the grace bounds a real request in flight, which virtual time never ends.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      running.catch(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      }),
    ]);
    if (timer) clearTimeout(timer);
    // A sync cut short by the grace is left to the unknown-outcome path; nobody waits on it.
    await this.#lease.release().catch(() => undefined);
  }
}
