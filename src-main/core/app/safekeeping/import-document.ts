// Reading an export back (export-document.ts, docs/export-format.md): checked field by field,
// then turned into the rows of the database's tables, for the merge that adds what is not
// already here (store/recovery/merge-rows.ts). A document that is not an export, or of a newer
// version, is refused in plain words before anything is written.
import { z } from 'zod';
import { storedPostBase } from '../../store/post-repository';
import type { Rows } from '../../store/recovery/merge-rows';
import { storedVariantBase } from '../../store/variant-repository';
import type { Row } from '../../store/recovery/salvage';
import { CommandError } from '../command-error';
import { EXPORT_FORMAT, EXPORT_VERSION, isMachineSetting } from './export-document';

const str = z.string();
const opt = z.string().nullable();
const stamp = z.string().min(1);
const json = z.unknown();
const version = z.object({ number: z.int().min(1), at: stamp, origin: str, text: str });
// `raw`: the service's whole answer, which documents of earlier versions carry.
const service = z.object({ base: json, publishedAt: opt, raw: json }).partial().default({});
const account = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('default') }),
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('profile'), profileId: str }),
]);

const variant = z.object({
  id: str.min(1),
  serviceId: opt,
  platform: str.min(1),
  text: str,
  account,
  scheduledAt: opt.default(null),
  status: opt.default(null),
  link: opt.default(null),
  remoteState: z.enum(['active', 'removed']).default('active'),
  conflict: json.default(null),
  error: opt.default(null),
  createdAt: stamp,
  updatedAt: stamp,
  reconcileAt: opt.default(null),
  reconcileAttempts: z.int().min(0).default(0),
  service,
  versions: z.array(version).default([]),
});

const post = z.object({
  id: str.min(1),
  serviceId: opt,
  workspace: opt,
  title: str,
  remoteState: z.enum(['active', 'removed']).default('active'),
  hiddenAt: opt.default(null),
  conflict: json.default(null),
  error: opt.default(null),
  createdAt: stamp,
  updatedAt: stamp,
  variantsReadAt: opt.default(null),
  service,
  titleVersions: z.array(version).default([]),
  variants: z.array(variant).default([]),
});

const op = z.object({
  id: str.min(1),
  seq: z.int(),
  kind: z.enum(['create_post', 'create_variant', 'update_variant', 'schedule', 'unschedule', 'publish']),
  state: z.enum(['pending', 'sending', 'unknown', 'needs_user', 'failed']),
  postId: str,
  variantId: opt,
  payload: json.default({}),
  attempts: z.int().min(0).default(0),
  nextAttemptAt: opt.default(null),
  error: opt.default(null),
  sentAt: opt.default(null),
  facts: json.default(null),
  createdAt: stamp,
  updatedAt: stamp,
});

const document = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: stamp,
  connection: z.object({ baseUrl: str, authHeader: str, connectedAt: stamp }).nullable().default(null),
  settings: z.record(str, json).default({}),
  workspaces: z
    .array(z.object({ slug: str.min(1), name: opt, access: str.default('ok'), seenAt: stamp, service: json }))
    .default([]),
  accounts: z
    .array(
      z.object({
        workspace: str,
        id: str,
        platform: str,
        active: z.boolean(),
        label: opt,
        seenAt: stamp,
        service: json,
      }),
    )
    .default([]),
  posts: z.array(post),
  postingTimes: z
    .array(
      z.object({
        workspace: str,
        account: str,
        zone: str,
        updatedAt: stamp,
        slots: z.array(z.object({ weekday: z.int().min(1).max(7), minute: z.int().min(0).max(1439) })),
      }),
    )
    .default([]),
  signOffAccounts: z.array(z.object({ workspace: str, account: str, seenAt: stamp })).default([]),
  outbox: z.array(op).default([]),
});

export type ParsedExport = z.infer<typeof document>;

/** JSON kept as text in a column. */
const asText = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

/** The document checked; refused with the reason when it is not an export this version reads. */
export function parseExport(text: string): ParsedExport {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new CommandError('invalid_payload', 'This file is not an Outpost export: it is not JSON.');
  }
  const format = (raw as { format?: unknown } | null)?.format;
  const v = (raw as { version?: unknown } | null)?.version;
  if (format !== EXPORT_FORMAT)
    throw new CommandError(
      'invalid_payload',
      'This file is not an Outpost export (it has no "format": "outpost-export").',
    );
  if (typeof v === 'number' && v > EXPORT_VERSION)
    throw new CommandError(
      'invalid_payload',
      `This export was written by a newer Outpost (format version ${v}); update Outpost to bring it back.`,
    );
  const parsed = document.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first ? first.path.map(String).join('.') : '';
    throw new CommandError(
      'invalid_payload',
      `This export cannot be read: ${where} ${first?.message ?? ''}`.trim(),
    );
  }
  return parsed.data;
}

/** The time an earlier document's whole answer of the service gives for a variant's going out. */
function publishedAtIn(raw: unknown): string | null {
  const at = (raw as { published_at?: unknown } | null | undefined)?.published_at;
  return typeof at === 'string' ? at : null;
}

function variantRows(p: ParsedExport['posts'][number], rows: Required<Rows>): void {
  for (const v of p.variants) {
    const mirrored = {
      content: v.text,
      scheduled_at: v.scheduledAt,
      social_profile_id: v.account.kind === 'profile' ? v.account.profileId : null,
      status: v.status,
      platform_post_url: v.link,
    };
    rows.variant.push({
      id: v.id,
      post_id: p.id,
      server_id: v.serviceId,
      platform: v.platform,
      ...mirrored,
      account_mode: v.account.kind,
      base: storedVariantBase(asText(v.service.base), mirrored),
      published_at: v.service.publishedAt ?? publishedAtIn(v.service.raw),
      remote_state: v.remoteState,
      conflict: asText(v.conflict),
      error: v.error,
      created_at: v.createdAt,
      updated_at: v.updatedAt,
      reconcile_at: v.reconcileAt,
      reconcile_attempts: v.reconcileAttempts,
    });
    for (const t of v.versions)
      rows.text_version.push({
        post_id: p.id,
        variant_id: v.id,
        number: t.number,
        at: t.at,
        origin: t.origin,
        text: t.text,
      });
  }
}

function postRows(doc: ParsedExport, rows: Required<Rows>): void {
  for (const p of doc.posts) {
    rows.post.push({
      id: p.id,
      server_id: p.serviceId,
      workspace: p.workspace,
      title: p.title,
      base: storedPostBase(asText(p.service.base), p.title),
      remote_state: p.remoteState,
      conflict: asText(p.conflict),
      error: p.error,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
      variants_read_at: p.variantsReadAt,
      hidden_at: p.hiddenAt,
    });
    for (const t of p.titleVersions)
      rows.text_version.push({
        post_id: p.id,
        variant_id: null,
        number: t.number,
        at: t.at,
        origin: t.origin,
        text: t.text,
      });
    variantRows(p, rows);
  }
}

/** The document as rows of the database's tables. */
export function exportRows(doc: ParsedExport): Rows {
  const rows: Required<Rows> = {
    connection: [],
    setting: [],
    workspace: [],
    social_profile: [],
    post: [],
    variant: [],
    text_version: [],
    posting_schedule: [],
    posting_slot: [],
    sign_off_account: [],
    outbox_op: [],
  };
  if (doc.connection)
    rows.connection.push({
      id: 1,
      base_url: doc.connection.baseUrl,
      auth_header: doc.connection.authHeader,
      connected_at: doc.connection.connectedAt,
    });
  for (const [key, value] of Object.entries(doc.settings))
    if (!isMachineSetting(key)) rows.setting.push({ key, value: JSON.stringify(value) });
  for (const w of doc.workspaces)
    rows.workspace.push({
      slug: w.slug,
      name: w.name,
      access: w.access,
      seen_at: w.seenAt,
      raw: asText(w.service) ?? '{}',
    });
  for (const a of doc.accounts)
    rows.social_profile.push({
      workspace: a.workspace,
      id: a.id,
      platform: a.platform,
      is_active: a.active ? 1 : 0,
      label: a.label,
      seen_at: a.seenAt,
      raw: asText(a.service) ?? '{}',
    });
  postRows(doc, rows);
  for (const s of doc.postingTimes) {
    rows.posting_schedule.push({
      workspace: s.workspace,
      profile_id: s.account,
      zone: s.zone,
      updated_at: s.updatedAt,
    });
    for (const t of s.slots)
      rows.posting_slot.push({
        workspace: s.workspace,
        profile_id: s.account,
        weekday: t.weekday,
        minute: t.minute,
      });
  }
  for (const s of doc.signOffAccounts)
    rows.sign_off_account.push({ workspace: s.workspace, profile_id: s.account, seen_at: s.seenAt });
  rows.outbox_op = doc.outbox.map((o): Row => ({
    id: o.id,
    seq: o.seq,
    kind: o.kind,
    state: o.state,
    post_id: o.postId,
    variant_id: o.variantId,
    payload: asText(o.payload) ?? '{}',
    attempts: o.attempts,
    next_attempt_at: o.nextAttemptAt,
    error: o.error,
    sent_at: o.sentAt,
    facts: asText(o.facts),
    created_at: o.createdAt,
    updated_at: o.updatedAt,
  }));
  return rows;
}
