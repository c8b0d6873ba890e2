// What the calendar and the queue read: variants with a time or waiting on someone,
// with their post's title and the account's name. The calendar reads a range's places first
// (ids and times, through an index) and then the rows of the few it shows.
import { sql, type Kysely } from 'kysely';
import { selectByIds } from './chunks';
import { jsonFieldOf } from './json';
import type { Database, VariantRow } from './schema';

export type PlannedRow = VariantRow & {
  post_title: string;
  post_workspace: string | null;
  account_label: string | null;
  account_id: string | null;
  /** The time the calendar places it at: its publication time once published, else its scheduled time. */
  plan_at: string | null;
};

/** A variant published: its link is there, or the service said so. */
export const PUBLISHED = sql<boolean>`((variant.platform_post_url is not null and variant.platform_post_url != '') or variant.status = 'published')`;
/** Not published: also a variant with no status yet (PUBLISHED is null for it, not false). */
export const NOT_PUBLISHED = sql<boolean>`not coalesce(${PUBLISHED}, 0)`;

/**
 * Published: the service's own `published_at` when it sent one (its own column), else
 * when Outpost saw it published (the pull stamps `updated_at` when it takes the change).
 * Indexed as it is written (migration 0017-service-fields-read): change both together.
 */
export const PLAN_AT = sql<
  string | null
>`case when ${PUBLISHED} then coalesce(variant.published_at, variant.updated_at) else variant.scheduled_at end`;

/**
 * A variant's account: the one chosen, or the one the service picked for "platform default"
 * (kept in its base; unknown when the base is not JSON, as a damaged row can leave it).
 */
export const VARIANT_ACCOUNT = sql<
  string | null
>`coalesce(variant.social_profile_id, ${jsonFieldOf('variant.base', 'social_profile_id')})`;

/** The live variants of a workspace's live posts; a post hidden here is out of the calendar and the queue too. */
function liveIn(workspace: string | null) {
  return sql<boolean>`post.workspace ${sql.raw(workspace === null ? 'is' : '=')} ${workspace} and post.remote_state = 'active' and variant.remote_state = 'active' and post.hidden_at is null`;
}

/** Variants with their post's title and workspace, their account's name and id, and their planned time. */
function plannedRows(db: Kysely<Database>) {
  return db
    .selectFrom('variant')
    .innerJoin('post', 'post.id', 'variant.post_id')
    .leftJoin('social_profile', (join) =>
      join
        .onRef('social_profile.workspace', '=', 'post.workspace')
        .on('social_profile.id', '=', VARIANT_ACCOUNT),
    )
    .selectAll('variant')
    .select([
      'post.title as post_title',
      'post.workspace as post_workspace',
      'social_profile.label as account_label',
      'social_profile.id as account_id',
    ])
    .select(PLAN_AT.as('plan_at'));
}

function planned(db: Kysely<Database>, workspace: string | null) {
  return plannedRows(db).where(liveIn(workspace));
}

/** Which planned variants to show: only these accounts (profile ids), these platforms; omitted: all. */
export interface PlanFilter {
  accounts?: readonly string[];
  platforms?: readonly string[];
}

/** Where a variant sits on the calendar: all a range's counts and first items are chosen from. */
export interface PlacedRow {
  id: string;
  plan_at: string;
}

/**
 * The variants placed in [from, to) (scheduled, published, or waiting for sign-off with a
 * time), earliest first, with only their id and time: a month of a large library holds
 * thousands, of which the calendar shows a few per day.
 */
export async function listPlacedInRange(
  db: Kysely<Database>,
  workspace: string | null,
  range: { from: string; to: string },
  filter: PlanFilter = {},
): Promise<PlacedRow[]> {
  const rows = await placedInRangeQuery(db, workspace, range, filter).execute();
  // Never null: the range compares it.
  return rows as PlacedRow[];
}

/** listPlacedInRange's statement, which walks the index on the planned time (a test reads its plan). */
export function placedInRangeQuery(
  db: Kysely<Database>,
  workspace: string | null,
  range: { from: string; to: string },
  filter: PlanFilter = {},
) {
  // SQLite keeps the left table of a cross join as the outer loop: the variants, through the
  // index on the planned time. Left to choose without statistics (Outpost runs no ANALYZE), it
  // walked every post of the workspace instead: ~55 ms a month at 50,000 posts, ~17 ms so.
  let query = db
    .selectFrom('variant')
    .crossJoin('post')
    .whereRef('post.id', '=', 'variant.post_id')
    .where(liveIn(workspace))
    .select(['variant.id as id', PLAN_AT.as('plan_at')])
    .where(PLAN_AT, '>=', range.from)
    .where(PLAN_AT, '<', range.to);
  if (filter.accounts) query = query.where(VARIANT_ACCOUNT, 'in', nonEmpty(filter.accounts));
  if (filter.platforms) query = query.where('variant.platform', 'in', nonEmpty(filter.platforms));
  return query.orderBy(sql`plan_at`).orderBy('variant.id');
}

/** `in ()` is not SQL: an empty choice matches nothing through a value no id or platform has. */
function nonEmpty(values: readonly string[]): string[] {
  return values.length > 0 ? [...values] : [''];
}

/** The planned variants with these ids (from listPlacedInRange), in the order of `ids`. */
export async function listPlannedByIds(db: Kysely<Database>, ids: readonly string[]): Promise<PlannedRow[]> {
  const rows = await selectByIds(ids, (part) => plannedRows(db).where('variant.id', 'in', part).execute());
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Everything the queue sorts: with a time, waiting for sign-off, or wanting the user's eye. */
export async function listQueueCandidates(
  db: Kysely<Database>,
  workspace: string | null,
  /** Variants and posts whose ops want the user (from core/outbox's op-queries). */
  attention: { variantIds: string[]; postIds: string[] },
): Promise<PlannedRow[]> {
  return planned(db, workspace)
    .where((eb) =>
      eb.or([
        eb('variant.scheduled_at', 'is not', null),
        eb('variant.status', 'is not', null),
        eb('variant.platform_post_url', 'is not', null),
        eb('variant.conflict', 'is not', null),
        ...(attention.variantIds.length > 0 ? [eb('variant.id', 'in', attention.variantIds)] : []),
        ...(attention.postIds.length > 0 ? [eb('variant.post_id', 'in', attention.postIds)] : []),
      ]),
    )
    .orderBy(sql`plan_at`)
    .orderBy('variant.id')
    .execute();
}

/** The columns that tell which account a variant goes out from (domain/accounts.ts). */
export type AccountedRow = Pick<
  VariantRow,
  'id' | 'post_id' | 'platform' | 'account_mode' | 'social_profile_id' | 'base' | 'scheduled_at'
>;

/**
 * The workspace's variants with a time from `from` on that have not gone out: the times their
 * accounts hold (Add to queue reads them once for a whole call).
 */
export async function listScheduledFrom(
  db: Kysely<Database>,
  workspace: string,
  from: string,
): Promise<AccountedRow[]> {
  return db
    .selectFrom('variant')
    .innerJoin('post', 'post.id', 'variant.post_id')
    .select([
      'variant.id',
      'variant.post_id',
      'variant.platform',
      'variant.account_mode',
      'variant.social_profile_id',
      'variant.base',
      'variant.scheduled_at',
    ])
    .where('post.workspace', '=', workspace)
    .where('post.remote_state', '=', 'active')
    .where('variant.remote_state', '=', 'active')
    .where('variant.scheduled_at', '>=', from)
    .where(NOT_PUBLISHED)
    .execute();
}

/** Variants of the workspace with no time that may still go out, the latest changed first. */
export async function listUnscheduled(
  db: Kysely<Database>,
  workspace: string,
  limit: number,
): Promise<PlannedRow[]> {
  return (
    planned(db, workspace)
      .where('variant.scheduled_at', 'is', null)
      .where(NOT_PUBLISHED)
      .where((eb) => eb.or([eb('variant.status', 'is', null), eb('variant.status', '!=', 'needs_approval')]))
      .orderBy('variant.updated_at', 'desc')
      // Local ids grow with time: within one moment, the newest first too.
      .orderBy('variant.id', 'desc')
      .limit(limit)
      .execute()
  );
}
