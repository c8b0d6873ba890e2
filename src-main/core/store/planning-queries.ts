// What the calendar and the queue read (issue 13): variants with a time or waiting on someone,
// with their post's title and the account's name, in one statement each.
import { sql, type Kysely } from 'kysely';
import type { Database, VariantRow } from './schema';

export type PlannedRow = VariantRow & {
  post_title: string;
  post_workspace: string | null;
  account_label: string | null;
  /** The time the calendar places it at: its publication time once published, else its scheduled time. */
  plan_at: string | null;
};

/** A variant published: its link is there, or the service said so. */
export const PUBLISHED = sql<boolean>`((variant.platform_post_url is not null and variant.platform_post_url != '') or variant.status = 'published')`;
/** Not published: also a variant with no status yet (PUBLISHED is null for it, not false). */
const NOT_PUBLISHED = sql<boolean>`not coalesce(${PUBLISHED}, 0)`;

/**
 * Published: the service's own `published_at` when it sent one (kept in the raw JSON), else
 * when Outpost saw it published (the pull stamps `updated_at` when it takes the change).
 */
export const PLAN_AT = sql<
  string | null
>`case when ${PUBLISHED} then coalesce(json_extract(variant.raw, '$.published_at'), variant.updated_at) else variant.scheduled_at end`;

/** A variant's account: the one chosen, or the one the service picked for "platform default". */
export const VARIANT_ACCOUNT = sql<
  string | null
>`coalesce(variant.social_profile_id, json_extract(variant.base, '$.social_profile_id'), json_extract(variant.raw, '$.social_profile_id'))`;

function planned(db: Kysely<Database>, workspace: string | null) {
  return (
    db
      .selectFrom('variant')
      .innerJoin('post', 'post.id', 'variant.post_id')
      // The account chosen, or the one the service picked for "platform default" (base snapshot).
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
      ])
      .select(PLAN_AT.as('plan_at'))
      .where('post.workspace', workspace === null ? 'is' : '=', workspace)
      .where('post.remote_state', '=', 'active')
      .where('variant.remote_state', '=', 'active')
      // Hidden here: out of the calendar and the queue too.
      .where('post.hidden_at', 'is', null)
  );
}

/** Variants placed in [from, to): scheduled, published, or waiting for sign-off with a time. */
export async function listPlannedInRange(
  db: Kysely<Database>,
  workspace: string | null,
  from: string,
  to: string,
): Promise<PlannedRow[]> {
  return planned(db, workspace)
    .where(PLAN_AT, '>=', from)
    .where(PLAN_AT, '<', to)
    .orderBy(sql`plan_at`)
    .orderBy('variant.id')
    .execute();
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
  'id' | 'post_id' | 'platform' | 'account_mode' | 'social_profile_id' | 'base' | 'raw' | 'scheduled_at'
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
      'variant.raw',
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
