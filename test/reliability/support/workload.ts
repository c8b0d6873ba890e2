// The user's side of a run: drafts with 1-3 variants, then a random mix of edits, schedules,
// unschedules and publishes, all through `core.invoke` as the window would send them. Every
// command is journaled (try before, ack/nack after) so the invariants know what was asked.
import type { CommandName } from '@preload/bridge';
import type { AccountChoice, PostDetail, VariantView } from '@preload/bridge';
import type { AppCore } from '../../../src-main/core/ports';
import { SEED as SANDBOX_SEED } from '../../server/seed';
import type { JournalEvent, JournalPhase } from './model';
import { postTagOf, variantTagOf } from './model';
import type { Rng } from './random';

/** Weighted platforms: defaults that work (x, linkedin), sign-off (bluesky), no usable default (threads, mastodon). */
const PLATFORMS: Array<[string, number]> = [
  ['x', 35],
  ['linkedin', 30],
  ['bluesky', 15],
  ['threads', 10],
  ['mastodon', 10],
];

export interface KnownVariant {
  id: string;
  tag: string;
  platform: string;
  edits: number;
  scheduled: boolean;
  publishAsked: boolean;
}

export interface WorkloadOptions {
  core: Pick<AppCore, 'invoke'>;
  rng: Rng;
  workspace: string;
  /** Unique per run (and per worker restart): makes every tag unique. */
  prefix: string;
  journal(phase: JournalPhase, ev: JournalEvent): void;
  now(): Date;
  /**
   * Some titles and texts as people paste them (runs of spaces, a decomposed accent, an ampersand, a trailing
   * line break in texts), for a service that keeps text normalised.
   */
  untidy?: boolean;
}

export class Workload {
  readonly variants: KnownVariant[] = [];
  posts = 0;
  refused = 0;
  #counter = 0;

  constructor(private readonly o: WorkloadOptions) {}

  async #run<T>(ev: JournalEvent, command: string, payload: unknown): Promise<T | null> {
    this.o.journal('try', ev);
    const result = await this.o.core.invoke(command as CommandName, payload);
    if (!result.ok) {
      this.refused += 1;
      this.o.journal('nack', ev);
      return null;
    }
    this.o.journal('ack', ev);
    return result.value as T;
  }

  /** Words as typed; now and then untidy, when the run asks for it. */
  #typed(words: string, text: boolean): string {
    if (this.o.untidy !== true || !this.o.rng.chance(0.25)) return words;
    // An ampersand too: a service that stores text HTML-escaped keeps it as `&amp;`.
    return `${words.replace(' ', '  ')} cafe\u0301 R&D${text ? '\n' : ''}`;
  }

  #pickPlatforms(count: number): string[] {
    const chosen: string[] = [];
    while (chosen.length < count) {
      const total = PLATFORMS.filter(([p]) => !chosen.includes(p)).reduce((s, [, w]) => s + w, 0);
      let roll = this.o.rng.next() * total;
      for (const [p, w] of PLATFORMS) {
        if (chosen.includes(p)) continue;
        roll -= w;
        if (roll < 0) {
          chosen.push(p);
          break;
        }
      }
    }
    return chosen;
  }

  #account(platform: string): AccountChoice {
    const { rng } = this.o;
    if (platform === 'x' && rng.chance(0.2))
      return { kind: 'profile', profileId: SANDBOX_SEED.profiles.xSecond };
    if (rng.chance(0.08)) return { kind: 'none' };
    return { kind: 'default' };
  }

  async createDraft(): Promise<void> {
    const n = ++this.#counter;
    const postTag = `P${this.o.prefix}-${n}`;
    const title = `[${postTag}] ${this.#typed(this.o.rng.words(3), false)}`;
    const post = await this.#run<PostDetail>({ op: 'create_post', tag: postTag, title }, 'posts.create', {
      workspace: this.o.workspace,
      title,
    });
    if (!post) return;
    this.posts += 1;
    const platforms = this.#pickPlatforms(this.o.rng.int(1, 3));
    for (const [i, platform] of platforms.entries()) {
      const tag = `V${this.o.prefix}-${n}-${i + 1}`;
      const content = `[${tag}] ${this.#typed(this.o.rng.words(this.o.rng.int(2, 8)), true)}`;
      const view = await this.#run<VariantView>(
        { op: 'create_variant', tag, postTag, platform, content },
        'variants.create',
        { postId: post.id, platform, content, account: this.#account(platform) },
      );
      if (view)
        this.variants.push({ id: view.id, tag, platform, edits: 0, scheduled: false, publishAsked: false });
    }
  }

  /** One edit, schedule, unschedule or publish on a random variant the user has not published. */
  async randomOp(): Promise<void> {
    const { rng } = this.o;
    const open = this.variants.filter((v) => !v.publishAsked);
    if (open.length === 0) return;
    const v = rng.pick(open);
    const roll = rng.next();
    if (roll < 0.45) {
      v.edits += 1;
      const content = `[${v.tag}] e${v.edits} ${this.#typed(rng.words(rng.int(2, 8)), true)}`;
      await this.#run({ op: 'edit', tag: v.tag, content }, 'variants.update', { id: v.id, content });
    } else if (roll < 0.7 || (roll < 0.85 && !v.scheduled)) {
      const at = new Date(this.o.now().getTime() + rng.int(30, 400) * 86_400_000);
      at.setUTCSeconds(0, 0);
      const iso = at.toISOString();
      if (
        await this.#run({ op: 'schedule', tag: v.tag, at: iso }, 'variants.schedule', { id: v.id, at: iso })
      )
        v.scheduled = true;
    } else if (roll < 0.85) {
      if (await this.#run({ op: 'unschedule', tag: v.tag }, 'variants.unschedule', { id: v.id }))
        v.scheduled = false;
    } else {
      // The user confirmed "Publish now" once; the app must never send it a second time on its own.
      v.publishAsked = true;
      await this.#run({ op: 'publish', tag: v.tag }, 'variants.publish', { id: v.id });
    }
  }

  /** After a restart: learn the variants already drafted from the core's own views. */
  async learnFromCore(): Promise<void> {
    const list = await this.o.core.invoke('posts.list', { workspace: this.o.workspace });
    if (!list.ok) throw new Error(`posts.list failed: ${list.error.message}`);
    for (const summary of list.value) {
      if (postTagOf(summary.title) === null) continue;
      const detail = await this.o.core.invoke('posts.get', { id: summary.id });
      if (!detail.ok) continue;
      for (const v of detail.value.variants) {
        const tag = variantTagOf(v.content);
        if (tag === null || this.variants.some((k) => k.id === v.id)) continue;
        this.variants.push({
          id: v.id,
          tag,
          platform: v.platform,
          edits: Number(/\] e(\d+) /.exec(v.content)?.[1] ?? 0),
          scheduled: v.scheduledAt !== null,
          // Unknown from the views alone whether a publish was asked before the crash: never ask again.
          publishAsked:
            v.state === 'published' || v.state === 'needs_approval' || v.state === 'publish_unknown',
        });
      }
    }
  }
}
