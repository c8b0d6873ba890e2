// The faults that make a 2xx answer say something other than what happened: an answer
// about another record, a change answered but not kept, and text the service normalises. Each
// is a plausible misbehaviour of a real service or of a proxy or cache in front of it.
import type { PostRow, VariantRow } from './db';
import type { NotKeptEcho } from './faults';
import type { SandboxService } from './service';

export interface Handled {
  status: number;
  body: unknown;
}

const W = '/api/workspaces/:slug';
const VARIANT_ROUTES = new Set([
  `${W}/posts/:post_id/variants/`,
  `${W}/posts/:post_id/variants/:variant_id/`,
  `${W}/posts/:post_id/variants/:variant_id/publish/`,
]);

/** Text as this service keeps it under `normalize_text`: NFC, whitespace runs as one space, no ends. */
function tidy(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** `normalize_text`: the request's `title` and `content` as the service will store and answer them. */
export function normalizeTextFields(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const key of ['title', 'content']) {
    const value = out[key];
    if (typeof value === 'string') out[key] = tidy(value);
  }
  return out;
}

class RolledBack extends Error {
  constructor(readonly handled: Handled) {
    super('rolled back on purpose');
  }
}

/**
 * `not_kept` on a PATCH of a variant: the request is checked and handled as usual (a refusal is
 * still a refusal), then rolled back, so nothing is kept, not even its activity entry. The 200
 * answer shows the variant as it still is (`old`), or what the service would have answered had it
 * kept the change (`sent`).
 */
export function handleNotKept(
  service: SandboxService,
  handle: () => Handled,
  place: { user: string; slug: string; postId: string; variantId: string },
  echo: NotKeptEcho,
): Handled {
  let handled: Handled;
  try {
    service.db.transaction(() => {
      throw new RolledBack(handle());
    });
    throw new Error('unreachable: the transaction always rolls back');
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
    handled = error.handled;
  }
  if (echo === 'sent') return handled;
  const post = service.getPost(place.user, place.slug, place.postId);
  return {
    status: handled.status,
    body: service.variantJson(service.getVariant(post, place.variantId), post),
  };
}

/**
 * `other_record_after_write`: the write is handled and kept as usual, and its answer is another
 * record of the same kind the caller can see: for a variant, another variant of the same post
 * when it has one, else the newest other variant in the workspace; for a post, the newest other
 * post. With no other record to give, the answer is the usual one.
 */
export function answerAboutAnotherRecord(
  service: SandboxService,
  pattern: string,
  user: string,
  params: string[],
  handled: Handled,
): Handled {
  const slug = params[0] as string;
  // The id of the record the write concerns, as answered (a string or, with numeric ids, a number).
  const answered = (handled.body as { id?: string | number } | null)?.id;
  const ownId = answered === undefined ? '' : String(answered);
  const visible = `p.workspace = @slug AND (p.visibility = 'workspace' OR p.owner = @user)`;
  if (pattern === `${W}/posts/`) {
    const other = service.db.sqlite
      .prepare(`SELECT * FROM posts p WHERE ${visible} AND p.id != @ownId ORDER BY p.pk DESC LIMIT 1`)
      .get({ slug, user, ownId }) as PostRow | undefined;
    return other ? { status: handled.status, body: service.postJson(other) } : handled;
  }
  if (!VARIANT_ROUTES.has(pattern)) return handled;
  const other = service.db.sqlite
    .prepare(
      `SELECT v.* FROM variants v JOIN posts p ON p.pk = v.post_pk
       WHERE ${visible} AND v.id != @ownId
       ORDER BY p.id = @postId DESC, v.pk DESC LIMIT 1`,
    )
    .get({ slug, user, ownId, postId: params[1] }) as VariantRow | undefined;
  if (!other) return handled;
  const post = service.db.q.postByPk.get(other.post_pk) as PostRow;
  return { status: handled.status, body: service.variantJson(other, post) };
}
