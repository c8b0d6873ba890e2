// Everything of the user's in one JSON document (docs/export-format.md): every post with its
// variants (text, account, time, state, service link) and the kept versions of each text, the
// posting times, the changes waiting to go, and every setting; never the token, which is not in
// the database at all. Read from a snapshot of the database (a copy made in steps), so the
// document is one moment's state however long it takes to write, and typing goes on meanwhile.
import type BetterSqlite3 from 'better-sqlite3';
import type { AccountChoice } from '@preload/bridge';
import { snapshotOps } from '../../outbox/snapshot-reads';
import { postBase } from '../../store/post-repository';
import type { OutboxOpRow, PostRow, TextVersionRow, VariantRow } from '../../store/schema';
import { variantBase } from '../../store/variant-repository';
import { WINDOW_CORE_PREFIX } from '../../store/window-cores';
import { variantView } from '../items/views';

export const EXPORT_FORMAT = 'outpost-export';
export const EXPORT_VERSION = 1;

const MACHINE_SETTINGS: ReadonlySet<string> = new Set([
  'syncLease',
  'startRecovery',
  'lastSyncAt',
  'lastReadAt',
]);

/** Whether a setting describes this machine's moment, not the user's work: not exported or restored. */
export function isMachineSetting(key: string): boolean {
  return MACHINE_SETTINGS.has(key) || key.startsWith(WINDOW_CORE_PREFIX);
}

export interface ExportVersion {
  number: number;
  at: string;
  origin: string;
  text: string;
}

/** What the service last said of an item: kept so a restored copy merges with it as the original did. */
export interface ServiceSnapshot {
  base: unknown;
  /** A variant's only: when the service said it went out. */
  publishedAt?: string | null;
}

export interface ExportVariant {
  id: string;
  serviceId: string | null;
  platform: string;
  text: string;
  account: AccountChoice;
  scheduledAt: string | null;
  status: string | null;
  link: string | null;
  /** Where it stood at the export, and the words the window used for it (informative). */
  state: string;
  stateText: string;
  remoteState: string;
  conflict: unknown;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  reconcileAt: string | null;
  reconcileAttempts: number;
  service: ServiceSnapshot;
  versions: ExportVersion[];
}

export interface ExportPost {
  id: string;
  serviceId: string | null;
  workspace: string | null;
  title: string;
  remoteState: string;
  hiddenAt: string | null;
  conflict: unknown;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  variantsReadAt: string | null;
  service: ServiceSnapshot;
  titleVersions: ExportVersion[];
  variants: ExportVariant[];
}

export interface ExportOp {
  id: string;
  seq: number;
  kind: string;
  state: string;
  postId: string;
  variantId: string | null;
  payload: unknown;
  attempts: number;
  nextAttemptAt: string | null;
  error: string | null;
  sentAt: string | null;
  facts: unknown;
  createdAt: string;
  updatedAt: string;
}

export interface ExportDocument {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  app: string;
  connection: { baseUrl: string; authHeader: string; connectedAt: string } | null;
  settings: Record<string, unknown>;
  workspaces: Array<{ slug: string; name: string | null; access: string; seenAt: string; service: unknown }>;
  accounts: Array<{
    workspace: string;
    id: string;
    platform: string;
    active: boolean;
    label: string | null;
    seenAt: string;
    service: unknown;
  }>;
  posts: ExportPost[];
  postingTimes: Array<{
    workspace: string;
    account: string;
    zone: string;
    updatedAt: string;
    slots: Array<{ weekday: number; minute: number }>;
  }>;
  signOffAccounts: Array<{ workspace: string; account: string; seenAt: string }>;
  /** Changes not yet on the service, in the order they go. */
  outbox: ExportOp[];
}

/** JSON kept as text in a column, as a value; text that is not JSON stays text. */
export function jsonValue(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A base in full (the row stores only what differs from it); text that is not a JSON object stays as it is. */
function fullBase(stored: string | null, expand: () => unknown): unknown {
  const value = jsonValue(stored);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? expand() : value;
}

/** Posts written between two turns of the event loop: other work goes on between them. */
const POSTS_PER_TURN = 500;
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function all<T>(db: BetterSqlite3.Database, query: string): T[] {
  return db.prepare(query).all() as T[];
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

const version = (v: TextVersionRow): ExportVersion => ({
  number: v.number,
  at: v.at,
  origin: v.origin,
  text: v.text,
});

function exportVariant(
  v: VariantRow,
  post: PostRow,
  ops: OutboxOpRow[],
  versions: TextVersionRow[],
): ExportVariant {
  const view = variantView(v, post, ops);
  return {
    id: v.id,
    serviceId: v.server_id,
    platform: v.platform,
    text: v.content,
    account: view.account,
    scheduledAt: v.scheduled_at,
    status: v.status,
    link: v.platform_post_url,
    state: view.state,
    stateText: view.stateText,
    remoteState: v.remote_state,
    conflict: jsonValue(v.conflict),
    error: v.error,
    createdAt: v.created_at,
    updatedAt: v.updated_at,
    reconcileAt: v.reconcile_at,
    reconcileAttempts: v.reconcile_attempts,
    service: { base: fullBase(v.base, () => variantBase(v)), publishedAt: v.published_at },
    versions: versions.map(version),
  };
}

function exportOp(o: OutboxOpRow): ExportOp {
  return {
    id: o.id,
    seq: o.seq,
    kind: o.kind,
    state: o.state,
    postId: o.post_id,
    variantId: o.variant_id,
    payload: jsonValue(o.payload),
    attempts: o.attempts,
    nextAttemptAt: o.next_attempt_at,
    error: o.error,
    sentAt: o.sent_at,
    facts: jsonValue(o.facts),
    createdAt: o.created_at,
    updatedAt: o.updated_at,
  };
}

async function exportPosts(db: BetterSqlite3.Database): Promise<ExportPost[]> {
  // In the order the app shows them (made, then as written), which an import keeps by writing them so.
  const posts = all<PostRow>(db, 'select * from post order by created_at, rowid');
  const variants = groupBy(
    all<VariantRow>(db, 'select * from variant order by created_at, rowid'),
    (v) => v.post_id,
  );
  const ops = groupBy(snapshotOps(db, { open: false }), (o) => o.post_id);
  const versions = groupBy(all<TextVersionRow>(db, 'select * from text_version order by number'), (v) =>
    v.variant_id === null ? `post:${v.post_id}` : v.variant_id,
  );
  const out: ExportPost[] = [];
  for (const [i, p] of posts.entries()) {
    if (i > 0 && i % POSTS_PER_TURN === 0) await nextTurn();
    const opsOfPost = ops.get(p.id) ?? [];
    out.push({
      id: p.id,
      serviceId: p.server_id,
      workspace: p.workspace,
      title: p.title,
      remoteState: p.remote_state,
      hiddenAt: p.hidden_at,
      conflict: jsonValue(p.conflict),
      error: p.error,
      createdAt: p.created_at,
      updatedAt: p.updated_at,
      variantsReadAt: p.variants_read_at,
      service: { base: fullBase(p.base, () => postBase(p)) },
      titleVersions: (versions.get(`post:${p.id}`) ?? []).map(version),
      variants: (variants.get(p.id) ?? []).map((v) =>
        exportVariant(v, p, opsOfPost, versions.get(v.id) ?? []),
      ),
    });
  }
  return out;
}

/** The whole document, read from `db` (a snapshot: nothing else writes to it meanwhile). */
export async function buildExport(
  db: BetterSqlite3.Database,
  meta: { exportedAt: string; app: string },
): Promise<ExportDocument> {
  const connection = db.prepare('select * from connection where id = 1').get() as
    { base_url: string; auth_header: string; connected_at: string } | undefined;
  const settings = all<{ key: string; value: string }>(
    db,
    'select key, value from setting order by key',
  ).filter((s) => !isMachineSetting(s.key));
  const slots = groupBy(
    all<{ workspace: string; profile_id: string; weekday: number; minute: number }>(
      db,
      'select * from posting_slot order by weekday, minute',
    ),
    (s) => `${s.workspace}\u0000${s.profile_id}`,
  );
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: meta.exportedAt,
    app: meta.app,
    connection: connection
      ? {
          baseUrl: connection.base_url,
          authHeader: connection.auth_header,
          connectedAt: connection.connected_at,
        }
      : null,
    settings: Object.fromEntries(settings.map((s) => [s.key, jsonValue(s.value)])),
    workspaces: all<{ slug: string; name: string | null; access: string; seen_at: string; raw: string }>(
      db,
      'select * from workspace order by slug',
    ).map((w) => ({
      slug: w.slug,
      name: w.name,
      access: w.access,
      seenAt: w.seen_at,
      service: jsonValue(w.raw),
    })),
    accounts: all<{
      workspace: string;
      id: string;
      platform: string;
      is_active: number;
      label: string | null;
      seen_at: string;
      raw: string;
    }>(db, 'select * from social_profile order by workspace, id').map((a) => ({
      workspace: a.workspace,
      id: a.id,
      platform: a.platform,
      active: a.is_active === 1,
      label: a.label,
      seenAt: a.seen_at,
      service: jsonValue(a.raw),
    })),
    posts: await exportPosts(db),
    postingTimes: all<{ workspace: string; profile_id: string; zone: string; updated_at: string }>(
      db,
      'select * from posting_schedule order by workspace, profile_id',
    ).map((s) => ({
      workspace: s.workspace,
      account: s.profile_id,
      zone: s.zone,
      updatedAt: s.updated_at,
      slots: (slots.get(`${s.workspace}\u0000${s.profile_id}`) ?? []).map((t) => ({
        weekday: t.weekday,
        minute: t.minute,
      })),
    })),
    signOffAccounts: all<{ workspace: string; profile_id: string; seen_at: string }>(
      db,
      'select * from sign_off_account order by workspace, profile_id',
    ).map((s) => ({ workspace: s.workspace, account: s.profile_id, seenAt: s.seen_at })),
    outbox: snapshotOps(db, { open: true }).map(exportOp),
  };
}
