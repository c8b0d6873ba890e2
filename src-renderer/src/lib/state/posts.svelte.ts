import {
  LIST_PAGE_SIZES,
  type CommandPayload,
  type PostFilter,
  type PostPage,
  type PostSort,
  type PostSummary,
  type ProfileView,
  type WorkspaceView,
} from '@preload/bridge';
import { keptOrder, sameOrder } from './kept-order';
import { ANY_TIME, hasFilters, timeRangeOf, type When } from './list-filters';
import { afterNextPaint } from '../after-paint';
import { errorMessage, invoke } from '../bridge';
import { localZone } from '../schedule-time';

const { firstScreenful: FIRST_SCREENFUL, rest: REST_PAGE } = LIST_PAGE_SIZES;
/**
 * After a new search or filter, the rest of the list is asked for once the first screenful is
 * painted and nothing newer was typed meanwhile.
 */
const REST_AFTER_MS = 250;

export class PostsState {
  workspace = $state<string | null>(null);
  workspaces = $state<WorkspaceView[]>([]);
  profiles = $state<ProfileView[]>([]);
  query = $state('');
  filter = $state<PostFilter>('all');
  /** The list shows the posts hidden here ("Hide here") instead of the others. */
  hidden = $state(false);
  /** A platform identifier; null: every platform. */
  platform = $state<string | null>(null);
  /** A social profile id; null: every account. */
  account = $state<string | null>(null);
  when = $state<When>(ANY_TIME);
  sort = $state<PostSort>('changed');
  items = $state.raw<PostSummary[]>([]);
  loaded = $state(false);
  /** Only the first screenful is in `items`; the rest is on its way. */
  partial = $state(false);
  /** The rows keep the places they had while posts changed: `resort` puts them in order. */
  outOfOrder = $state(false);
  error = $state<string | null>(null);
  sortError = $state<string | null>(null);
  workspaceError = $state<string | null>(null);

  // Answers can arrive out of order (typing in search); only the newest one is shown.
  private sequence = 0;
  private reloadTimer: ReturnType<typeof setTimeout> | null = null;
  /** What the list on screen was asked with: a reload of the same list comes in one request. */
  private shown: string | null = null;

  get filtered(): boolean {
    return hasFilters({
      platform: this.platform,
      account: this.account,
      state: this.filter,
      when: this.when,
    });
  }

  /** What the core is asked for: the filters, the search and the order, times in the user's zone. */
  listPayload(now: number = Date.now()): CommandPayload<'posts.list'> {
    const query = this.query.trim();
    const outAt = timeRangeOf(this.when, localZone(), now);
    return {
      workspace: this.workspace,
      ...(query ? { query } : {}),
      filter: this.filter,
      ...(this.platform !== null ? { platform: this.platform } : {}),
      ...(this.account !== null ? { account: this.account } : {}),
      ...(outAt !== null ? { outAt } : {}),
      sort: this.sort,
      ...(this.hidden ? { hidden: true } : {}),
    };
  }

  /**
   * The list again. Rows already shown keep their places (a person may be about to click one)
   * unless `freshOrder`: a new search, filter or order is shown in the core's order anyway.
   */
  async reload({ freshOrder = false }: { freshOrder?: boolean } = {}): Promise<void> {
    const mine = ++this.sequence;
    const payload = this.listPayload();
    const asked = JSON.stringify(payload);
    const current = () => mine === this.sequence;
    try {
      if (this.loaded && asked === this.shown) {
        // The same list again (a sync changed some posts): read whole, then shown at once, so
        // that the rows on screen do not shrink and grow back.
        const items = await this.readPages(payload, [], current);
        if (items === null) return;
        const shown = freshOrder ? items : keptOrder(this.items, items);
        this.outOfOrder = !sameOrder(shown, items);
        this.items = shown;
        this.partial = false;
        this.error = null;
        return;
      }
      // A list opening (or a new search, filter or order) shows its first screenful at once,
      // found in one pass over the library: thousands of posts take a moment to build and
      // send, and nobody sees past the first screen in that time.
      const opening = !this.loaded;
      const first = await invoke('posts.list', { ...payload, limit: FIRST_SCREENFUL });
      if (!current()) return;
      this.items = first;
      this.outOfOrder = false;
      this.loaded = true;
      this.shown = asked;
      this.partial = first.length === FIRST_SCREENFUL;
      this.error = null;
      if (!this.partial) return;
      // Asked once the first rows are on screen: building the rest keeps the core busy, and
      // on a machine of few cores that would be taken from painting them.
      await afterNextPaint();
      if (!opening) await new Promise((resolve) => setTimeout(resolve, REST_AFTER_MS));
      if (!current()) return;
      const rest = await this.readPages(payload, first, current, (items) => (this.items = items));
      if (rest === null) return;
      this.partial = false;
    } catch (error) {
      if (current()) this.error = errorMessage(error);
    }
  }

  /**
   * The whole list, a page at a time from its start, after the posts `have` (each page shown
   * through `shown` as it comes); null once a newer reload replaced this one. A post already
   * in (the first screenful, or one a sync moved from one page to the next while they were
   * read) is kept once: the change's own reload brings the list right again.
   */
  private async readPages(
    payload: CommandPayload<'posts.list'>,
    have: readonly PostSummary[],
    current: () => boolean,
    shown?: (items: PostSummary[]) => void,
  ): Promise<PostSummary[] | null> {
    let items = [...have];
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- local to this read, never shown
    const seen = new Set(items.map((p) => p.id));
    for (let from: number | null = 0; from !== null;) {
      const page: PostPage = await invoke('posts.page', { ...payload, from, limit: REST_PAGE });
      if (!current()) return null;
      const fresh = page.posts.filter((p) => !seen.has(p.id));
      for (const p of fresh) seen.add(p.id);
      if (fresh.length > 0) {
        items = [...items, ...fresh];
        shown?.(items);
      }
      from = page.next;
    }
    return items;
  }

  /** Coalesces bursts of change events (a sync touches many items) into one reload. */
  reloadSoon(delayMs = 120): void {
    if (this.reloadTimer) return;
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = null;
      void this.reload();
    }, delayMs);
  }

  /** Every filter back to "all" in one step (the search and the order stay). */
  clearFilters(): void {
    this.platform = null;
    this.account = null;
    this.filter = 'all';
    this.when = ANY_TIME;
    void this.reload();
  }

  /** The rows in the list's own order again, after they kept their places while posts changed. */
  resort(): Promise<void> {
    return this.reload({ freshOrder: true });
  }

  /** A new order, shown at once and kept for the next start. */
  async setSort(sort: PostSort): Promise<void> {
    this.sort = sort;
    const shown = this.reload();
    try {
      await invoke('settings.update', { postSort: sort });
      this.sortError = null;
    } catch (error) {
      this.sortError = `The order could not be kept for the next start: ${errorMessage(error)}`;
    }
    await shown;
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
