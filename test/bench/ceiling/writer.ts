// The writer thread of the ceiling (see ../ceiling.ts): its own connection to Outpost's database
// file, running the statements a real push or pull runs per op or per post (the same SQL, as
// logged from the core), and nothing else: no Kysely, no state machine, no events. The answers
// come in as the service's raw text; the writer parses and checks them (the core's own zod
// schemas) and stores them. Writes that come in together share a transaction, as in the core's
// group commit; a claim is answered once the commit that holds it is done.
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import {
  parseEnvelope,
  parsePost,
  parseVariant,
  type ServiceVariant,
} from '../../../src-main/core/api/schemas';

export type WriterMessage =
  /** Commits these ops as `sending`; answers `token` once committed (null: no answer wanted). */
  | { kind: 'claim'; opIds: string[]; token: number | null }
  /** Records an op's answer and marks it done. */
  | { kind: 'settle'; opId: string; answer: string }
  /** One page of a workspace's posts envelope. */
  | { kind: 'posts'; workspace: string; answer: string }
  /** One post's variant list. */
  | { kind: 'variants'; serverPostId: string; answer: string }
  | { kind: 'close' };

export type WriterReply = { kind: 'committed'; tokens: number[] } | { kind: 'closed' };

export interface WriterData {
  dbFile: string;
}

/** Posts merged per transaction in a pull, as in the core (sync/pull.ts). */
const MERGE_BATCH_POSTS = 100;

const port = parentPort;
if (port === null) throw new Error('writer.ts runs as a worker thread');
const { dbFile } = workerData as WriterData;

const db = new Database(dbFile);
db.pragma('journal_mode = WAL');
db.pragma('foreign_keys = ON');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');

const inList = (n: number): string => Array.from({ length: n }, () => '?').join(', ');
const q = {
  op: db.prepare<[string], OpRow>('select * from "outbox_op" where "id" = ?'),
  post: db.prepare('select * from "post" where "id" = ?'),
  variant: db.prepare('select * from "variant" where "id" = ?'),
  claim: db.prepare(
    'update "outbox_op" set "state" = ?, "attempts" = ?, "sent_at" = ?, "updated_at" = ?, "next_attempt_at" = ?, "payload" = ? where "id" = ? and "state" = ?',
  ),
  settle: db.prepare(
    'update "outbox_op" set "state" = ?, "updated_at" = ?, "next_attempt_at" = ?, "error" = case when ? then "error" else ? end, "facts" = case when ? then "facts" else ? end where "id" = ? and "state" = ?',
  ),
  postCreated: db.prepare(
    'update "post" set "server_id" = ?, "base" = ?, "error" = ?, "updated_at" = ? where "id" = ?',
  ),
  variantCreated: db.prepare(
    'update "variant" set "server_id" = ?, "status" = ?, "platform_post_url" = ?, "base" = ?, "published_at" = ?, "remote_state" = ?, "error" = ?, "reconcile_at" = ?, "reconcile_attempts" = ?, "updated_at" = ? where "id" = ?',
  ),
  log: db.prepare(
    'insert into "sync_log" ("at", "action", "reason", "post_id", "variant_id") values (?, ?, ?, ?, ?)',
  ),
  workspace: db.prepare(
    `insert or ignore into "workspace" ("slug", "name", "raw", "seen_at", "access") values (?, null, '{}', ?, 'ok')`,
  ),
  postsByServerIds: db.prepare(
    `select * from "post" where "workspace" = ? and "server_id" in (${inList(MERGE_BATCH_POSTS)})`,
  ),
  insertPost: db.prepare(
    'insert into "post" ("id", "server_id", "workspace", "title", "base", "remote_state", "conflict", "error", "created_at", "updated_at") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ),
  variantsOfPosts: db.prepare(
    `select * from "variant" where "post_id" in (${inList(MERGE_BATCH_POSTS)}) order by "created_at", rowid`,
  ),
  insertVariant: db.prepare(
    'insert into "variant" ("id", "post_id", "server_id", "platform", "content", "account_mode", "social_profile_id", "scheduled_at", "status", "platform_post_url", "base", "published_at", "remote_state", "conflict", "error", "created_at", "updated_at", "reconcile_at", "reconcile_attempts") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ),
  markRead: db.prepare(
    `update "post" set "variants_read_at" = ? where "id" in (${inList(MERGE_BATCH_POSTS)})`,
  ),
};

interface OpRow {
  id: string;
  kind: string;
  post_id: string;
  variant_id: string | null;
  attempts: number;
  payload: string;
}

/** Fills an `in (...)` list of the batch's fixed size. */
const padded = (ids: readonly string[]): Array<string | null> => [
  ...ids,
  ...Array<null>(MERGE_BATCH_POSTS - ids.length).fill(null),
];

const variantBase = (sv: ServiceVariant): string =>
  JSON.stringify({
    content: sv.content,
    scheduled_at: sv.scheduled_at,
    social_profile_id: sv.social_profile_id,
    status: sv.status,
    platform_post_url: sv.platform_post_url,
  });

// --- push --------------------------------------------------------------------------------------

function claim(opId: string, now: string): void {
  const op = q.op.get(opId);
  if (op === undefined) throw new Error(`no op ${opId}`);
  q.post.get(op.post_id);
  if (op.variant_id !== null) q.variant.get(op.variant_id);
  const claimed = q.claim.run('sending', op.attempts + 1, now, now, null, op.payload, op.id, 'pending');
  if (claimed.changes !== 1) throw new Error(`op ${opId} was not pending`);
}

function settle(opId: string, answer: string, now: string): void {
  const op = q.op.get(opId);
  if (op === undefined) throw new Error(`no op ${opId}`);
  const json: unknown = JSON.parse(answer);
  q.settle.run('done', now, null, 1, null, 1, null, op.id, 'sending');
  if (op.kind === 'create_post') {
    const sp = parsePost(json);
    q.postCreated.run(sp.id, JSON.stringify({ title: sp.title }), null, now, op.post_id);
    q.log.run(now, 'created', `Post created on the service as ${sp.id}.`, op.post_id, null);
  } else {
    const sv = parseVariant(json);
    q.variant.get(op.variant_id);
    q.variantCreated.run(
      sv.id,
      sv.status,
      sv.platform_post_url,
      variantBase(sv),
      sv.published_at,
      'active',
      null,
      null,
      0,
      now,
      op.variant_id,
    );
    q.log.run(now, 'created', `Variant created on the service as ${sv.id}.`, op.post_id, op.variant_id);
  }
}

// --- pull --------------------------------------------------------------------------------------

const localPostOf = new Map<string, string>();
let variantLists: Array<{ serverPostId: string; answer: string }> = [];

function mergePostsPage(workspace: string, answer: string, now: string): void {
  const posts = parseEnvelope(JSON.parse(answer), 'posts').results.map(parsePost);
  q.workspace.run(workspace, now);
  q.postsByServerIds.all(workspace, ...padded(posts.map((p) => p.id)));
  for (const sp of posts) {
    const id = randomUUID();
    localPostOf.set(sp.id, id);
    const base = JSON.stringify({ title: sp.title });
    q.insertPost.run(id, sp.id, workspace, sp.title, base, 'active', null, null, now, now);
  }
}

function mergeVariantLists(now: string): void {
  const lists = variantLists;
  variantLists = [];
  const postIds = lists.map((l) => localPostOf.get(l.serverPostId) ?? '');
  q.variantsOfPosts.all(...padded(postIds));
  lists.forEach((list, i) => {
    for (const raw of JSON.parse(list.answer) as unknown[]) {
      const sv = parseVariant(raw);
      q.insertVariant.run(
        randomUUID(),
        postIds[i],
        sv.id,
        sv.platform,
        sv.content,
        sv.social_profile_id === null ? 'none' : 'profile',
        sv.social_profile_id,
        sv.scheduled_at,
        sv.status,
        sv.platform_post_url,
        variantBase(sv),
        sv.published_at,
        'active',
        null,
        null,
        now,
        now,
        null,
        0,
      );
    }
  });
  q.markRead.run(now, ...padded(postIds));
}

// --- the group commit --------------------------------------------------------------------------

let queued: WriterMessage[] = [];
let flushDue = false;

const flush = db.transaction((messages: WriterMessage[]): number[] => {
  const tokens: number[] = [];
  const now = new Date().toISOString();
  for (const m of messages) {
    if (m.kind === 'claim') {
      for (const opId of m.opIds) claim(opId, now);
      if (m.token !== null) tokens.push(m.token);
    } else if (m.kind === 'settle') {
      settle(m.opId, m.answer, now);
    } else if (m.kind === 'posts') {
      mergePostsPage(m.workspace, m.answer, now);
    } else if (m.kind === 'variants') {
      variantLists.push(m);
      if (variantLists.length >= MERGE_BATCH_POSTS) mergeVariantLists(now);
    } else if (m.kind === 'close' && variantLists.length > 0) {
      mergeVariantLists(now);
    }
  }
  return tokens;
});

function flushQueued(): void {
  flushDue = false;
  const messages = queued;
  queued = [];
  const tokens = flush(messages);
  if (tokens.length > 0) port?.postMessage({ kind: 'committed', tokens } satisfies WriterReply);
  if (messages.some((m) => m.kind === 'close')) {
    db.close();
    port?.postMessage({ kind: 'closed' } satisfies WriterReply);
  }
}

port.on('message', (message: WriterMessage) => {
  queued.push(message);
  // Messages already delivered in this turn join the same transaction.
  if (!flushDue) {
    flushDue = true;
    setImmediate(flushQueued);
  }
});
