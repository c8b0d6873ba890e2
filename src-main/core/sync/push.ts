// Push: turns the outbox into requests. Ops of one post run in order; posts run concurrently,
// bounded. `sending` is committed before a request leaves, so a crash mid-request is seen on
// the next start as an outcome to resolve, never as something safe to resend blindly.
import { platformName } from '../../../src-preload/platforms';
import type { ServiceClient, ServiceVariant } from '../api/client';
import { isServiceError, type ServiceError } from '../api/errors';
import { parseJson, getPost, updatePost, listLinkedPosts, type PostBase } from '../store/post-repository';
import {
  listOpenOps,
  parsePayload,
  setOpState,
  withUnconfirmed,
  type OutboxPayload,
  type SentPatch,
} from '../store/outbox-repository';
import type { OutboxOpRow, PostRow, VariantRow } from '../store/schema';
import { getVariant, listVariantsOfPost, updateVariant, type VariantBase } from '../store/variant-repository';
import { baseOf, notify, recordServiceAnswer } from './apply';
import { retryDelayMs } from './backoff';
import { eachBounded, inTransaction, logDecision, nowIso, type SyncContext } from './context';
import { mergeVariantsOfPost } from './pull';
import {
  decideOnFailure,
  decidePublishReadBack,
  matchUnlinked,
  TITLE_NEEDED,
  type FailureFacts,
} from './reconcile';

export type PushStop = 'auth' | 'offline' | null;

export interface PushResult {
  stop: PushStop;
  stopReason: string | null;
  /** Earliest time a waiting op may be tried again. */
  nextAttemptAt: string | null;
}

type OpOutcome = 'done' | 'continue' | 'block_variant' | 'block_post' | 'stop_auth' | 'stop_offline';

/** The rows as they are when the request is built, read in the transaction that marks it sending. */
interface FreshRows {
  op: OutboxOpRow;
  post: PostRow;
  variant: VariantRow | null;
}

/** A request to send, with what it carried: `sent` to match an unknown create, `patch` for updates. */
interface Outgoing<T> {
  request: T;
  sent?: SendPayload['sent'];
  patch?: SentPatch;
}

interface SendPayload extends OutboxPayload {
  /** What the last request carried, for matching after an unknown outcome. */
  sent?: { title?: string; platform?: string; content?: string };
}

export interface PushOptions {
  /**
   * Read a post's variants back (and merge them three-way) before changing one of them. A
   * full sync pulls first and needs no such read; a light one relies on it, so a change made
   * on the service is still seen as a conflict rather than overwritten.
   */
  readBeforeWrite: boolean;
}

/** The op changed between being listed and being claimed for sending: it is not sent this time. */
class OpMoved extends Error {}

class PushRun {
  stop: PushStop = null;
  readonly #readPosts = new Set<string>();
  stopReason: string | null = null;
  nextAttemptAt: string | null = null;

  constructor(
    readonly ctx: SyncContext,
    readonly client: ServiceClient,
    readonly options: PushOptions,
  ) {}

  noteWait(at: string): void {
    if (this.nextAttemptAt === null || at < this.nextAttemptAt) this.nextAttemptAt = at;
  }

  async run(): Promise<PushResult> {
    const ops = await listOpenOps(this.ctx.db);
    const byPost = new Map<string, OutboxOpRow[]>();
    for (const op of ops) {
      const list = byPost.get(op.post_id) ?? [];
      list.push(op);
      byPost.set(op.post_id, list);
    }
    await eachBounded(
      [...byPost.entries()],
      this.ctx.concurrency,
      ([postId, list]) => this.runPost(postId, list),
      () => this.stop !== null,
    );
    return { stop: this.stop, stopReason: this.stopReason, nextAttemptAt: this.nextAttemptAt };
  }

  async runPost(postId: string, ops: OutboxOpRow[]): Promise<void> {
    const post = await getPost(this.ctx.db, postId);
    if (!post || post.workspace === null) return;
    if (post.remote_state === 'removed') {
      // Nothing can reach a post the service no longer has: settle its ops so they do not
      // wait forever, keeping the local text.
      for (const op of ops)
        if (op.state === 'pending')
          await this.settleRemoved(op, 'The post was removed on the service; it is kept here only.');
      return;
    }
    const blocked = new Set<string>();
    for (const snapshot of ops) {
      if (this.stop !== null) return;
      const op = await this.reload(snapshot.id);
      if (!op || op.state === 'done') continue;
      if (op.variant_id !== null && blocked.has(op.variant_id)) continue;
      if (op.variant_id !== null && op.kind !== 'create_variant' && (await this.inConflict(op.variant_id))) {
        // Nothing of a variant in conflict leaves until the user chose: never a silent overwrite.
        blocked.add(op.variant_id);
        continue;
      }
      if (op.state === 'failed') {
        if (op.kind === 'create_post') return;
        if (op.kind === 'create_variant' && op.variant_id) blocked.add(op.variant_id);
        continue;
      }
      if (op.state === 'unknown' && op.kind === 'publish') {
        // The user decides; later ops of that variant wait behind the decision.
        if (op.variant_id) blocked.add(op.variant_id);
        continue;
      }
      if (op.state === 'pending' && op.next_attempt_at !== null && op.next_attempt_at > nowIso(this.ctx)) {
        this.noteWait(op.next_attempt_at);
        return;
      }
      let outcome: OpOutcome;
      try {
        outcome = await this.runOp(op);
      } catch (error) {
        if (!(error instanceof OpMoved)) throw error;
        await logDecision(this.ctx, {
          action: 'skip_moved',
          reason: error.message,
          postId: op.post_id,
          variantId: op.variant_id,
        });
        return;
      }
      if (outcome === 'stop_auth' || outcome === 'stop_offline' || outcome === 'block_post') return;
      if (outcome === 'block_variant' && op.variant_id) blocked.add(op.variant_id);
    }
  }

  async inConflict(variantId: string): Promise<boolean> {
    const v = await getVariant(this.ctx.db, variantId);
    return v !== undefined && v.conflict !== null;
  }

  async settleRemoved(op: OutboxOpRow, reason: string): Promise<void> {
    await inTransaction(this.ctx, async (t) => {
      await setOpState(t.db, op.id, 'failed', { now: nowIso(t), error: reason });
      await logDecision(t, { action: 'fail_removed', reason, postId: op.post_id, variantId: op.variant_id });
    });
  }

  reload(id: string) {
    return this.ctx.db.selectFrom('outbox_op').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async runOp(op: OutboxOpRow): Promise<OpOutcome> {
    const post = await getPost(this.ctx.db, op.post_id);
    if (!post || post.workspace === null) return 'block_post';
    const variant = op.variant_id ? await getVariant(this.ctx.db, op.variant_id) : undefined;
    if (op.variant_id && !variant) {
      await this.finish(op, 'done', 'The variant no longer exists locally.');
      return 'continue';
    }
    const changesExisting =
      op.kind !== 'create_post' && op.kind !== 'create_variant' && op.kind !== 'update_post';
    if (
      this.options.readBeforeWrite &&
      changesExisting &&
      post.server_id !== null &&
      !this.#readPosts.has(post.id)
    ) {
      this.#readPosts.add(post.id);
      try {
        const current = await this.client.listVariants(post.workspace, post.server_id);
        await mergeVariantsOfPost(this.ctx, post, current, true);
      } catch (error) {
        // Only a read failed: the op itself was not sent, so it is handled like a safe update.
        return this.failed({ ...op, kind: 'update_variant' }, error, 'read before write');
      }
      if (op.variant_id !== null && (await this.inConflict(op.variant_id))) return 'block_variant';
    }
    if (variant && variant.remote_state === 'removed' && op.kind !== 'create_variant') {
      await this.settleRemoved(op, 'The variant was removed on the service; it is kept here only.');
      return 'block_variant';
    }
    switch (op.kind) {
      case 'create_post':
        return this.createPost(op, post);
      case 'update_post':
        // The spec has no endpoint to rename a post: the title stays local (shown in the window).
        await this.finish(op, 'done', 'No post update endpoint in the spec: title kept locally.');
        return 'continue';
      case 'create_variant':
        return this.createVariant(op, post, variant as VariantRow);
      case 'update_variant':
      case 'schedule':
      case 'unschedule':
        return this.patchVariant(op, post, variant as VariantRow);
      case 'publish':
        return this.publish(op, post, variant as VariantRow);
    }
  }

  /** Closes the op and logs why, in one commit (or in the caller's transaction, `ctx`). */
  async finish(op: OutboxOpRow, action: string, reason: string, ctx = this.ctx): Promise<void> {
    await inTransaction(ctx, async (t) => {
      await setOpState(t.db, op.id, 'done', { now: nowIso(t), error: null, nextAttemptAt: null });
      await logDecision(t, { action, reason, postId: op.post_id, variantId: op.variant_id });
    });
  }

  /**
   * Reads what to send and commits `sending` in one transaction, before the request leaves. An
   * edit saved before it rides on this request; one saved after finds the op `sending` and is
   * queued as a new op. (Read outside the transaction, an edit landing in between was folded
   * into an op already on its way, and never sent.)
   */
  async beginSend<T>(op: OutboxOpRow, build: (fresh: FreshRows) => Outgoing<T>): Promise<T>;
  async beginSend<T>(op: OutboxOpRow, build: (fresh: FreshRows) => Outgoing<T> | null): Promise<T | null>;
  async beginSend<T>(op: OutboxOpRow, build: (fresh: FreshRows) => Outgoing<T> | null): Promise<T | null> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('outbox_op')
        .selectAll()
        .where('id', '=', op.id)
        .executeTakeFirst();
      // Claimed only in the state it was listed in: a user's decision meanwhile (kept
      // unpublished, superseded) is never overridden by a request built from the old state.
      if (current === undefined || current.state !== op.state) {
        throw new OpMoved(
          `The ${op.kind} operation was ${current ? `set ${current.state}` : 'withdrawn'} while this sync ran.`,
        );
      }
      // Posts and variants are never deleted locally: the rows runOp saw still exist.
      const post = (await getPost(trx, op.post_id)) as PostRow;
      const variant = op.variant_id === null ? null : ((await getVariant(trx, op.variant_id)) as VariantRow);
      const outgoing = build({ op: current, post, variant });
      // Nothing to send: the op stays as it is, for the caller to settle.
      if (outgoing === null) return null;
      const { request, sent, patch } = outgoing;
      const stored = parsePayload(current);
      const payload: SendPayload = {
        ...(patch ? withUnconfirmed(stored, patch) : stored),
        ...(sent ? { sent } : {}),
      };
      const now = nowIso(this.ctx);
      await trx
        .updateTable('outbox_op')
        .set({
          state: 'sending',
          attempts: current.attempts + 1,
          sent_at: now,
          updated_at: now,
          payload: JSON.stringify(payload),
        })
        .where('id', '=', op.id)
        .where('state', '=', current.state)
        .execute();
      return request;
    });
  }

  // --- create post ------------------------------------------------------------------

  async createPost(op: OutboxOpRow, post: PostRow): Promise<OpOutcome> {
    const slug = post.workspace as string;
    if (post.server_id !== null) {
      await this.finish(op, 'skip_create_post', 'The post is already linked to the service.');
      return 'continue';
    }
    if (op.state === 'unknown' || op.state === 'sending') {
      const sentTitle = (parsePayload(op) as SendPayload).sent?.title ?? post.title;
      let candidates;
      try {
        candidates = await this.client.listPosts(slug);
      } catch (error) {
        return this.readBackFailed(op, error);
      }
      const linked = new Set((await listLinkedPosts(this.ctx.db, slug)).map((p) => p.server_id as string));
      const m = matchUnlinked(candidates, linked, (c) => c.title === sentTitle);
      await logDecision(this.ctx, { action: `create_post_${m.action}`, reason: m.reason, postId: post.id });
      if (m.action === 'adopt') {
        const found = candidates.find((c) => c.id === m.id);
        await this.linkPost(op, post, m.id, found?.title ?? sentTitle, found?.raw ?? {});
        return 'done';
      }
    }
    // The service keeps the title a post is created with (there is no rename): a post made
    // with "New post" waits until it has one, or it would be created untitled for good.
    const title = await this.beginSend(op, ({ post: fresh }) =>
      fresh.title.trim() === '' ? null : { request: fresh.title, sent: { title: fresh.title } },
    );
    if (title === null) {
      await logDecision(this.ctx, { action: 'wait_title', reason: TITLE_NEEDED, postId: post.id });
      return 'block_post';
    }
    try {
      const created = await this.client.createPost(slug, { title });
      await this.linkPost(op, post, created.id, created.title, created.raw);
      return 'done';
    } catch (error) {
      return this.failed(op, error, 'create post');
    }
  }

  async linkPost(
    op: OutboxOpRow,
    post: PostRow,
    serverId: string,
    title: string,
    raw: unknown,
  ): Promise<void> {
    const now = nowIso(this.ctx);
    await inTransaction(this.ctx, async (t) => {
      await updatePost(t.db, post.id, {
        server_id: serverId,
        base: JSON.stringify({ title } satisfies PostBase),
        raw: JSON.stringify(raw),
        error: null,
        updated_at: now,
      });
      await setOpState(t.db, op.id, 'done', { now, error: null, nextAttemptAt: null });
      await logDecision(t, {
        action: 'post_linked',
        reason: `The service holds it as post ${serverId}.`,
        postId: post.id,
      });
      t.emit({ name: 'itemChanged', data: { postId: post.id, variantId: null } });
    });
  }

  // --- create variant ---------------------------------------------------------------

  async createVariant(op: OutboxOpRow, post: PostRow, variant: VariantRow): Promise<OpOutcome> {
    const slug = post.workspace as string;
    if (post.server_id === null) return 'block_post';
    if (variant.server_id !== null) {
      await this.finish(op, 'skip_create_variant', 'The variant is already linked to the service.');
      return 'continue';
    }
    if (op.state === 'unknown' || op.state === 'sending') {
      const sent = (parsePayload(op) as SendPayload).sent ?? {
        platform: variant.platform,
        content: variant.content,
      };
      let candidates: ServiceVariant[];
      try {
        candidates = await this.client.listVariants(slug, post.server_id);
      } catch (error) {
        return this.readBackFailed(op, error);
      }
      const locals = await listVariantsOfPost(this.ctx.db, post.id);
      const linked = new Set(locals.filter((v) => v.server_id !== null).map((v) => v.server_id as string));
      const m = matchUnlinked(
        candidates,
        linked,
        (c) => c.platform === sent.platform && c.content === sent.content,
      );
      await logDecision(this.ctx, {
        action: `create_variant_${m.action}`,
        reason: m.reason,
        postId: post.id,
        variantId: variant.id,
      });
      if (m.action === 'adopt') {
        const found = candidates.find((c) => c.id === m.id) as ServiceVariant;
        await this.linkVariant(op, variant, found);
        return 'done';
      }
    }
    const body = await this.beginSend(op, ({ variant: fresh }) => {
      const v = fresh as VariantRow;
      const request: { platform: string; content: string; social_profile_id?: string | null } = {
        platform: v.platform,
        content: v.content,
      };
      // The three account states reach the request apart: key omitted, null, or the id.
      if (v.account_mode === 'none') request.social_profile_id = null;
      if (v.account_mode === 'profile') request.social_profile_id = v.social_profile_id;
      return { request, sent: { platform: v.platform, content: v.content } };
    });
    try {
      const created = await this.client.createVariant(slug, post.server_id, body);
      await this.linkVariant(op, variant, created);
      return 'done';
    } catch (error) {
      return this.failed(op, error, 'create variant');
    }
  }

  async linkVariant(op: OutboxOpRow, variant: VariantRow, sv: ServiceVariant): Promise<void> {
    await inTransaction(this.ctx, async (t) => {
      const fresh = (await getVariant(t.db, variant.id)) ?? variant;
      await recordServiceAnswer(t, fresh, sv);
      await this.finish(op, 'variant_linked', `The service holds it as variant ${sv.id}.`, t);
    });
  }

  // --- updates, schedule, unschedule --------------------------------------------------

  async patchVariant(op: OutboxOpRow, post: PostRow, variant: VariantRow): Promise<OpOutcome> {
    if (post.server_id === null || variant.server_id === null) return 'block_variant';
    // Built from the rows as they are when it is marked sending: the op may have been coalesced
    // with a newer edit (schedule into unschedule, too) since it was listed.
    const outgoing = await this.beginSend(op, (fresh) => {
      const patch = patchOf(fresh.op, fresh.variant as VariantRow);
      return patch === null ? null : { request: { patch, kind: fresh.op.kind }, patch };
    });
    if (outgoing === null) {
      await this.finish(op, 'skip_update', 'Nothing the service can take changed.');
      return 'continue';
    }
    const { patch, kind } = outgoing;
    try {
      const sv = await this.client.updateVariant(
        post.workspace as string,
        post.server_id,
        variant.server_id,
        patch,
      );
      await inTransaction(this.ctx, async (t) => {
        const fresh = (await getVariant(t.db, variant.id)) ?? variant;
        await recordServiceAnswer(t, fresh, sv);
        await this.finish(op, kind, `Sent ${Object.keys(patch).join(', ')}; the service accepted.`, t);
      });
      return 'done';
    } catch (error) {
      return this.failed({ ...op, kind }, error, kind);
    }
  }

  // --- publish ----------------------------------------------------------------------

  async publish(op: OutboxOpRow, post: PostRow, variant: VariantRow): Promise<OpOutcome> {
    if (post.server_id === null || variant.server_id === null) return 'block_variant';
    if (op.state === 'sending') {
      // A publish was in flight when Outpost stopped: read it back, never send it again.
      return this.readBackPublish(op, post, variant, 'Outpost stopped while the publish request was out.');
    }
    await this.beginSend(op, () => ({ request: null }));
    let sv: ServiceVariant;
    try {
      sv = await this.client.publishVariant(post.workspace as string, post.server_id, variant.server_id);
    } catch (error) {
      if (!isServiceError(error)) return this.failed(op, error, 'publish');
      const d = decideOnFailure(op, facts(error));
      if (d.action === 'unknown_outcome') return this.readBackPublish(op, post, variant, error.message);
      return this.failed(op, error, 'publish');
    }
    await inTransaction(this.ctx, async (t) => {
      const fresh = (await getVariant(t.db, variant.id)) ?? variant;
      await updateVariant(t.db, variant.id, { publish_unknown: null });
      await recordServiceAnswer(t, fresh, sv);
      await this.finish(
        op,
        'publish',
        `The service answered ${sv.platform_post_url ? 'published' : (sv.status ?? 'without a status')}.`,
        t,
      );
    });
    return 'done';
  }

  async readBackPublish(
    op: OutboxOpRow,
    post: PostRow,
    variant: VariantRow,
    why: string,
  ): Promise<OpOutcome> {
    const now = nowIso(this.ctx);
    await setOpState(this.ctx.db, op.id, 'unknown', { now, error: why });
    let found: ServiceVariant | null = null;
    let readError: string | null = null;
    try {
      const list = await this.client.listVariants(post.workspace as string, post.server_id as string);
      found = list.find((v) => v.id === variant.server_id) ?? null;
    } catch (error) {
      readError = error instanceof Error ? error.message : String(error);
    }
    const d = decidePublishReadBack(found);
    await logDecision(this.ctx, {
      action: `publish_readback_${d.action}`,
      reason: d.reason,
      postId: post.id,
      variantId: variant.id,
    });
    const fresh = (await getVariant(this.ctx.db, variant.id)) ?? variant;
    if (d.action === 'record' && found) {
      await recordServiceAnswer(this.ctx, fresh, found);
      await updateVariant(this.ctx.db, variant.id, { publish_unknown: null });
      await this.finish(op, 'publish_recorded', d.reason);
      return 'done';
    }
    if (found) {
      // Keep what the service shows (status, raw) without touching local edits.
      await updateVariant(this.ctx.db, variant.id, {
        status: found.status,
        platform_post_url: found.platform_post_url,
        raw: JSON.stringify(found.raw),
        base: JSON.stringify({
          ...(parseJson<VariantBase>(fresh.base) ?? baseOf(found)),
          status: found.status,
          platform_post_url: found.platform_post_url,
        }),
      });
    }
    const facts = {
      requestedAt: op.sent_at ?? now,
      reason: why,
      readBack: readError ? `Could not read it back: ${readError}` : d.reason,
    };
    await updateVariant(this.ctx.db, variant.id, { publish_unknown: JSON.stringify(facts), updated_at: now });
    await notify(
      this.ctx,
      'needs_user',
      `Outpost cannot tell whether the ${platformName(variant.platform)} variant was published. Please decide.`,
      {
        postId: post.id,
        variantId: variant.id,
      },
    );
    this.ctx.emit({ name: 'itemChanged', data: { postId: post.id, variantId: variant.id } });
    return 'block_variant';
  }

  // --- failures -----------------------------------------------------------------------

  /**
   * Reading back after an unknown create failed: the create's outcome is still unknown, so the
   * op stays `unknown` whatever the read-back met (429, 5xx, refused). Turning it `pending` would
   * let the pull import the service's copy and the push create it a second time.
   */
  async readBackFailed(op: OutboxOpRow, error: unknown): Promise<OpOutcome> {
    const now = nowIso(this.ctx);
    const message = error instanceof Error ? error.message : String(error);
    const retryAfterMs = isServiceError(error) ? error.retryAfterMs : null;
    const at = new Date(
      this.ctx.clock.now().getTime() + retryDelayMs(op.attempts, retryAfterMs, undefined, this.ctx.random),
    ).toISOString();
    await setOpState(this.ctx.db, op.id, 'unknown', { now, error: message, nextAttemptAt: at });
    await logDecision(this.ctx, {
      action: 'readback_failed',
      reason: `Could not read back after an unknown create: ${message}`,
      postId: op.post_id,
      variantId: op.variant_id,
    });
    this.noteWait(at);
    if (isServiceError(error) && error.kind === 'auth') {
      this.stop = 'auth';
      this.stopReason = message;
      return 'stop_auth';
    }
    return 'block_post';
  }

  /** Settles a failed request: the op's new state, the decision logged and what follows, in one commit. */
  async failed(op: OutboxOpRow, error: unknown, what: string): Promise<OpOutcome> {
    return inTransaction(this.ctx, async (t) => {
      const now = nowIso(t);
      const ids = { postId: op.post_id, variantId: op.variant_id };
      if (!isServiceError(error)) {
        const message = error instanceof Error ? error.message : String(error);
        t.logger.error(`sync ${what} failed unexpectedly`, { message });
        await setOpState(t.db, op.id, 'failed', { now, error: `Internal error: ${message}` });
        await logDecision(t, { action: 'fail', reason: message, ...ids });
        return op.kind === 'create_post' ? 'block_post' : 'block_variant';
      }
      const d = decideOnFailure(op, facts(error));
      await logDecision(t, { action: d.action, reason: `${what}: ${d.reason}`, ...ids });
      switch (d.action) {
        case 'stop_offline':
          await setOpState(t.db, op.id, 'pending', { now, error: error.message });
          this.stop = 'offline';
          this.stopReason = error.message;
          return 'stop_offline';
        case 'pause_auth':
          // The service refused the request: nothing was applied, so it stays queued as it was.
          await setOpState(t.db, op.id, 'pending', { now, error: d.reason });
          this.stop = 'auth';
          this.stopReason = d.reason;
          return 'stop_auth';
        case 'retry_later': {
          const at = new Date(
            t.clock.now().getTime() + retryDelayMs(op.attempts, d.retryAfterMs, undefined, t.random),
          ).toISOString();
          await setOpState(t.db, op.id, 'pending', { now, error: d.reason, nextAttemptAt: at });
          this.noteWait(at);
          return 'block_post';
        }
        case 'mark_removed': {
          await setOpState(t.db, op.id, 'failed', { now, error: d.reason });
          if (op.variant_id !== null && op.kind !== 'create_variant') {
            await updateVariant(t.db, op.variant_id, {
              remote_state: 'removed',
              error: d.reason,
              updated_at: now,
            });
          } else {
            await updatePost(t.db, op.post_id, {
              remote_state: 'removed',
              error: d.reason,
              updated_at: now,
            });
          }
          t.emit({ name: 'itemChanged', data: ids });
          return op.variant_id !== null && op.kind !== 'create_variant' ? 'block_variant' : 'block_post';
        }
        case 'fail':
          await setOpState(t.db, op.id, 'failed', { now, error: d.reason });
          await notify(t, 'needs_user', `The service refused a change: ${d.reason}`, ids);
          t.emit({ name: 'itemChanged', data: ids });
          return op.kind === 'create_post' ? 'block_post' : 'block_variant';
        case 'unknown_outcome': {
          // Creates are matched on the next pass (list and adopt), after a backoff.
          const at = new Date(
            t.clock.now().getTime() + retryDelayMs(op.attempts, null, undefined, t.random),
          ).toISOString();
          await setOpState(t.db, op.id, 'unknown', { now, error: d.reason, nextAttemptAt: at });
          t.emit({ name: 'itemChanged', data: ids });
          return 'block_post';
        }
      }
    });
  }
}

/** The fields a change op sends, read from the variant now; null when nothing the service takes changed. */
function patchOf(op: OutboxOpRow, variant: VariantRow): SentPatch | null {
  const patch: SentPatch = {};
  if (op.kind === 'update_variant') {
    const fields = parsePayload(op).fields ?? [];
    if (fields.includes('content')) patch.content = variant.content;
    if (fields.includes('account')) {
      if (variant.account_mode === 'none') patch.social_profile_id = null;
      if (variant.account_mode === 'profile') patch.social_profile_id = variant.social_profile_id;
      // 'default' cannot be expressed on an existing variant: the service chose at creation.
    }
  } else if (op.kind === 'schedule') {
    patch.scheduled_at = variant.scheduled_at;
  } else {
    patch.scheduled_at = null;
  }
  return Object.keys(patch).length === 0 ? null : patch;
}

function facts(error: ServiceError): FailureFacts {
  return {
    kind: error.kind,
    status: error.status,
    mayHaveReachedService: error.mayHaveReachedService,
    retryAfterMs: error.retryAfterMs,
    message: error.message,
    serviceMessage: error.serviceMessage,
  };
}

export async function push(
  ctx: SyncContext,
  client: ServiceClient,
  options: PushOptions = { readBeforeWrite: false },
): Promise<PushResult> {
  return new PushRun(ctx, client, options).run();
}
