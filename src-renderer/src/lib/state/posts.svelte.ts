import {
  LIST_PAGE_SIZES,
  MAX_REFRESHED_POSTS,
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
import { ReadRetry } from './read-retry';

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
  /** The posts that changed since the list was last read, for the next refresh (posts.refresh). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, never shown
  private changedPosts = new Set<string>();
  /** The reload under way: a change's reload waits for it rather than cutting it short. */
  private inFlight: Promise<void> | null = null;
  /** The list's order as the core last sent it in a refresh, and for which list. */
  private heldOrder: { list: string; key: string; ids: string[] } | null = null;
  /** How long the last reload for a change took: the next waits at least ten times as long. */
  private changeReadMs = 0;
  /** When a read that failed is made again. */
  private readonly retry = new ReadRetry();

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
  reload(options: { freshOrder?: boolean; changesOnly?: boolean } = {}): Promise<void> {
    const run = this.read(options);
    this.inFlight = run;
    void run.finally(() => {
      if (this.inFlight === run) this.inFlight = null;
    });
    return run;
  }

  /**
   * reload's work. `changesOnly`: nothing but the posts heard of since (changedPosts) changed,
   * so the same list comes from its order and their summaries (posts.refresh) rather than from
   * every page again.
   */
  private async read({
    freshOrder = false,
    changesOnly = false,
  }: {
    freshOrder?: boolean;
    changesOnly?: boolean;
  }): Promise<void> {
    const mine = ++this.sequence;
    const payload = this.listPayload();
    const asked = JSON.stringify(payload);
    const current = () => mine === this.sequence;
    // Taken now: whatever changes after this moment is heard of, and read by the next reload.
    const changed = this.takeChanges();
    try {
      if (this.loaded && asked === this.shown) {
        // The same list again (a sync changed some posts): shown at once, so that the rows on
        // screen do not shrink and grow back. Read whole, unless only known posts changed.
        const items = changesOnly
          ? await this.refreshed(payload, asked, changed, current)
          : await this.readPages(payload, [], current);
        if (items === null) return this.keepChanges(changed);
        const shown = freshOrder ? items : keptOrder(this.items, items);
        this.outOfOrder = !sameOrder(shown, items);
        this.items = shown;
        this.partial = false;
        this.error = null;
        this.retry.succeeded();
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
      if (!this.partial) {
        this.retry.succeeded();
        return;
      }
      // Asked once the first rows are on screen: building the rest keeps the core busy, and
      // on a machine of few cores that would be taken from painting them.
      await afterNextPaint();
      if (!opening) await new Promise((resolve) => setTimeout(resolve, REST_AFTER_MS));
      if (!current()) return;
      const rest = await this.readPages(payload, first, current, (items) => (this.items = items));
      if (rest === null) return;
      this.partial = false;
      this.retry.succeeded();
    } catch (error) {
      // Not shown: the posts it was to bring are still to be read.
      this.keepChanges(changed);
      if (!current()) return;
      this.error = errorMessage(error);
      this.retry.failed(error);
      // A refresh is made again by reloadSoon. The list opening, a new search or the rest of its
      // pages are made again here, or the list would show the error until the next change.
      // (A read made meanwhile, another search say, may have shown the list already.)
      if (!changesOnly)
        this.retry.later(() => {
          if (this.error !== null) void this.reload();
        });
    }
  }

  /** The changes heard of so far, now to be read. */
  private takeChanges(): string[] {
    const changed = [...this.changedPosts];
    this.changedPosts.clear();
    return changed;
  }

  /** Changes taken by a read that was not shown: the next reload reads them again. */
  private keepChanges(changed: readonly string[]): void {
    for (const id of changed) this.changedPosts.add(id);
  }

  /**
   * The same list from its order and the changed posts' summaries (posts.refresh), the other
   * posts as the window holds them; null once a newer reload replaced this one. The changed
   * posts are asked about MAX_REFRESHED_POSTS at a time (a pull changes thousands between two
   * refreshes); the order comes with each answer, and only when it changed. A post in the order
   * that the window holds nothing of (a new post whose change is still on its way, or one it
   * did not hear of) is asked about once more; one still missing then waits for the next refresh.
   * `list`: the payload as text, which names the list whose order is kept.
   */
  private async refreshed(
    payload: CommandPayload<'posts.list'>,
    list: string,
    changed: readonly string[],
    current: () => boolean,
  ): Promise<PostSummary[] | null> {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- local to this read, never shown
    const held = new Map(this.items.map((post) => [post.id, post]));
    let kept = this.heldOrder?.list === list ? this.heldOrder : null;
    let asking = [...changed];
    let askedAgain = false;
    for (;;) {
      const answer = await invoke('posts.refresh', {
        ...payload,
        changed: asking.splice(0, MAX_REFRESHED_POSTS),
        ...(kept !== null ? { orderKey: kept.key } : {}),
      });
      if (!current()) return null;
      // Null only when the key sent names the order: the one kept.
      const ids = answer.order ?? kept?.ids ?? [];
      kept = { list, key: answer.orderKey, ids };
      for (const post of answer.posts) {
        // A summary as it was stays the object the row shows: its row is not drawn again.
        const had = held.get(post.id);
        held.set(post.id, had !== undefined && JSON.stringify(had) === JSON.stringify(post) ? had : post);
      }
      if (asking.length > 0) continue;
      if (askedAgain) break;
      askedAgain = true;
      asking = ids.filter((id) => !held.has(id));
      if (asking.length === 0) break;
    }
    this.heldOrder = kept;
    const items: PostSummary[] = [];
    for (const id of kept.ids) {
      const post = held.get(id);
      if (post !== undefined) items.push(post);
      else this.changedPosts.add(id);
    }
    return items;
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

  /** A post changed (a sync, another window): the list is refreshed soon, asking about it alone. */
  postChanged(postId: string): void {
    this.changedPosts.add(postId);
    this.reloadSoon();
  }

  /**
   * Coalesces bursts of changes (a sync touches many items) into one refresh, made once the
   * reload under way is done: a pull's changes come faster than a whole list is read, and each
   * reload cutting the one before short left the list as it was until the pull ended, while it
   * was read over and over.
   */
  reloadSoon(delayMs = 120): void {
    if (this.reloadTimer) return;
    // The list's reads take at most a tenth of the time: at 50,000 posts a refresh takes about
    // 100 ms (the order worked out in the core, the window's own work after), and a pull's
    // changes never stop coming. Waiting four times as long, that pull took 56 s, against 42 s
    // with no list to keep; ten times, 47 s.
    const wait = Math.max(delayMs, 10 * this.changeReadMs);
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = null;
      if (this.inFlight !== null) {
        void this.inFlight.then(() => this.reloadSoon(delayMs));
        return;
      }
      const started = performance.now();
      void this.reload({ changesOnly: true }).then(() => {
        this.changeReadMs = performance.now() - started;
        this.retryIfFailed(delayMs);
      });
    }, wait);
  }

  /**
   * A refresh that failed (the core restarting, a busy moment) kept its changes; without another
   * change to bring them, the list would stay as it was, its error shown, until the next sync.
   * So it is tried again, waiting twice as long after each failure, up to 10 s.
   */
  private retryIfFailed(delayMs: number): void {
    if (this.error === null || this.changedPosts.size === 0) return;
    const wait = this.retry.nextWait();
    if (wait !== null) this.reloadSoon(Math.max(delayMs, wait));
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
