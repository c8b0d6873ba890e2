import { randomBytes, randomUUID } from 'node:crypto';
import type {
  ActivityRow,
  PostRow,
  ProfileRow,
  SandboxDb,
  SkillRow,
  StatusKey,
  VariantRow,
  WorkspaceRow,
} from './db';
import { Middlemen } from './middlemen';
import type { SandboxClock } from './clock';

export type IdFormat = 'numeric' | 'uuid';
export interface StatusStrings {
  scheduled: string;
  published: string;
}

/** An error that becomes an HTTP answer; `code` is used by the 'nested' error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const TOKEN_PREFIX = 'cps_pat_';

export function newToken(): string {
  return TOKEN_PREFIX + randomBytes(24).toString('base64url');
}

/** Seeded rows get the same id in both formats' runs so tests can import them as constants. */
export function formatSeedId(pk: number, format: IdFormat): string {
  return format === 'numeric' ? String(pk) : `00000000-0000-4000-8000-${String(pk).padStart(12, '0')}`;
}

/** Per-user access to a workspace, set over the control surface (`ok` is the default). */
export type WorkspaceAccess = 'ok' | 'forbidden' | 'not_found';
export type PostOrder = 'newest_first' | 'oldest_first';
export type PatchPublished = 'refuse' | 'accept';

export interface Page {
  limit: number;
  offset: number;
}

export interface VariantPatch {
  content?: string;
  scheduled_at?: string | null;
  social_profile_id?: string | null;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The service's rules, independent of HTTP: the handlers, the scheduler, the control surface and
 * the in-process handle all go through here, so every path writes the same activity entries.
 */
export class SandboxService {
  constructor(
    readonly db: SandboxDb,
    readonly clock: SandboxClock,
    readonly statusStrings: StatusStrings,
    readonly idFormat: IdFormat,
    /** Ids answered as JSON numbers (numeric ids only), as many real services do. */
    readonly idsAsNumbers = false,
  ) {}

  /**
   * 'accept' models a lax service that lets a PATCH overwrite a published variant's content
   * (the sandbox's own rule, 'refuse', answers 409).
   */
  patchPublished: PatchPublished = 'refuse';
  /** An escaping service, a caching proxy in front of it: off until switched on (middlemen.ts). */
  readonly middlemen = new Middlemen();
  /** The order of the posts list (the spec promises none): a client must not depend on it. */
  postOrder: PostOrder = 'newest_first';
  /**
   * Posts the listing leaves out while GET by id still answers them: what a listing whose rows
   * shifted between its pages, or one that hides some posts, looks like to a client. In memory.
   */
  private readonly listingMisses = new Set<string>();
  /** Access taken away per `slug\0user`; in memory, like faults. */
  private readonly access = new Map<string, Exclude<WorkspaceAccess, 'ok'>>();
  /** PATCH requests that reached each variant id, whatever their answer; in memory. */
  private readonly patches = new Map<string, number>();

  /** An id as it goes on the wire. */
  out(id: string): string | number {
    return this.idsAsNumbers ? Number(id) : id;
  }

  private outNullable(id: string | null): string | number | null {
    return id === null ? null : this.out(id);
  }

  private now(): string {
    return iso(this.clock.nowMs());
  }

  private newId(): { pk: number; id: string } {
    const pk = this.db.allocatePk();
    return { pk, id: this.idFormat === 'numeric' ? String(pk) : randomUUID() };
  }

  // --- auth -------------------------------------------------------------------------------

  /** The user behind a token, or null when the token is unknown or revoked. */
  authenticate(token: string): string | null {
    const row = this.db.q.tokenUser.get(token);
    return row && row.revoked === 0 ? row.user : null;
  }

  mintToken(user: string): string {
    const token = newToken();
    this.db.q.insertToken.run(token, user, this.now());
    return token;
  }

  revokeToken(token: string): void {
    this.db.q.revokeToken.run(token);
  }

  // --- workspaces, profiles, skills -------------------------------------------------------

  /** A workspace whose access is `not_found` for the user is left out; a `forbidden` one stays. */
  listWorkspaces(user: string): WorkspaceRow[] {
    return this.db.q.workspacesOf.all(user).filter((w) => this.accessOf(w.slug, user) !== 'not_found');
  }

  /**
   * Another workspace's slug answers 404, exactly like a slug that does not exist; so does one
   * whose access was set to `not_found`, while `forbidden` answers 403.
   */
  requireMember(user: string, slug: string): void {
    const access = this.accessOf(slug, user);
    if (!this.db.q.membership.get(slug, user) || access === 'not_found')
      throw new HttpError(404, 'not_found', `workspace '${slug}' not found`);
    if (access === 'forbidden')
      throw new HttpError(403, 'forbidden', `you do not have access to workspace '${slug}'`);
  }

  accessOf(slug: string, user: string): WorkspaceAccess {
    return this.access.get(`${slug}\0${user}`) ?? 'ok';
  }

  /** Takes a workspace away from one user (or gives it back); the data is never touched. */
  setWorkspaceAccess(slug: string, user: string, access: WorkspaceAccess): void {
    if (!['ok', 'forbidden', 'not_found'].includes(access))
      throw invalid('access', `expected ok, forbidden or not_found, got '${String(access)}'`);
    if (!this.db.q.membership.get(slug, user))
      throw invalid('user', `'${user}' is not a member of workspace '${slug}'`);
    if (access === 'ok') this.access.delete(`${slug}\0${user}`);
    else this.access.set(`${slug}\0${user}`, access);
  }

  countPatch(variantId: string): void {
    this.patches.set(variantId, (this.patches.get(variantId) ?? 0) + 1);
  }

  patchCount(variantId: string): number {
    return this.patches.get(variantId) ?? 0;
  }

  listProfiles(slug: string, type: string | null): ProfileRow[] {
    return type === null ? this.db.q.profilesOf.all(slug) : this.db.q.profilesOfType.all(slug, type);
  }

  /** At most the newest 200 visible skills; `page` slices that window. */
  listSkills(user: string, slug: string, page: Page | null): SkillRow[] {
    const newest = this.db.q.newestSkills.all({ workspace: slug, user });
    return page ? newest.slice(page.offset, page.offset + page.limit) : newest;
  }

  // --- posts ------------------------------------------------------------------------------

  listPosts(user: string, slug: string): PostRow[] {
    const q = this.postOrder === 'oldest_first' ? this.db.q.visiblePostsOldestFirst : this.db.q.visiblePosts;
    return this.#listed(q.all({ workspace: slug, user }));
  }

  /** The posts the listing leaves out from now (replacing the last set). */
  setListingMisses(postIds: readonly string[]): void {
    this.listingMisses.clear();
    for (const id of postIds) this.listingMisses.add(id);
  }

  #listed(rows: PostRow[]): PostRow[] {
    return this.listingMisses.size === 0 ? rows : rows.filter((row) => !this.listingMisses.has(row.id));
  }

  pagePosts(user: string, slug: string, page: Page): { rows: PostRow[]; count: number } {
    const q =
      this.postOrder === 'oldest_first' ? this.db.q.visiblePostsPageOldestFirst : this.db.q.visiblePostsPage;
    // A missed row leaves its page short and the count as it was, as a shifted listing does.
    const rows = this.#listed(q.all({ workspace: slug, user, ...page }));
    const count = this.db.q.countVisiblePosts.get({ workspace: slug, user })?.n ?? 0;
    return { rows, count };
  }

  /** A post the caller cannot see answers 404, the same as one that does not exist. */
  getPost(user: string, slug: string, id: string): PostRow {
    const post = this.db.q.visiblePost.get({ workspace: slug, user, id });
    if (!post) throw new HttpError(404, 'not_found', `post '${id}' not found`);
    return post;
  }

  createPost(
    user: string,
    slug: string,
    body: { title: string; visibility?: 'workspace' | 'private' },
  ): PostRow {
    return this.db.transaction(() => {
      const now = this.now();
      const post: PostRow = {
        ...this.newId(),
        workspace: slug,
        owner: user,
        title: body.title,
        visibility: body.visibility ?? 'workspace',
        created_at: now,
        updated_at: now,
      };
      this.db.q.insertPost.run(post);
      this.activity(post.pk, null, user, 'post.created', { title: post.title, visibility: post.visibility });
      return post;
    });
  }

  // --- variants ---------------------------------------------------------------------------

  listVariants(post: PostRow): VariantRow[] {
    return this.db.q.variantsOf.all(post.pk);
  }

  getVariant(post: PostRow, id: string): VariantRow {
    const variant = this.db.q.variantOf.get(post.pk, id);
    if (!variant) throw new HttpError(404, 'not_found', `variant '${id}' not found`);
    return variant;
  }

  /** A profile usable for `platform` in this workspace, or a 400 that says why not. */
  private usableProfile(slug: string, platform: string, profileId: string): ProfileRow {
    const profile = this.db.q.profileById.get(slug, profileId);
    if (!profile)
      throw invalid('social_profile_id', `social profile '${profileId}' not found in this workspace`);
    if (profile.type !== 'scheduling') {
      throw invalid('social_profile_id', `social profile '${profileId}' is not a scheduling profile`);
    }
    if (profile.platform !== platform) {
      throw invalid(
        'social_profile_id',
        `social profile '${profileId}' is a ${profile.platform} profile, not ${platform}`,
      );
    }
    if (!profile.is_active) throw invalid('social_profile_id', `social profile '${profileId}' is not active`);
    return profile;
  }

  createVariant(
    user: string,
    post: PostRow,
    body: { platform: string; content: string; social_profile_id?: string | null },
  ): VariantRow {
    return this.db.transaction(() => {
      let profileId: string | null;
      let how: string;
      if (body.social_profile_id === undefined) {
        profileId = this.db.q.defaultProfile.get(post.workspace, body.platform)?.id ?? null;
        how = profileId ? 'platform_default' : 'no_default_available';
      } else if (body.social_profile_id === null) {
        profileId = null;
        how = 'none';
      } else {
        profileId = this.usableProfile(post.workspace, body.platform, body.social_profile_id).id;
        how = 'chosen';
      }
      const now = this.now();
      const variant: VariantRow = {
        ...this.newId(),
        post_pk: post.pk,
        platform: body.platform,
        content: body.content,
        social_profile_id: profileId,
        scheduled_at: null,
        status: 'draft',
        platform_post_url: null,
        published_at: null,
        created_at: now,
        updated_at: now,
      };
      this.db.q.insertVariant.run(variant);
      this.activity(post.pk, variant.id, user, 'variant.created', {
        platform: variant.platform,
        social_profile_id: profileId,
        account_selection: how,
      });
      this.db.q.touchPost.run(now, post.pk);
      return variant;
    });
  }

  private requireSendable(post: PostRow, variant: VariantRow, verb: 'schedule' | 'publish'): ProfileRow {
    if (variant.social_profile_id === null) {
      throw invalid('social_profile_id', `cannot ${verb} a variant without a connected posting account`);
    }
    const profile = this.db.q.profileById.get(post.workspace, variant.social_profile_id);
    if (!profile || !profile.is_active) {
      throw invalid(
        'social_profile_id',
        `cannot ${verb}: social profile '${variant.social_profile_id}' is not active`,
      );
    }
    if (variant.content.trim() === '')
      throw invalid('content', `cannot ${verb} a variant with empty content`);
    return profile;
  }

  patchVariant(user: string, post: PostRow, variantId: string, patch: VariantPatch): VariantRow {
    return this.db.transaction(() => {
      const before = this.getVariant(post, variantId);
      const laxOverwrite =
        before.status === 'published' && this.patchPublished === 'accept' && patch.scheduled_at === undefined;
      if ((before.status === 'published' && !laxOverwrite) || before.status === 'needs_approval') {
        throw new HttpError(
          409,
          'conflict',
          before.status === 'published'
            ? 'variant is already published and can no longer be changed'
            : 'variant is waiting for sign-off and can no longer be changed',
        );
      }
      const next: VariantRow = { ...before };
      const changed: string[] = [];
      if (patch.content !== undefined && patch.content !== before.content) {
        next.content = patch.content;
        changed.push('content');
      }
      if (patch.social_profile_id !== undefined && patch.social_profile_id !== before.social_profile_id) {
        next.social_profile_id =
          patch.social_profile_id === null
            ? null
            : this.usableProfile(post.workspace, before.platform, patch.social_profile_id).id;
        changed.push('social_profile_id');
      }
      let scheduleAction: string | null = null;
      if (patch.scheduled_at !== undefined) {
        if (patch.scheduled_at === null) {
          if (before.status === 'scheduled') scheduleAction = 'variant.unscheduled';
          next.scheduled_at = null;
          next.status = 'draft';
        } else {
          this.requireSendable(post, next, 'schedule');
          if (before.status !== 'scheduled') scheduleAction = 'variant.scheduled';
          else if (before.scheduled_at !== patch.scheduled_at) scheduleAction = 'variant.rescheduled';
          next.scheduled_at = patch.scheduled_at;
          next.status = 'scheduled';
        }
      } else if (next.status === 'scheduled') {
        // Content or account changed on a scheduled variant: it must still be sendable when due.
        this.requireSendable(post, next, 'schedule');
      }
      if (changed.length === 0 && scheduleAction === null) return before;
      next.updated_at = this.now();
      this.db.q.updateVariant.run(next);
      if (changed.length > 0) {
        this.activity(post.pk, next.id, user, 'variant.updated', {
          fields: changed,
          ...(changed.includes('social_profile_id') ? { social_profile_id: next.social_profile_id } : {}),
        });
      }
      if (scheduleAction) {
        this.activity(post.pk, next.id, user, scheduleAction, {
          scheduled_at: next.scheduled_at,
          previous_scheduled_at: before.scheduled_at,
        });
      }
      this.db.q.touchPost.run(next.updated_at, post.pk);
      return next;
    });
  }

  /**
   * Publish accepted from draft and scheduled. A second publish of a published variant, or a
   * publish of one waiting for sign-off, answers the variant as it is: nothing is sent again.
   */
  publishVariant(user: string, post: PostRow, variantId: string): VariantRow {
    return this.db.transaction(() => {
      const variant = this.getVariant(post, variantId);
      if (variant.status === 'published' || variant.status === 'needs_approval') return variant;
      const profile = this.requireSendable(post, variant, 'publish');
      return this.goOut(post, variant, profile, user);
    });
  }

  /**
   * Someone publishes the variant in the service's own app (not through this client): the same
   * rules as the API's publish, with `user` as the actor.
   */
  publishAs(variantId: string, user: string): VariantRow {
    return this.db.transaction(() => {
      const variant = this.db.q.variantById.get(variantId);
      if (!variant) throw new HttpError(404, 'not_found', `variant '${variantId}' not found`);
      const post = this.db.q.postByPk.get(variant.post_pk)!;
      return this.publishVariant(user, post, variantId);
    });
  }

  /** Either sends now or, on a sign-off channel, waits for the approvers. */
  private goOut(post: PostRow, variant: VariantRow, profile: ProfileRow, actor: string): VariantRow {
    if (profile.requires_approval) {
      const next: VariantRow = { ...variant, status: 'needs_approval', updated_at: this.now() };
      this.db.q.updateVariant.run(next);
      this.activity(post.pk, next.id, actor, 'variant.approval_requested', { channel: profile.channel_name });
      this.db.q.touchPost.run(next.updated_at, post.pk);
      return next;
    }
    return this.send(post, variant, profile, actor);
  }

  private send(post: PostRow, variant: VariantRow, profile: ProfileRow, actor: string): VariantRow {
    const now = this.now();
    const next: VariantRow = {
      ...variant,
      status: 'published',
      published_at: now,
      platform_post_url: `https://social.example/${encodeURIComponent(profile.platform)}/${encodeURIComponent(profile.handle)}/posts/${variant.id}`,
      updated_at: now,
    };
    this.db.q.updateVariant.run(next);
    this.db.q.logPublish.run(variant.pk, now);
    this.activity(post.pk, next.id, actor, 'variant.published', {
      platform_post_url: next.platform_post_url,
    });
    this.db.q.touchPost.run(now, post.pk);
    return next;
  }

  /** The channel's approvers release a variant waiting for sign-off: it goes out. */
  releaseApproval(variantId: string, approver = 'approver'): VariantRow {
    return this.db.transaction(() => {
      const variant = this.db.q.variantById.get(variantId);
      if (!variant) throw new HttpError(404, 'not_found', `variant '${variantId}' not found`);
      if (variant.status !== 'needs_approval') {
        throw new HttpError(409, 'conflict', `variant '${variantId}' is not waiting for sign-off`);
      }
      const post = this.db.q.postByPk.get(variant.post_pk);
      const profile =
        post && variant.social_profile_id
          ? this.db.q.profileById.get(post.workspace, variant.social_profile_id)
          : undefined;
      if (!post || !profile)
        throw new HttpError(409, 'conflict', `variant '${variantId}' has no posting account`);
      this.activity(post.pk, variant.id, approver, 'variant.approval_released', {});
      return this.send(post, variant, profile, approver);
    });
  }

  /**
   * Renames a post as the first-party app can (the API has no endpoint for it): how a title
   * changes on the service while a client holds an older one.
   */
  /** A deletion made in the first-party app (the API shows none): the post, its variants and records go. */
  deletePost(postId: string): void {
    this.db.transaction(() => {
      const post = this.db.q.postById.get(postId);
      if (!post) throw new HttpError(404, 'not_found', `post '${postId}' not found`);
      const sql = this.db.sqlite;
      sql
        .prepare('DELETE FROM publish_log WHERE variant_pk IN (SELECT pk FROM variants WHERE post_pk = ?)')
        .run(post.pk);
      sql.prepare('DELETE FROM activity WHERE post_pk = ?').run(post.pk);
      sql.prepare('DELETE FROM variants WHERE post_pk = ?').run(post.pk);
      sql.prepare('DELETE FROM posts WHERE pk = ?').run(post.pk);
    });
  }

  renamePost(postId: string, title: string, actor = 'app'): void {
    this.db.transaction(() => {
      const post = this.db.q.postById.get(postId);
      if (!post) throw new HttpError(404, 'not_found', `post '${postId}' not found`);
      this.db.q.renamePost.run(title, this.now(), post.pk);
      this.activity(post.pk, null, actor, 'post.renamed', { title });
    });
  }

  /** Publishes (or sends for sign-off) every scheduled variant whose time has come. */
  runScheduler(): number {
    const due = this.db.q.dueVariants.all(this.now());
    let handled = 0;
    for (const candidate of due) {
      this.db.transaction(() => {
        // Re-read inside the transaction: a request may have changed it since the scan.
        const variant = this.db.q.variantById.get(candidate.id);
        if (!variant || variant.status !== 'scheduled') return;
        const post = this.db.q.postByPk.get(variant.post_pk);
        if (!post) return;
        const profile = variant.social_profile_id
          ? this.db.q.profileById.get(post.workspace, variant.social_profile_id)
          : undefined;
        if (!profile) return;
        this.goOut(post, variant, profile, 'scheduler');
        handled += 1;
      });
    }
    return handled;
  }

  // --- activity ---------------------------------------------------------------------------

  listActivity(post: PostRow): ActivityRow[] {
    return this.db.q.activityOf.all(post.pk);
  }

  pageActivity(post: PostRow, page: Page): { rows: ActivityRow[]; count: number } {
    return {
      rows: this.db.q.activityPage.all(post.pk, page.limit, page.offset),
      count: this.db.q.countActivity.get(post.pk)?.n ?? 0,
    };
  }

  private activity(
    postPk: number,
    variantId: string | null,
    actor: string,
    action: string,
    detail: object,
  ): void {
    this.db.q.insertActivity.run({
      ...this.newId(),
      post_pk: postPk,
      variant_id: variantId,
      actor,
      action,
      detail: JSON.stringify(detail),
      created_at: this.now(),
    });
  }

  publishCount(variantId: string): number {
    const variant = this.db.q.variantById.get(variantId);
    return variant ? (this.db.q.publishCount.get(variant.pk)?.n ?? 0) : 0;
  }

  // --- JSON shapes ------------------------------------------------------------------------

  statusString(status: StatusKey): string {
    if (status === 'scheduled') return this.statusStrings.scheduled;
    if (status === 'published') return this.statusStrings.published;
    return status;
  }

  postJson(post: PostRow): Record<string, unknown> {
    return {
      id: this.out(post.id),
      title: post.title,
      visibility: post.visibility,
      owner: post.owner,
      created_at: post.created_at,
      updated_at: post.updated_at,
    };
  }

  variantJson(variant: VariantRow, post: PostRow): Record<string, unknown> {
    return {
      id: this.out(variant.id),
      post_id: this.out(post.id),
      platform: variant.platform,
      content: variant.content,
      social_profile_id: this.outNullable(variant.social_profile_id),
      scheduled_at: variant.scheduled_at,
      status: this.statusString(variant.status),
      platform_post_url: variant.platform_post_url,
      published_at: variant.published_at,
      created_at: variant.created_at,
      updated_at: variant.updated_at,
    };
  }

  profileJson(profile: ProfileRow): Record<string, unknown> {
    return {
      id: this.out(profile.id),
      platform: profile.platform,
      is_active: profile.is_active === 1,
      name: profile.name,
      handle: profile.handle,
      type: profile.type,
      is_default: profile.is_default === 1,
    };
  }

  activityJson(entry: ActivityRow): Record<string, unknown> {
    return {
      id: this.out(entry.id),
      action: entry.action,
      actor: entry.actor,
      variant_id: this.outNullable(entry.variant_id),
      detail: JSON.parse(entry.detail) as unknown,
      created_at: entry.created_at,
    };
  }

  skillJson(skill: SkillRow): Record<string, unknown> {
    return {
      id: this.out(skill.id),
      name: skill.name,
      description: skill.description,
      visibility: skill.visibility,
      owner: skill.owner,
      created_at: skill.created_at,
    };
  }
}

export function invalid(field: string, message: string): HttpError {
  return new HttpError(400, 'invalid', `${field}: ${message}`);
}
