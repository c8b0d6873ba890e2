import Database from 'better-sqlite3';
import type { Database as DatabaseType, Statement } from 'better-sqlite3';

/** Canonical status keys; the strings sent on the wire for two of them are configurable. */
export type StatusKey = 'draft' | 'scheduled' | 'needs_approval' | 'published';

export interface PostRow {
  pk: number;
  id: string;
  workspace: string;
  owner: string;
  title: string;
  visibility: 'workspace' | 'private';
  created_at: string;
  updated_at: string;
}

export interface VariantRow {
  pk: number;
  id: string;
  post_pk: number;
  platform: string;
  content: string;
  social_profile_id: string | null;
  scheduled_at: string | null;
  status: StatusKey;
  platform_post_url: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProfileRow {
  pk: number;
  id: string;
  workspace: string;
  platform: string;
  name: string;
  handle: string;
  type: string;
  is_active: number;
  is_default: number;
  requires_approval: number;
  channel_name: string;
}

export interface ActivityRow {
  pk: number;
  id: string;
  post_pk: number;
  variant_id: string | null;
  actor: string;
  action: string;
  detail: string;
  created_at: string;
}

export interface SkillRow {
  pk: number;
  id: string;
  workspace: string;
  owner: string;
  name: string;
  description: string;
  visibility: 'workspace' | 'private';
  created_at: string;
}

export interface WorkspaceRow {
  slug: string;
  name: string;
  role: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS users (name TEXT PRIMARY KEY, display_name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tokens (
  token TEXT PRIMARY KEY, user TEXT NOT NULL REFERENCES users(name), revoked INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS workspaces (slug TEXT PRIMARY KEY, name TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS memberships (
  workspace TEXT NOT NULL REFERENCES workspaces(slug), user TEXT NOT NULL REFERENCES users(name),
  role TEXT NOT NULL, PRIMARY KEY (workspace, user)
);
CREATE TABLE IF NOT EXISTS profiles (
  pk INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, workspace TEXT NOT NULL REFERENCES workspaces(slug),
  platform TEXT NOT NULL, name TEXT NOT NULL, handle TEXT NOT NULL, type TEXT NOT NULL,
  is_active INTEGER NOT NULL, is_default INTEGER NOT NULL, requires_approval INTEGER NOT NULL,
  channel_name TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS posts (
  pk INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, workspace TEXT NOT NULL REFERENCES workspaces(slug),
  owner TEXT NOT NULL REFERENCES users(name), title TEXT NOT NULL, visibility TEXT NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS posts_by_workspace ON posts (workspace, pk, visibility, owner);
CREATE TABLE IF NOT EXISTS variants (
  pk INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, post_pk INTEGER NOT NULL REFERENCES posts(pk),
  platform TEXT NOT NULL, content TEXT NOT NULL, social_profile_id TEXT, scheduled_at TEXT,
  status TEXT NOT NULL, platform_post_url TEXT, published_at TEXT,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS variants_by_post ON variants (post_pk, pk);
CREATE INDEX IF NOT EXISTS variants_due ON variants (status, scheduled_at);
CREATE TABLE IF NOT EXISTS activity (
  pk INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, post_pk INTEGER NOT NULL REFERENCES posts(pk),
  variant_id TEXT, actor TEXT NOT NULL, action TEXT NOT NULL, detail TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS activity_by_post ON activity (post_pk, pk);
CREATE TABLE IF NOT EXISTS skills (
  pk INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, workspace TEXT NOT NULL REFERENCES workspaces(slug),
  owner TEXT NOT NULL REFERENCES users(name), name TEXT NOT NULL, description TEXT NOT NULL,
  visibility TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS skills_by_workspace ON skills (workspace, pk, visibility, owner);
CREATE TABLE IF NOT EXISTS publish_log (
  pk INTEGER PRIMARY KEY AUTOINCREMENT, variant_pk INTEGER NOT NULL REFERENCES variants(pk), sent_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS publish_log_by_variant ON publish_log (variant_pk);
`;

/** Posts and skills visible to a member: shared with the workspace, or their own private ones. */
const VISIBLE = `workspace = @workspace AND (visibility = 'workspace' OR owner = @user)`;

/**
 * The sandbox's storage: one better-sqlite3 connection and prepared statements made once,
 * so a request costs a few microseconds of SQL.
 */
export class SandboxDb {
  readonly sqlite: DatabaseType;
  private nextPk: number;
  private readonly begin: Statement;
  private readonly commit: Statement;
  private readonly rollback: Statement;

  readonly q: {
    getMeta: Statement<[string], { value: string }>;
    setMeta: Statement<[string, string]>;
    tokenUser: Statement<[string], { user: string; revoked: number }>;
    insertToken: Statement<[string, string, string]>;
    revokeToken: Statement<[string]>;
    firstTokenOf: Statement<[string], { token: string }>;
    insertUser: Statement<[string, string]>;
    insertWorkspace: Statement<[string, string, string]>;
    insertMembership: Statement<[string, string, string]>;
    workspacesOf: Statement<[string], WorkspaceRow>;
    membership: Statement<[string, string], { role: string }>;
    insertProfile: Statement<ProfileRow>;
    profilesOf: Statement<[string], ProfileRow>;
    profilesOfType: Statement<[string, string], ProfileRow>;
    profileById: Statement<[string, string], ProfileRow>;
    defaultProfile: Statement<[string, string], ProfileRow>;
    insertPost: Statement<PostRow>;
    visiblePosts: Statement<{ workspace: string; user: string }, PostRow>;
    visiblePostsPage: Statement<{ workspace: string; user: string; limit: number; offset: number }, PostRow>;
    visiblePostsOldestFirst: Statement<{ workspace: string; user: string }, PostRow>;
    visiblePostsPageOldestFirst: Statement<
      { workspace: string; user: string; limit: number; offset: number },
      PostRow
    >;
    countVisiblePosts: Statement<{ workspace: string; user: string }, { n: number }>;
    visiblePost: Statement<{ workspace: string; user: string; id: string }, PostRow>;
    allPosts: Statement<[], PostRow>;
    postsIn: Statement<[string], PostRow>;
    postByPk: Statement<[number], PostRow>;
    postById: Statement<[string], PostRow>;
    renamePost: Statement<[string, string, number]>;
    setSignOff: Statement<[number, string]>;
    touchPost: Statement<[string, number]>;
    insertVariant: Statement<VariantRow>;
    variantsOf: Statement<[number], VariantRow>;
    allVariants: Statement<[], VariantRow>;
    variantOf: Statement<[number, string], VariantRow>;
    variantById: Statement<[string], VariantRow>;
    updateVariant: Statement<VariantRow>;
    dueVariants: Statement<[string], VariantRow>;
    insertActivity: Statement<ActivityRow>;
    activityOf: Statement<[number], ActivityRow>;
    activityPage: Statement<[number, number, number], ActivityRow>;
    countActivity: Statement<[number], { n: number }>;
    insertSkill: Statement<SkillRow>;
    newestSkills: Statement<{ workspace: string; user: string }, SkillRow>;
    logPublish: Statement<[number, string]>;
    publishCount: Statement<[number], { n: number }>;
  };

  constructor(file: string) {
    this.sqlite = new Database(file);
    if (file !== ':memory:') this.sqlite.pragma('journal_mode = WAL');
    // The sandbox can afford to lose the last transaction on a power cut; it cannot afford slow tests.
    this.sqlite.pragma('synchronous = NORMAL');
    this.sqlite.pragma('foreign_keys = ON');
    this.sqlite.exec(SCHEMA);
    const db = this.sqlite;
    this.q = {
      getMeta: db.prepare('SELECT value FROM meta WHERE key = ?'),
      setMeta: db.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      ),
      tokenUser: db.prepare('SELECT user, revoked FROM tokens WHERE token = ?'),
      insertToken: db.prepare('INSERT INTO tokens (token, user, created_at) VALUES (?, ?, ?)'),
      revokeToken: db.prepare('UPDATE tokens SET revoked = 1 WHERE token = ?'),
      firstTokenOf: db.prepare(
        'SELECT token FROM tokens WHERE user = ? AND revoked = 0 ORDER BY created_at, rowid LIMIT 1',
      ),
      insertUser: db.prepare('INSERT INTO users (name, display_name) VALUES (?, ?)'),
      insertWorkspace: db.prepare('INSERT INTO workspaces (slug, name, created_at) VALUES (?, ?, ?)'),
      insertMembership: db.prepare('INSERT INTO memberships (workspace, user, role) VALUES (?, ?, ?)'),
      workspacesOf: db.prepare(
        'SELECT w.slug, w.name, m.role FROM workspaces w JOIN memberships m ON m.workspace = w.slug WHERE m.user = ? ORDER BY w.slug',
      ),
      membership: db.prepare('SELECT role FROM memberships WHERE workspace = ? AND user = ?'),
      insertProfile: db.prepare(
        `INSERT INTO profiles (pk, id, workspace, platform, name, handle, type, is_active, is_default, requires_approval, channel_name)
         VALUES (@pk, @id, @workspace, @platform, @name, @handle, @type, @is_active, @is_default, @requires_approval, @channel_name)`,
      ),
      profilesOf: db.prepare('SELECT * FROM profiles WHERE workspace = ? ORDER BY pk'),
      profilesOfType: db.prepare('SELECT * FROM profiles WHERE workspace = ? AND type = ? ORDER BY pk'),
      profileById: db.prepare('SELECT * FROM profiles WHERE workspace = ? AND id = ?'),
      defaultProfile: db.prepare(
        `SELECT * FROM profiles WHERE workspace = ? AND platform = ? AND type = 'scheduling' AND is_active = 1 AND is_default = 1
         ORDER BY pk LIMIT 1`,
      ),
      insertPost: db.prepare(
        `INSERT INTO posts (pk, id, workspace, owner, title, visibility, created_at, updated_at)
         VALUES (@pk, @id, @workspace, @owner, @title, @visibility, @created_at, @updated_at)`,
      ),
      visiblePosts: db.prepare(`SELECT * FROM posts WHERE ${VISIBLE} ORDER BY pk DESC`),
      visiblePostsPage: db.prepare(
        `SELECT * FROM posts WHERE ${VISIBLE} ORDER BY pk DESC LIMIT @limit OFFSET @offset`,
      ),
      visiblePostsOldestFirst: db.prepare(`SELECT * FROM posts WHERE ${VISIBLE} ORDER BY pk`),
      visiblePostsPageOldestFirst: db.prepare(
        `SELECT * FROM posts WHERE ${VISIBLE} ORDER BY pk LIMIT @limit OFFSET @offset`,
      ),
      countVisiblePosts: db.prepare(`SELECT COUNT(*) AS n FROM posts WHERE ${VISIBLE}`),
      visiblePost: db.prepare(`SELECT * FROM posts WHERE ${VISIBLE} AND id = @id`),
      allPosts: db.prepare('SELECT * FROM posts ORDER BY pk'),
      postsIn: db.prepare('SELECT * FROM posts WHERE workspace = ? ORDER BY pk'),
      postByPk: db.prepare('SELECT * FROM posts WHERE pk = ?'),
      postById: db.prepare('SELECT * FROM posts WHERE id = ?'),
      touchPost: db.prepare('UPDATE posts SET updated_at = ? WHERE pk = ?'),
      renamePost: db.prepare('UPDATE posts SET title = ?, updated_at = ? WHERE pk = ?'),
      setSignOff: db.prepare('UPDATE profiles SET requires_approval = ? WHERE id = ?'),
      insertVariant: db.prepare(
        `INSERT INTO variants (pk, id, post_pk, platform, content, social_profile_id, scheduled_at, status, platform_post_url,
           published_at, created_at, updated_at)
         VALUES (@pk, @id, @post_pk, @platform, @content, @social_profile_id, @scheduled_at, @status, @platform_post_url,
           @published_at, @created_at, @updated_at)`,
      ),
      variantsOf: db.prepare('SELECT * FROM variants WHERE post_pk = ? ORDER BY pk'),
      allVariants: db.prepare('SELECT * FROM variants ORDER BY pk'),
      variantOf: db.prepare('SELECT * FROM variants WHERE post_pk = ? AND id = ?'),
      variantById: db.prepare('SELECT * FROM variants WHERE id = ?'),
      updateVariant: db.prepare(
        `UPDATE variants SET content = @content, social_profile_id = @social_profile_id, scheduled_at = @scheduled_at,
           status = @status, platform_post_url = @platform_post_url, published_at = @published_at, updated_at = @updated_at
         WHERE pk = @pk`,
      ),
      dueVariants: db.prepare(
        "SELECT * FROM variants WHERE status = 'scheduled' AND scheduled_at <= ? ORDER BY scheduled_at, pk",
      ),
      insertActivity: db.prepare(
        `INSERT INTO activity (pk, id, post_pk, variant_id, actor, action, detail, created_at)
         VALUES (@pk, @id, @post_pk, @variant_id, @actor, @action, @detail, @created_at)`,
      ),
      activityOf: db.prepare('SELECT * FROM activity WHERE post_pk = ? ORDER BY pk DESC'),
      activityPage: db.prepare('SELECT * FROM activity WHERE post_pk = ? ORDER BY pk DESC LIMIT ? OFFSET ?'),
      countActivity: db.prepare('SELECT COUNT(*) AS n FROM activity WHERE post_pk = ?'),
      insertSkill: db.prepare(
        `INSERT INTO skills (pk, id, workspace, owner, name, description, visibility, created_at)
         VALUES (@pk, @id, @workspace, @owner, @name, @description, @visibility, @created_at)`,
      ),
      newestSkills: db.prepare(`SELECT * FROM skills WHERE ${VISIBLE} ORDER BY pk DESC LIMIT 200`),
      logPublish: db.prepare('INSERT INTO publish_log (variant_pk, sent_at) VALUES (?, ?)'),
      publishCount: db.prepare('SELECT COUNT(*) AS n FROM publish_log WHERE variant_pk = ?'),
    };
    this.begin = db.prepare('BEGIN IMMEDIATE');
    this.commit = db.prepare('COMMIT');
    this.rollback = db.prepare('ROLLBACK');
    this.nextPk = Number(this.q.getMeta.get('next_pk')?.value ?? '5001');
  }

  isEmpty(): boolean {
    return this.q.getMeta.get('seeded') === undefined;
  }

  /**
   * One sequence for every resource, so a post id can never be mistaken for a variant id by
   * a client that mixes them up: such a bug then gets a 404 instead of silently hitting a row.
   */
  allocatePk(): number {
    const pk = this.nextPk++;
    this.q.setMeta.run('next_pk', String(this.nextPk));
    return pk;
  }

  /** Runs `fn` in one transaction (joining an open one), with statements prepared once. */
  transaction<T>(fn: () => T): T {
    if (this.sqlite.inTransaction) return fn();
    this.begin.run();
    try {
      const result = fn();
      this.commit.run();
      return result;
    } catch (error) {
      if (this.sqlite.inTransaction) this.rollback.run();
      throw error;
    }
  }

  close(): void {
    this.sqlite.close();
  }
}
