// The Queue's state: the core's queue view as last answered, and what a person does
// in it: fill an empty slot with a draft of that account, move a queued variant up or down (it
// trades times with its neighbour), and edit an account's posting times. Every change is the
// core's (a schedule change through the outbox, with its Undo); this keeps the view and says
// what happened.
import type { AccountQueue, PlanItem, PostingSlot, QueueView } from '@preload/bridge';
import { errorMessage, invoke } from '../../lib/bridge';
import { clockIn } from './queue-times';

export type Direction = 'up' | 'down';

/** An empty slot being filled: whose, when, and the drafts that could fill it. */
export interface Filling {
  profileId: string;
  at: string;
  drafts: PlanItem[] | null;
}

export class QueueState {
  view = $state.raw<QueueView | null>(null);
  error = $state<string | null>(null);
  /** What went wrong with one account's slots or posting times, by profile id. */
  accountErrors = $state<Record<string, string>>({});
  /** The account whose posting times are being edited. */
  editing = $state<string | null>(null);
  // Raw: the open picker is compared by identity when its drafts arrive.
  filling = $state.raw<Filling | null>(null);
  /** Said to assistive technology after a move or a fill. */
  announcement = $state('');

  private readonly workspace: () => string | null;
  private readonly zone: string;
  // Answers can arrive out of order: only the newest is shown.
  private sequence = 0;

  /** `workspace` answers the workspace shown; `zone` is the window's (for accounts with none of their own). */
  constructor(workspace: () => string | null, zone: string) {
    this.workspace = workspace;
    this.zone = zone;
  }

  async load(): Promise<void> {
    const mine = ++this.sequence;
    try {
      const view = await invoke('planning.queue', { workspace: this.workspace() });
      if (mine !== this.sequence) return;
      this.view = view;
      this.error = null;
    } catch (e) {
      if (mine === this.sequence) this.error = errorMessage(e);
    }
  }

  /** The zone an account's times are shown in: its own, else the window's. */
  zoneOf(account: Pick<AccountQueue, 'zone'>): string {
    return account.zone ?? this.zone;
  }

  /** The queued variant just before (up) or after (down) this one in its account's queue. */
  neighbour(account: AccountQueue, variantId: string, direction: Direction): PlanItem | null {
    const queued = account.coming.flatMap((s) => (s.item && s.item.actions.includes('move') ? [s.item] : []));
    const at = queued.findIndex((i) => i.variantId === variantId);
    if (at === -1) return null;
    return queued[direction === 'up' ? at - 1 : at + 1] ?? null;
  }

  /** Moves a queued variant up or down: it and its neighbour trade times (one Undo). */
  async move(account: AccountQueue, item: PlanItem, direction: Direction): Promise<boolean> {
    const other = this.neighbour(account, item.variantId, direction);
    if (!other) return false;
    try {
      const [moved] = await invoke('planning.swapTimes', { variantIds: [item.variantId, other.variantId] });
      this.clearError(account.profileId);
      await this.load();
      const when = moved?.scheduledAt ? clockIn(moved.scheduledAt, this.zoneOf(account)) : '';
      this.announcement = `Moved ${direction}: ${title(item)} now goes out at ${when}, ${title(other)} took its place.`;
      return true;
    } catch (e) {
      this.accountErrors[account.profileId] = errorMessage(e);
      return false;
    }
  }

  /** Opens the picker of an empty slot, with the drafts that would go out from that account. */
  async openFill(account: AccountQueue, at: string): Promise<void> {
    const filling: Filling = { profileId: account.profileId, at, drafts: null };
    this.filling = filling;
    try {
      const drafts = await invoke('planning.drafts', {
        workspace: account.workspace,
        profileId: account.profileId,
      });
      if (this.filling === filling) this.filling = { ...filling, drafts };
    } catch (e) {
      this.accountErrors[account.profileId] = errorMessage(e);
      if (this.filling === filling) this.filling = null;
    }
  }

  closeFill(): void {
    this.filling = null;
  }

  /** Schedules the chosen draft at the empty slot's time (one Undo). */
  async fill(account: AccountQueue, item: PlanItem): Promise<boolean> {
    const filling = this.filling;
    if (!filling) return false;
    try {
      await invoke('variants.schedule', { id: item.variantId, at: filling.at });
      this.filling = null;
      this.clearError(account.profileId);
      await this.load();
      this.announcement = `${title(item)} goes out at ${clockIn(filling.at, this.zoneOf(account))}.`;
      return true;
    } catch (e) {
      this.accountErrors[account.profileId] = errorMessage(e);
      return false;
    }
  }

  /** Saves an account's posting times, in `zone`. */
  async saveSlots(account: AccountQueue, zone: string, slots: PostingSlot[]): Promise<boolean> {
    try {
      await invoke('planning.setSlots', {
        workspace: account.workspace,
        profileId: account.profileId,
        zone,
        slots,
      });
      this.editing = null;
      this.clearError(account.profileId);
      await this.load();
      return true;
    } catch (e) {
      this.accountErrors[account.profileId] = errorMessage(e);
      return false;
    }
  }

  private clearError(profileId: string): void {
    delete this.accountErrors[profileId];
  }
}

/** How an item is named in words: its post's title, else its first line. */
export function title(item: Pick<PlanItem, 'postTitle' | 'firstLine'>): string {
  const t = item.postTitle.trim() || item.firstLine.trim();
  return t === '' ? 'an untitled post' : `“${t}”`;
}
