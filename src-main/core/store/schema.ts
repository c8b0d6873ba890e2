// Table types of the local database (docs/architecture.md, "Local data"). Columns are snake_case and match
// the migrations; JSON columns hold text the repositories parse. The access token has no
// column anywhere: it lives in the SecretStore only.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { OutboxOpKind, OutboxOpState, VersionOrigin } from '@preload/bridge';

/** Which account a variant asks for: omitted on create, explicit null, or a chosen id. */
export type AccountMode = 'default' | 'none' | 'profile';
export type RemoteState = 'active' | 'removed';
/** An outbox op's kind and state, as the bridge declares them (src-preload/bridge.ts). */
export type OpKind = OutboxOpKind;
export type OpState = OutboxOpState;
/** Whether this account can reach a workspace's routes (migration 0005). */
export type WorkspaceAccess = 'ok' | 'forbidden' | 'not_found';

export interface ConnectionTable {
  id: ColumnType<number, number, never>;
  base_url: string;
  auth_header: string;
  connected_at: string;
}

export interface SettingTable {
  key: string;
  /** JSON text. */
  value: string;
}

export interface WorkspaceTable {
  slug: string;
  name: string | null;
  raw: string;
  seen_at: string;
  access: ColumnType<WorkspaceAccess, WorkspaceAccess | undefined, WorkspaceAccess>;
}

export interface SocialProfileTable {
  workspace: string;
  id: string;
  platform: string;
  is_active: number;
  label: string | null;
  raw: string;
  seen_at: string;
}

export interface PostTable {
  id: string;
  server_id: string | null;
  /** null: the local space (drafted before connecting or before choosing a workspace). */
  workspace: string | null;
  title: string;
  /** JSON of the last server state seen ({ title }), for three-way comparison. */
  base: string | null;
  remote_state: RemoteState;
  /** JSON FieldConflict[] while the user has to decide. */
  conflict: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  /** When its variants were last read from the service in full (a full pull's rotation). */
  variants_read_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the user hid it here ("Hide here", migration 0009); null while it shows. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The title folded for search and the list's order, where lower(title) is not the same (migrations 0012, 0020). */
  search_title: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface VariantTable {
  id: string;
  post_id: string;
  server_id: string | null;
  platform: string;
  content: string;
  account_mode: AccountMode;
  /** Set only when account_mode is 'profile'. */
  social_profile_id: string | null;
  scheduled_at: string | null;
  /** The service's status string exactly as it came. */
  status: string | null;
  platform_post_url: string | null;
  /** JSON of the last server state seen ({ content, scheduled_at, social_profile_id, status, platform_post_url }). */
  base: string | null;
  /** The service's `published_at`, when it sent one as text (migration 0017): where the calendar places it. */
  published_at: ColumnType<string | null, string | null | undefined, string | null>;
  remote_state: RemoteState;
  conflict: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  /** Added by migration 0002: when the reconciler reads this variant again. */
  reconcile_at: string | null;
  reconcile_attempts: ColumnType<number, number | undefined, number>;
  /** The text folded for search, where LIKE on the text would not do (migrations 0012, 0019; the repository writes it). */
  search_content: ColumnType<string | null, string | null | undefined, string | null>;
  /** The key of the imported row it was made from (migration 0015); null when typed here. */
  import_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OutboxOpTable {
  id: string;
  /** Global order; ops of one post run in this order. */
  seq: number;
  kind: OpKind;
  state: OpState;
  post_id: string;
  variant_id: string | null;
  /** JSON: e.g. the fields an update_variant sends ({ fields: ['content'] }). */
  payload: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string | null;
  error: string | null;
  /** When the last request left (publish facts). */
  sent_at: string | null;
  /** JSON OpQuestion while the op waits for the user (migration 0005): what to ask, with the facts. */
  facts: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface ActivityEntryTable {
  id: Generated<number>;
  post_id: string;
  position: number;
  raw: string;
  fetched_at: string;
}

export interface SkillTable {
  workspace: string;
  position: number;
  raw: string;
  fetched_at: string;
}

export interface SyncLogTable {
  id: Generated<number>;
  at: string;
  action: string;
  reason: string;
  post_id: string | null;
  variant_id: string | null;
}

/** A kept version of a text (migration 0008): a variant's content, or a post's title. */
export interface TextVersionTable {
  id: Generated<number>;
  post_id: string;
  /** null: a version of the post's title. */
  variant_id: string | null;
  /** Per text, from 1, newest highest, never reused. */
  number: number;
  at: string;
  origin: VersionOrigin;
  text: string;
}

/** The versions' total in bytes, one row kept by triggers (migration 0022). */
export interface TextVersionTotalTable {
  id: number;
  bytes: number;
}

/** An account's posting times: its zone (migration 0007). */
export interface PostingScheduleTable {
  workspace: string;
  profile_id: string;
  /** IANA zone name. */
  zone: string;
  updated_at: string;
}

/** One weekly posting time of an account (migration 0007). */
export interface PostingSlotTable {
  workspace: string;
  profile_id: string;
  /** ISO weekday: Monday 1 ... Sunday 7. */
  weekday: number;
  /** Minutes since midnight, in the schedule's zone. */
  minute: number;
}

/** An account that answered a publish with "waiting for sign-off" (migration 0010). */
export interface SignOffAccountTable {
  workspace: string;
  profile_id: string;
  seen_at: string;
}

export interface Database {
  connection: ConnectionTable;
  setting: SettingTable;
  workspace: WorkspaceTable;
  social_profile: SocialProfileTable;
  post: PostTable;
  variant: VariantTable;
  outbox_op: OutboxOpTable;
  activity_entry: ActivityEntryTable;
  skill: SkillTable;
  sync_log: SyncLogTable;
  text_version: TextVersionTable;
  text_version_total: TextVersionTotalTable;
  posting_schedule: PostingScheduleTable;
  posting_slot: PostingSlotTable;
  sign_off_account: SignOffAccountTable;
}

export type PostRow = Selectable<PostTable>;
export type NewPostRow = Insertable<PostTable>;
export type PostUpdate = Updateable<PostTable>;
export type VariantRow = Selectable<VariantTable>;
export type NewVariantRow = Insertable<VariantTable>;
export type VariantUpdate = Updateable<VariantTable>;
export type OutboxOpRow = Selectable<OutboxOpTable>;
export type NewOutboxOpRow = Insertable<OutboxOpTable>;
export type WorkspaceRow = Selectable<WorkspaceTable>;
export type SocialProfileRow = Selectable<SocialProfileTable>;
export type SyncLogRow = Selectable<SyncLogTable>;
export type ConnectionRow = Selectable<ConnectionTable>;
export type TextVersionRow = Selectable<TextVersionTable>;
