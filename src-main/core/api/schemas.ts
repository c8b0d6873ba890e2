// Response validation. The spec promises few fields, so only those are checked; everything
// else the service sends is handed on untouched in `raw` (the store keeps only what it reads). Ids may come as numbers or strings and
// are normalized to strings. Status strings are never checked against a list.
import { z } from 'zod';

const id = z.union([
  z.string().min(1),
  z
    .number()
    .int()
    .refine((n) => Number.isSafeInteger(n), 'id is not a safe integer'),
]);
const optionalId = z.union([id, z.null()]).optional();
const optionalString = z.union([z.string(), z.null()]).optional();

const workspaceSchema = z.object({ slug: z.string().min(1), name: optionalString });
const profileSchema = z.object({ id, platform: z.string(), is_active: z.boolean() });
const postSchema = z.object({ id, title: z.string() });
const variantSchema = z.object({
  id,
  platform: z.string(),
  content: z.string(),
  social_profile_id: optionalId,
  scheduled_at: optionalString,
  status: optionalString,
  platform_post_url: optionalString,
});
const envelopeSchema = z.looseObject({
  results: z.array(z.unknown()),
  count: z.number().int().nonnegative(),
  limit: z.number().int().optional().nullable(),
  offset: z.number().int().optional().nullable(),
});

export interface ServiceWorkspace {
  slug: string;
  name: string | null;
  raw: Record<string, unknown>;
}
export interface ServiceProfile {
  id: string;
  platform: string;
  is_active: boolean;
  label: string | null;
  raw: Record<string, unknown>;
}
export interface ServicePost {
  id: string;
  title: string;
  raw: Record<string, unknown>;
}
export interface ServiceVariant {
  id: string;
  platform: string;
  content: string;
  social_profile_id: string | null;
  scheduled_at: string | null;
  status: string | null;
  platform_post_url: string | null;
  /** When it went out, if the service says so (not promised: read only when it is text). */
  published_at: string | null;
  raw: Record<string, unknown>;
}
export interface Envelope {
  results: unknown[];
  count: number;
  limit: number | null;
  offset: number | null;
}

/** Thrown by the parsers; the client turns it into a 'malformed_response' ServiceError. */
export class ShapeError extends Error {
  override readonly name = 'ShapeError';
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unexpected shape';
  const where = issue.path.length > 0 ? issue.path.join('.') : 'body';
  return `${where}: ${issue.message}`;
}

function check<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ShapeError(`${what} (${describe(result.error)})`);
  return result.data;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value as Record<string, unknown>;
}

/** A profile's readable name, when the service sends one under a common key (not promised). */
function labelOf(raw: Record<string, unknown>): string | null {
  for (const key of ['label', 'name', 'display_name', 'username', 'handle']) {
    const value = raw[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

export function parseWorkspace(value: unknown): ServiceWorkspace {
  const w = check(workspaceSchema, value, 'a workspace without a usable slug');
  return { slug: w.slug, name: w.name ?? null, raw: asRecord(value) };
}

export function parseProfile(value: unknown): ServiceProfile {
  const p = check(profileSchema, value, 'a social profile without id, platform or is_active');
  const raw = asRecord(value);
  return { id: String(p.id), platform: p.platform, is_active: p.is_active, label: labelOf(raw), raw };
}

export function parsePost(value: unknown): ServicePost {
  const p = check(postSchema, value, 'a post without id or title');
  return { id: String(p.id), title: p.title, raw: asRecord(value) };
}

export function parseVariant(value: unknown): ServiceVariant {
  const v = check(variantSchema, value, 'a variant without the fields the spec gives');
  const raw = asRecord(value);
  return {
    id: String(v.id),
    platform: v.platform,
    content: v.content,
    social_profile_id:
      v.social_profile_id === undefined || v.social_profile_id === null ? null : String(v.social_profile_id),
    scheduled_at: v.scheduled_at ?? null,
    status: v.status ?? null,
    platform_post_url: v.platform_post_url ?? null,
    published_at: typeof raw.published_at === 'string' ? raw.published_at : null,
    raw,
  };
}

/** A list endpoint: a bare array, or (tolerated) an envelope's `results`. */
export function parseArray(value: unknown, what: string): unknown[] {
  if (Array.isArray(value)) return value;
  const envelope = envelopeSchema.safeParse(value);
  if (envelope.success) return envelope.data.results;
  throw new ShapeError(`${what}: expected a JSON array`);
}

/** The counted envelope, or a bare array (a service that ignores `limit`) read as one full page. */
export function parseEnvelope(value: unknown, what: string): Envelope & { bare: boolean } {
  if (Array.isArray(value)) {
    return { results: value, count: value.length, limit: null, offset: null, bare: true };
  }
  const e = check(envelopeSchema, value, `${what}: expected the counted envelope`);
  return {
    results: e.results,
    count: e.count,
    limit: e.limit ?? null,
    offset: e.offset ?? null,
    bare: false,
  };
}
