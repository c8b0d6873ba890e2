// Brings rows from elsewhere (what was salvaged from a damaged file, or an export) into the
// database without duplicating what is there: an item is the same item when its local id or its
// service link is the same. `newer` replaces a row with the incoming one when that one changed
// later (a salvage: the damaged file was ahead of the copy restored); `never` keeps every row
// already there (an import into a folder in use). Rows whose parent is nowhere are kept too:
// texts without their post go to a post of their own in the local space.
import { randomUUID } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import { readJsonObject } from '../json';
import { searchCopy } from '../search-text';
import type { Row, SalvagedTable } from './salvage';

export type Prefer = 'newer' | 'never';

export interface MergeOptions {
  prefer: Prefer;
  now: string;
  /** The title of the post that takes texts whose own post is nowhere. */
  strayTitle: string;
}

export interface MergeCounts {
  posts: number;
  variants: number;
  textVersions: number;
  /** Changes brought back that still wait to go (finished ones come back too, uncounted). */
  ops: number;
  slots: number;
  /** Texts put in a post of their own because theirs could not be found. */
  strays: number;
  /** Rows left out: a change whose item is nowhere, or a row the database refused. */
  skipped: number;
}

export type Rows = Partial<Record<SalvagedTable, Row[]>>;

const SETTING_TABLES = [
  { table: 'connection', key: ['id'] },
  { table: 'setting', key: ['key'] },
  { table: 'workspace', key: ['slug'] },
  { table: 'social_profile', key: ['workspace', 'id'] },
  { table: 'sign_off_account', key: ['workspace', 'profile_id'] },
] as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A variant's published time; a row of an earlier file has it only in the service's whole answer. */
function publishedAt(row: Row): unknown {
  if ('published_at' in row) return row.published_at;
  const at = readJsonObject(text(row.raw))?.published_at;
  return typeof at === 'string' ? at : null;
}

/** Merges `rows` into `sqlite` in one transaction; answers what it added or changed. */
export function mergeRows(sqlite: BetterSqlite3.Database, rows: Rows, options: MergeOptions): MergeCounts {
  const merger = new RowMerger(sqlite, options);
  sqlite.transaction(() => merger.run(rows))();
  return merger.counts;
}

class RowMerger {
  readonly counts: MergeCounts = {
    posts: 0,
    variants: 0,
    textVersions: 0,
    ops: 0,
    slots: 0,
    strays: 0,
    skipped: 0,
  };
  /** Incoming local id -> the id it has here. */
  readonly #posts = new Map<string, string>();
  readonly #variants = new Map<string, string>();
  readonly #columns = new Map<string, Set<string>>();
  #strayPost: string | null = null;

  constructor(
    readonly db: BetterSqlite3.Database,
    readonly o: MergeOptions,
  ) {}

  run(rows: Rows): void {
    for (const { table, key } of SETTING_TABLES)
      for (const row of rows[table] ?? []) this.#keyed(table, key, row);
    for (const row of rows.post ?? []) this.#post(row);
    for (const row of rows.variant ?? []) this.#variant(row);
    for (const row of rows.text_version ?? []) this.#textVersion(row);
    for (const row of rows.posting_schedule ?? [])
      if (this.#keyed('posting_schedule', ['workspace', 'profile_id'], row)) this.counts.slots++;
    for (const row of rows.posting_slot ?? []) this.#slot(row);
    const ops = [...(rows.outbox_op ?? [])].sort((a, b) => Number(a.seq) - Number(b.seq));
    for (const row of ops) this.#op(row);
  }

  // --- rows of one table ----------------------------------------------------------------

  columns(table: string): Set<string> {
    let cols = this.#columns.get(table);
    if (!cols) {
      const info = this.db
        .prepare(`select name from pragma_table_info('${table}')`)
        .pluck()
        .all() as string[];
      cols = new Set(info);
      this.#columns.set(table, cols);
    }
    return cols;
  }

  #fit(table: string, row: Row): Row {
    const cols = this.columns(table);
    return Object.fromEntries(Object.entries(row).filter(([k, v]) => cols.has(k) && v !== undefined));
  }

  #insert(table: string, row: Row): boolean {
    const fitted = this.#fit(table, row);
    const names = Object.keys(fitted);
    try {
      this.db
        .prepare(
          `insert into "${table}" (${names.map((n) => `"${n}"`).join(', ')}) values (${names.map(() => '?').join(', ')})`,
        )
        .run(...Object.values(fitted));
      return true;
    } catch {
      this.counts.skipped++;
      return false;
    }
  }

  #update(table: string, row: Row, key: readonly string[]): void {
    const fitted = this.#fit(table, row);
    const names = Object.keys(fitted).filter((n) => !key.includes(n));
    if (names.length === 0) return;
    try {
      this.db
        .prepare(
          `update "${table}" set ${names.map((n) => `"${n}" = ?`).join(', ')} where ${key.map((k) => `"${k}" = ?`).join(' and ')}`,
        )
        .run(...names.map((n) => fitted[n]), ...key.map((k) => fitted[k]));
    } catch {
      this.counts.skipped++;
    }
  }

  #find(table: string, where: Row): Row | undefined {
    const keys = Object.keys(where);
    return this.db
      .prepare(`select * from "${table}" where ${keys.map((k) => `"${k}" is ?`).join(' and ')}`)
      .get(...Object.values(where)) as Row | undefined;
  }

  /** Whether the incoming row should replace the one here. */
  #replaces(incoming: Row, here: Row): boolean {
    if (this.o.prefer === 'never') return false;
    const stamp = (r: Row): string => text(r.updated_at ?? r.seen_at);
    return stamp(incoming) >= stamp(here);
  }

  /** A row known by its key: added when missing, replaced when newer. True when it was written. */
  #keyed(table: string, key: readonly string[], row: Row): boolean {
    const here = this.#find(table, Object.fromEntries(key.map((k) => [k, row[k]])));
    if (here === undefined) return this.#insert(table, row);
    if (!this.#replaces(row, here)) return false;
    this.#update(table, row, key);
    return true;
  }

  // --- items ------------------------------------------------------------------------------

  #post(row: Row): void {
    const id = text(row.id);
    const here =
      this.#find('post', { id }) ??
      (row.server_id != null && row.workspace != null
        ? this.#find('post', { workspace: row.workspace, server_id: row.server_id })
        : undefined);
    const incoming = { ...row, search_title: searchCopy(text(row.title)) };
    if (here !== undefined) {
      this.#posts.set(id, text(here.id));
      if (!this.#replaces(row, here)) return;
      this.#update('post', { ...incoming, id: here.id }, ['id']);
      this.counts.posts++;
    } else if (this.#insert('post', incoming)) {
      this.#posts.set(id, id);
      this.counts.posts++;
    }
  }

  /** The post a row of `postId` belongs to here: brought in, already here, or none. */
  #postHere(postId: unknown): string | null {
    const id = text(postId);
    return this.#posts.get(id) ?? (this.#find('post', { id }) ? id : null);
  }

  #variant(row: Row): void {
    const id = text(row.id);
    const postId = this.#postHere(row.post_id);
    if (postId === null) return this.#stray(row);
    const here =
      this.#find('variant', { id }) ??
      (row.server_id != null
        ? this.#find('variant', { post_id: postId, server_id: row.server_id })
        : undefined);
    const incoming = {
      ...row,
      post_id: postId,
      published_at: publishedAt(row),
      search_content: searchCopy(text(row.content)),
    };
    if (here !== undefined) {
      this.#variants.set(id, text(here.id));
      if (!this.#replaces(row, here)) return;
      this.#update('variant', { ...incoming, id: here.id }, ['id']);
      this.counts.variants++;
    } else if (this.#insert('variant', incoming)) {
      this.#variants.set(id, id);
      this.counts.variants++;
    }
  }

  /** A text whose post is nowhere: kept, unlinked, in a post of the local space. */
  #stray(row: Row): void {
    if (this.#strayPost === null) {
      const strayId = randomUUID();
      const now = this.o.now;
      const made = {
        id: strayId,
        title: this.o.strayTitle,
        created_at: now,
        updated_at: now,
        remote_state: 'active',
      };
      if (!this.#insert('post', { ...made, search_title: searchCopy(this.o.strayTitle) })) return;
      this.#strayPost = strayId;
    }
    const unlinked: Row = {
      ...row,
      post_id: this.#strayPost,
      server_id: null,
      base: null,
      status: null,
      published_at: null,
      scheduled_at: null,
      platform_post_url: null,
      conflict: null,
      reconcile_at: null,
      search_content: searchCopy(text(row.content)),
    };
    if (this.#insert('variant', unlinked)) {
      this.#variants.set(text(row.id), text(row.id));
      this.counts.strays++;
    }
  }

  #variantHere(variantId: unknown): string | null {
    const id = text(variantId);
    return this.#variants.get(id) ?? (this.#find('variant', { id }) ? id : null);
  }

  #textVersion(row: Row): void {
    const variantId = row.variant_id == null ? null : this.#variantHere(row.variant_id);
    if (row.variant_id != null && variantId === null) return void this.counts.skipped++;
    const postId =
      variantId === null
        ? this.#postHere(row.post_id)
        : text((this.#find('variant', { id: variantId }) as Row).post_id);
    if (postId === null) return void this.counts.skipped++;
    const key = { post_id: postId, variant_id: variantId, number: row.number };
    if (this.#find('text_version', key) !== undefined) return;
    const { id: _ignored, ...rest } = row;
    if (this.#insert('text_version', { ...rest, ...key })) this.counts.textVersions++;
  }

  #slot(row: Row): void {
    if (
      this.#find('posting_slot', {
        workspace: row.workspace,
        profile_id: row.profile_id,
        weekday: row.weekday,
        minute: row.minute,
      })
    )
      return;
    if (this.#insert('posting_slot', row)) this.counts.slots++;
  }

  #op(row: Row): void {
    // Counted as brought back only while it still waits to go: a finished one is history.
    const waiting = row.state !== 'done' ? 1 : 0;
    const postId = this.#postHere(row.post_id);
    const variantId = row.variant_id == null ? null : this.#variantHere(row.variant_id);
    if (postId === null || (row.variant_id != null && variantId === null)) return void this.counts.skipped++;
    const incoming = { ...row, post_id: postId, variant_id: variantId };
    const here = this.#find('outbox_op', { id: row.id });
    if (here !== undefined) {
      if (!this.#replaces(row, here)) return;
      this.#update('outbox_op', { ...incoming, seq: here.seq }, ['id']);
      this.counts.ops += waiting;
      return;
    }
    // Last in the queue, in the order they came: a change goes after what is here already.
    const next = this.db.prepare('select coalesce(max(seq), 0) + 1 from outbox_op').pluck().get() as number;
    if (this.#insert('outbox_op', { ...incoming, seq: next })) this.counts.ops += waiting;
  }
}
