// What the user asked for, as a journal of tagged operations. Every draft's title and every
// variant's content starts with a unique tag ("[P7-12]", "[V7-12-1]") that edits keep, so the
// invariants can find each item on both sides without trusting the ids Outpost reports.
//
// `try` is recorded before the command goes to the core and `ack` after it answered ok: a crash
// between the two may or may not have committed the change, so both outcomes are accepted then.

export type JournalEvent =
  | { op: 'create_post'; tag: string; title: string }
  | { op: 'create_variant'; tag: string; postTag: string; platform: string; content: string }
  | { op: 'edit'; tag: string; content: string }
  | { op: 'schedule'; tag: string; at: string }
  | { op: 'unschedule'; tag: string }
  | { op: 'publish'; tag: string };

export type JournalPhase = 'try' | 'ack' | 'nack';

export interface PostExpectation {
  title: string;
  acked: boolean;
}

export interface VariantExpectation {
  postTag: string;
  platform: string;
  acked: boolean;
  /** Contents the local copy may hold: the last acknowledged one and any tried since. */
  allowed: Set<string>;
  publishTried: boolean;
  publishAcked: boolean;
}

const POST_TAG = /^\[(P[\w-]+)\]/;
const VARIANT_TAG = /^\[(V[\w-]+)\]/;

export function postTagOf(title: string): string | null {
  return POST_TAG.exec(title)?.[1] ?? null;
}

export function variantTagOf(content: string): string | null {
  return VARIANT_TAG.exec(content)?.[1] ?? null;
}

export class Expectations {
  readonly posts = new Map<string, PostExpectation>();
  readonly variants = new Map<string, VariantExpectation>();
  operations = 0;

  record(phase: JournalPhase, ev: JournalEvent): void {
    if (phase === 'try') this.operations += 1;
    switch (ev.op) {
      case 'create_post': {
        const p = this.posts.get(ev.tag) ?? { title: ev.title, acked: false };
        if (phase === 'ack') p.acked = true;
        if (phase !== 'nack' || p.acked) this.posts.set(ev.tag, p);
        else this.posts.delete(ev.tag);
        return;
      }
      case 'create_variant': {
        const v = this.variants.get(ev.tag) ?? {
          postTag: ev.postTag,
          platform: ev.platform,
          acked: false,
          allowed: new Set([ev.content]),
          publishTried: false,
          publishAcked: false,
        };
        if (phase === 'ack') v.acked = true;
        if (phase !== 'nack' || v.acked) this.variants.set(ev.tag, v);
        else this.variants.delete(ev.tag);
        return;
      }
      case 'edit': {
        const v = this.variants.get(ev.tag);
        if (!v) return;
        if (phase === 'try') v.allowed.add(ev.content);
        else if (phase === 'ack') v.allowed = new Set([ev.content]);
        else if (v.allowed.size > 1) v.allowed.delete(ev.content);
        return;
      }
      case 'publish': {
        const v = this.variants.get(ev.tag);
        if (!v) return;
        if (phase === 'try') v.publishTried = true;
        else if (phase === 'ack') v.publishAcked = true;
        else v.publishTried = v.publishAcked;
        return;
      }
      case 'schedule':
      case 'unschedule':
        // Scheduled times are years ahead: the service never fires them during a run, so they
        // matter to the invariants only through "published without asking".
        return;
    }
  }

  /** Parses the worker's `TRY {...}` / `ACK {...}` / `NACK {...}` lines. */
  recordLine(line: string): boolean {
    const m = /^(TRY|ACK|NACK) (\{.*\})$/.exec(line.trim());
    if (!m) return false;
    let ev: JournalEvent;
    try {
      ev = JSON.parse(m[2] as string) as JournalEvent;
    } catch {
      // A line cut by SIGKILL mid-write: its command was never sent after it, so nothing to record.
      return false;
    }
    this.record(m[1]!.toLowerCase() as JournalPhase, ev);
    return true;
  }
}
