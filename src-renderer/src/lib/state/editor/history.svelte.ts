// The History panel's state: which text's versions are open (a variant's, or the post's title),
// the versions the core keeps of it, and the one chosen to compare with the text now. A version
// kept meanwhile (the core's `versionSaved` event) is listed at once.
import type { BridgeEvents, TextSubject, TextVersionView } from '@preload/bridge';
import { errorMessage, invoke } from '../../bridge';

/** Whose history: a variant's text, or (variantId null) its post's title. */
export interface HistoryTarget {
  postId: string;
  variantId: string | null;
}

export function subjectOf(target: HistoryTarget): TextSubject {
  return target.variantId === null ? { postId: target.postId } : { variantId: target.variantId };
}

const same = (a: HistoryTarget | null, b: HistoryTarget | null) =>
  a !== null && b !== null && a.postId === b.postId && a.variantId === b.variantId;

export class HistoryState {
  target = $state<HistoryTarget | null>(null);
  versions = $state.raw<TextVersionView[]>([]);
  /** The version compared with the text now. */
  chosen = $state<number | null>(null);
  loading = $state(false);
  error = $state<string | null>(null);
  private sequence = 0;

  isOpen(target: HistoryTarget): boolean {
    return same(this.target, target);
  }

  toggle(target: HistoryTarget): void {
    if (this.isOpen(target)) this.close();
    else void this.open(target);
  }

  async open(target: HistoryTarget): Promise<void> {
    this.target = target;
    this.versions = [];
    this.chosen = null;
    this.error = null;
    await this.load();
  }

  close(): void {
    this.sequence++;
    this.target = null;
    this.versions = [];
    this.chosen = null;
    this.error = null;
  }

  choose(version: number): void {
    this.chosen = version;
  }

  async load(): Promise<void> {
    const target = this.target;
    if (target === null) return;
    const mine = ++this.sequence;
    this.loading = true;
    try {
      const versions = await invoke('history.list', subjectOf(target));
      if (mine !== this.sequence) return;
      this.versions = versions;
      this.error = null;
      if (this.chosen === null || !versions.some((v) => v.version === this.chosen))
        this.chosen = versions[0]?.version ?? null;
    } catch (error) {
      if (mine === this.sequence) this.error = errorMessage(error);
    } finally {
      if (mine === this.sequence) this.loading = false;
    }
  }

  /** The core kept a version: listed at once when it is of the text open here. */
  saved(of: BridgeEvents['versionSaved']): void {
    if (same(this.target, of)) void this.load();
  }
}
