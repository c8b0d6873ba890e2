// zod schemas for every bridge command's payload (strict: unknown keys are refused). The
// `satisfies` map below makes the compiler check each schema against src-preload/bridge.ts.
import { z } from 'zod';
import { POST_SORTS, type CommandName, type CommandPayload } from '@preload/bridge';
import { identifierProblem, wellFormed } from '@preload/invisible';
import { shiftProblem } from '@preload/time-shift';
import { isTimeZone } from '@preload/zoned-time';

const none = z.union([z.undefined(), z.null(), z.strictObject({})]).transform((): void => undefined);
const id = z.string().min(1, 'must not be empty').max(200);
// A lone surrogate cannot be stored as UTF-8: it becomes U+FFFD here, before anything keeps it.
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`).transform(wellFormed);
/** Identifiers (platform, slug): no bidi overrides, zero-width or control characters. */
const noInvisible = (s: string, ctx: z.core.$RefinementCtx<string>) => {
  const problem = identifierProblem(s);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
};
const isoTime = z
  .string()
  .refine(
    (s) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(s) &&
      !Number.isNaN(Date.parse(s)),
    {
      message: 'must be an ISO 8601 timestamp with a time zone (e.g. 2030-01-01T09:00:00Z)',
    },
  );
/** The first span starts at `from`, each later one after the one before, all before `to`. */
function spansCut(from: string, to: string, starts: string[]): boolean {
  const times = starts.map((s) => Date.parse(s));
  return (
    times[0] === Date.parse(from) &&
    times.every((t, i) => i === 0 || t > times[i - 1]!) &&
    times[times.length - 1]! < Date.parse(to)
  );
}
const slug = z.string().min(1, 'must not be empty').max(200).superRefine(noInvisible);
const platform = z.string().trim().min(1, 'must not be empty').max(100).superRefine(noInvisible);
const timeRange = z
  .strictObject({ from: isoTime.optional(), to: isoTime.optional() })
  .refine((r) => r.from === undefined || r.to === undefined || Date.parse(r.from) < Date.parse(r.to), {
    message: 'must end after it starts',
  });
const account = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('default') }),
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('profile'), profileId: id.superRefine(noInvisible) }),
]);
/** A version of a text, as history.list numbers them. */
const version = z.int().min(1, 'must be a version number (1 or more)').max(Number.MAX_SAFE_INTEGER);
const authHeader = z.enum(['bearer', 'x-api-key']);
const itemState = z.enum([
  'local_only',
  'pending_sync',
  'draft',
  'scheduled',
  'needs_approval',
  'published',
  'failed',
  'conflict',
  'removed',
  'publish_unknown',
  'needs_user',
  'unknown_status',
]);
/** The items of a command over many: at least one, each once. */
const ids = z
  .array(id)
  .min(1, 'must name at least one item')
  .max(100_000)
  .transform((list) => [...new Set(list)]);
const timeShift = z
  .union([
    z.strictObject({ by: z.strictObject({ days: z.int(), minutes: z.int() }) }),
    z.strictObject({ toDay: z.string().max(10) }),
  ])
  .superRefine((shift, ctx) => {
    const problem = shiftProblem(shift);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });
const zone = z.string().max(100).refine(isTimeZone, { message: 'must be a time zone such as Europe/Paris' });
const connection = z.strictObject({ baseUrl: text(2000), token: text(4000).optional(), authHeader });

type Schemas = { [C in CommandName]: z.ZodType<CommandPayload<C>, unknown> };

/** Which posts the list shows and in which order (posts.list and posts.page). */
const listedPosts = {
  workspace: slug.nullable(),
  query: text(500).optional(),
  filter: z.union([z.literal('all'), itemState]).optional(),
  platform: platform.optional(),
  account: id.superRefine(noInvisible).optional(),
  outAt: timeRange.optional(),
  sort: z.enum(POST_SORTS).optional(),
  hidden: z.boolean().optional(),
};

export const COMMAND_SCHEMAS = {
  'app.info': none,
  'settings.get': none,
  'settings.update': z.strictObject({
    notifications: z.boolean().optional(),
    theme: z.enum(['system', 'light', 'dark']).optional(),
    closeToTray: z.boolean().optional(),
    postSort: z.enum(POST_SORTS).optional(),
  }),
  'settings.testConnection': connection,
  'settings.connect': z.strictObject({ baseUrl: text(2000), token: text(4000), authHeader }),
  'settings.signOut': none,
  'workspaces.list': none,
  'workspaces.select': z.strictObject({ slug: slug.nullable() }),
  'workspaces.moveLocalDrafts': z.strictObject({ slug, postIds: z.array(id).max(100_000).optional() }),
  'profiles.list': z.strictObject({ workspace: slug }),
  'posts.list': z.strictObject({ ...listedPosts, limit: z.int().min(1).max(100_000).optional() }),
  'posts.page': z.strictObject({
    ...listedPosts,
    from: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
    limit: z.int().min(1).max(10_000),
  }),
  'posts.get': z.strictObject({ id }),
  'posts.conflicts': none,
  'posts.create': z.strictObject({ workspace: slug.nullable(), title: text(1000) }),
  'posts.update': z.strictObject({ id, title: text(1000) }),
  'variants.create': z.strictObject({
    postId: id,
    platform,
    content: text(100_000),
    account,
  }),
  'variants.update': z.strictObject({ id, content: text(100_000).optional(), account: account.optional() }),
  'variants.schedule': z.strictObject({ id, at: isoTime, sendNowIfPast: z.boolean().optional() }),
  'variants.unschedule': z.strictObject({ id }),
  'variants.publish': z.strictObject({ id }),
  'variants.resolveConflict': z.union([
    z.strictObject({ id, choice: z.enum(['mine', 'theirs']) }),
    z.strictObject({
      id,
      choice: z.literal('edit'),
      content: text(100_000).optional(),
      scheduledAt: isoTime.nullable().optional(),
      account: account.optional(),
    }),
  ]),
  'posts.resolveConflict': z.union([
    z.strictObject({ id, choice: z.enum(['mine', 'theirs']) }),
    z.strictObject({ id, choice: z.literal('edit'), title: text(1000) }),
  ]),
  'variants.resolvePublishUnknown': z.strictObject({
    id,
    choice: z.enum(['publish_again', 'keep_unpublished']),
  }),
  'variants.reschedule': z.strictObject({ ids, shift: timeShift, zone }),
  'variants.unscheduleMany': z.strictObject({ ids }),
  'variants.delete': z.strictObject({ ids }),
  'variants.copyText': z.strictObject({ id, fromId: id }),
  'posts.duplicate': z.strictObject({ ids }),
  'posts.delete': z.strictObject({ ids }),
  'posts.move': z.strictObject({ ids, workspace: slug.nullable() }),
  'posts.hide': z.strictObject({ ids }),
  'posts.show': z.strictObject({ ids }),
  'planning.calendar': z
    .strictObject({
      workspace: slug.nullable(),
      from: isoTime,
      to: isoTime,
      accounts: z.array(id).max(1000).optional(),
      platforms: z.array(platform).max(1000).optional(),
      spans: z
        .strictObject({ starts: z.array(isoTime).min(1).max(1000), limit: z.int().min(1).max(1000) })
        .optional(),
    })
    .refine((p) => !p.spans || spansCut(p.from, p.to, p.spans.starts), {
      message: 'spans.starts must rise from `from` and stay before `to`',
      path: ['spans', 'starts'],
    }),
  'planning.queue': z.strictObject({ workspace: slug.nullable(), days: z.int().min(1).max(60).optional() }),
  'planning.slots': z.strictObject({ workspace: slug, profileId: id.superRefine(noInvisible) }),
  'planning.setSlots': z.strictObject({
    workspace: slug,
    profileId: id.superRefine(noInvisible),
    zone: z.string().min(1, 'must not be empty').max(100),
    slots: z
      .array(
        z.strictObject({
          weekday: z.literal([1, 2, 3, 4, 5, 6, 7], 'must be a weekday, 1 (Monday) to 7 (Sunday)'),
          time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time, HH:MM'),
        }),
      )
      .max(7 * 48, 'at most 48 posting times a day'),
  }),
  'planning.addToQueue': z.strictObject({ variantIds: z.array(id).min(1).max(10_000) }),
  'planning.swapTimes': z.strictObject({
    variantIds: z.tuple([id, id]).refine(([a, b]) => a !== b, 'must name two different variants'),
  }),
  'planning.drafts': z.strictObject({ workspace: slug, profileId: id.superRefine(noInvisible) }),
  'outbox.list': none,
  'outbox.retry': z.strictObject({ id }),
  'outbox.discard': z.strictObject({ id }),
  'outbox.adopt': z.strictObject({ id, serverId: id.nullable() }),
  'sync.now': none,
  'sync.status': none,
  'sync.pause': none,
  'sync.resume': none,
  'sync.log': z.union([
    z.undefined().transform(() => ({})),
    z.strictObject({ limit: z.number().int().min(1).max(10_000).optional() }),
  ]),
  'sync.openPost': z.strictObject({ postId: id.nullable() }),
  'activity.list': z.strictObject({
    postId: id,
    offset: z.number().int().min(0).optional(),
    limit: z.number().int().min(1).max(100).optional(),
  }),
  'skills.list': z.strictObject({ workspace: slug }),
  'undo.run': z.strictObject({ id: id.optional() }),
  'history.list': z.union([z.strictObject({ variantId: id }), z.strictObject({ postId: id })]),
  'history.restore': z.union([
    z.strictObject({ variantId: id, version }),
    z.strictObject({ postId: id, version }),
  ]),
  'variants.copyToNewPost': z.strictObject({ id }),
  'data.status': none,
  'data.dismissNotice': none,
  'data.backup': none,
  'data.backups': none,
  'data.export': none,
  // An export's whole text: checked field by field when it is read (safekeeping/export-format.ts).
  'data.import': z.union([
    z.strictObject({ document: z.string().min(1, 'must not be empty') }),
    z.strictObject({ copy: z.string().min(1, 'must not be empty').max(4096) }),
  ]),
} satisfies Schemas;

/** The commands the core routes: derived from the schemas, one per command of the bridge contract. */
export const CORE_COMMANDS = Object.keys(COMMAND_SCHEMAS) as CommandName[];

/** A readable sentence naming the field(s) at fault. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      if (issue.code === 'unrecognized_keys') return `unknown field(s): ${issue.keys.join(', ')}`;
      return `${path === '' ? 'payload' : path}: ${issue.message}`;
    })
    .join('; ');
}
