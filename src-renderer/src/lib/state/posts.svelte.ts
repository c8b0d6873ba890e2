import type { PostFilter, PostSummary, ProfileView, WorkspaceView } from '../../../../src-preload/bridge';
import { afterNextPaint } from '../after-paint';
import { errorMessage, invoke } from '../bridge';

/** Posts asked for first when a list opens: more than a tall window shows. */
const FIRST_SCREENFUL = 60;

export class PostsState {
  workspace = $state<string | null>(null);
  workspaces = $state<WorkspaceView[]>([]);
  profiles = $state<ProfileView[]>([]);
  query = $state('');
  filter = $state<PostFilter>('all');
  /** The list shows the posts hidden here ("Hide here") instead of the others. */
  hidden = $state(false);
  items = $state.raw<PostSummary[]>([]);
  loaded = $state(false);
  /** Only the first screenful is in `items`; the rest is on its way. */
  partial = $state(false);
  error = $state<string | null>(null);
  workspaceError = $state<string | null>(null);

  // Answers can arrive out of order (typing in search); only the newest one is shown.
  private sequence = 0;
  private reloadTimer: ReturnType<typeof setTimeout> | null = null;

  async reload(): Promise<void> {
    const mine = ++this.sequence;
    const query = this.query.trim();
    const payload = {
      workspace: this.workspace,
      ...(query ? { query } : {}),
      filter: this.filter,
      ...(this.hidden ? { hidden: true } : {}),
    };
    try {
      if (!this.loaded) {
        // A list opening shows its first screenful at once: thousands of posts take a moment
        // to build and send, and nobody sees past the first screen in that time.
        const first = await invoke('posts.list', { ...payload, limit: FIRST_SCREENFUL });
        if (mine !== this.sequence) return;
        this.items = first;
        this.loaded = true;
        this.partial = first.length === FIRST_SCREENFUL;
        this.error = null;
        if (!this.partial) return;
        // Asked once the first rows are on screen: building the rest keeps the core busy, and
        // on a machine of few cores that would be taken from painting them.
        await afterNextPaint();
        if (mine !== this.sequence) return;
      }
      const items = await invoke('posts.list', payload);
      if (mine !== this.sequence) return;
      this.items = items;
      this.loaded = true;
      this.partial = false;
      this.error = null;
    } catch (error) {
      if (mine === this.sequence) this.error = errorMessage(error);
    }
  }

  /** Coalesces bursts of change events (a sync touches many items) into one reload. */
  reloadSoon(delayMs = 120): void {
    if (this.reloadTimer) return;
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = null;
      void this.reload();
    }, delayMs);
  }

  async loadWorkspaces(): Promise<void> {
    try {
      this.workspaces = await invoke('workspaces.list');
      this.workspaceError = null;
    } catch (error) {
      this.workspaceError = errorMessage(error);
    }
  }

  async loadProfiles(): Promise<void> {
    const slug = this.workspace;
    if (slug === null) {
      this.profiles = [];
      return;
    }
    try {
      const profiles = await invoke('profiles.list', { workspace: slug });
      if (slug === this.workspace) this.profiles = profiles;
    } catch {
      // Profiles only order the platform choice; without them every platform is still offered.
      if (slug === this.workspace) this.profiles = [];
    }
  }

  setWorkspaceLocal(slug: string | null): void {
    this.workspace = slug;
  }

  async selectWorkspace(slug: string | null): Promise<void> {
    this.workspace = slug;
    this.items = [];
    this.loaded = false;
    try {
      await invoke('workspaces.select', { slug });
      this.workspaceError = null;
    } catch (error) {
      this.workspaceError = errorMessage(error);
    }
    await Promise.all([this.reload(), this.loadProfiles()]);
  }

  async moveLocalDrafts(slug: string): Promise<number> {
    const { moved } = await invoke('workspaces.moveLocalDrafts', { slug });
    await Promise.all([this.reload(), this.loadWorkspaces()]);
    return moved;
  }

  /** Platforms that have an active profile in this workspace, in a stable order. */
  get profilePlatforms(): string[] {
    const platforms = this.profiles.filter((p) => p.isActive).map((p) => p.platform);
    return platforms.filter((p, i) => platforms.indexOf(p) === i).sort();
  }
}
