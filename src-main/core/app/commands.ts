// zod schemas for every bridge command's payload (strict: unknown keys are refused). The
// `satisfies` map below makes the compiler check each schema against src-preload/bridge.ts.
import { z } from 'zod';
import type { CommandName, CommandPayload } from '../../../src-preload/bridge';
import { identifierProblem, wellFormed } from '../../../src-preload/invisible';

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
const slug = z.string().min(1, 'must not be empty').max(200).superRefine(noInvisible);
const account = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('default') }),
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('profile'), profileId: id.superRefine(noInvisible) }),
]);
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
const connection = z.strictObject({ baseUrl: text(2000), token: text(4000).optional(), authHeader });

type Schemas = { [C in CommandName]: z.ZodType<CommandPayload<C>, unknown> };

export const COMMAND_SCHEMAS = {
  'app.info': none,
  'settings.get': none,
  'settings.update': z.strictObject({
    notifications: z.boolean().optional(),
    theme: z.enum(['system', 'light', 'dark']).optional(),
    closeToTray: z.boolean().optional(),
  }),
  'settings.testConnection': connection,
  'settings.connect': z.strictObject({ baseUrl: text(2000), token: text(4000), authHeader }),
  'settings.signOut': none,
  'workspaces.list': none,
  'workspaces.select': z.strictObject({ slug: slug.nullable() }),
  'workspaces.moveLocalDrafts': z.strictObject({ slug, postIds: z.array(id).max(100_000).optional() }),
  'profiles.list': z.strictObject({ workspace: slug }),
  'posts.list': z.strictObject({
    workspace: slug.nullable(),
    query: text(500).optional(),
    filter: z.union([z.literal('all'), itemState]).optional(),
    limit: z.int().min(1).max(100_000).optional(),
  }),
  'posts.get': z.strictObject({ id }),
  'posts.conflicts': none,
  'posts.create': z.strictObject({ workspace: slug.nullable(), title: text(1000) }),
  'posts.update': z.strictObject({ id, title: text(1000) }),
  'variants.create': z.strictObject({
    postId: id,
    platform: z.string().trim().min(1, 'must not be empty').max(100).superRefine(noInvisible),
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
  'planning.calendar': z.strictObject({ workspace: slug.nullable(), from: isoTime, to: isoTime }),
  'planning.queue': z.strictObject({ workspace: slug.nullable() }),
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
