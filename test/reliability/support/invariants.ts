// The promises checked at the end of every run, on both sides: Outpost's own views (what the
// window shows) and the sandbox's state (`inspect`, `publishCount`).
import type { CommandName } from '@preload/bridge';
import type { OutboxOpView, PostDetail, PostSummary, VariantView } from '@preload/bridge';
import type { AppCore } from '../../../src-main/core/ports';
import { sameText } from '../../../src-main/core/outbox/answer-check';
import type { SandboxHandle } from '../../server/index';
import { postTagOf, variantTagOf, type Expectations } from './model';

/** States in which an item is visibly waiting for the user. */
export const WAITING = new Set(['failed', 'publish_unknown', 'needs_user', 'conflict', 'removed']);

export interface InvariantReport {
  duplicates: number;
  lost: number;
  /** Local items linked to a service record other than the one made for them. */
  wrongLinks: number;
  doublePublishes: number;
  /** Published (or sent for sign-off) although the user never asked. */
  unaskedPublishes: number;
  /** Unfinished work that is not visibly waiting for the user. */
  stuck: number;
  localPosts: number;
  localVariants: number;
  waiting: number;
  published: number;
  details: string[];
}

async function must<T>(core: Pick<AppCore, 'invoke'>, command: string, payload: unknown): Promise<T> {
  const r = await core.invoke(command as CommandName, payload);
  if (!r.ok) throw new Error(`${command} failed: ${r.error.code} ${r.error.message}`);
  return r.value as T;
}

export async function checkInvariants(
  core: Pick<AppCore, 'invoke'>,
  sandbox: SandboxHandle,
  expected: Expectations,
  workspace: string,
): Promise<InvariantReport> {
  const r: InvariantReport = {
    duplicates: 0,
    lost: 0,
    wrongLinks: 0,
    doublePublishes: 0,
    unaskedPublishes: 0,
    stuck: 0,
    localPosts: 0,
    localVariants: 0,
    waiting: 0,
    published: 0,
    details: [],
  };
  const note = (what: string) => {
    if (r.details.length < 40) r.details.push(what);
  };

  // --- local side -------------------------------------------------------------------------
  const summaries = await must<PostSummary[]>(core, 'posts.list', { workspace });
  const localPosts = new Map<string, PostDetail[]>();
  const localVariants = new Map<string, Array<{ v: VariantView; post: PostDetail }>>();
  for (const s of summaries) {
    const tag = postTagOf(s.title);
    if (tag === null) continue;
    const detail = await must<PostDetail>(core, 'posts.get', { id: s.id });
    localPosts.set(tag, [...(localPosts.get(tag) ?? []), detail]);
    for (const v of detail.variants) {
      const vt = variantTagOf(v.content);
      if (vt === null) continue;
      localVariants.set(vt, [...(localVariants.get(vt) ?? []), { v, post: detail }]);
    }
  }
  r.localPosts = [...localPosts.values()].reduce((s, l) => s + l.length, 0);
  r.localVariants = [...localVariants.values()].reduce((s, l) => s + l.length, 0);

  for (const [tag, list] of localPosts) {
    if (list.length > 1) {
      r.duplicates += list.length - 1;
      note(`local post ${tag} appears ${list.length} times`);
    }
  }
  for (const [tag, list] of localVariants) {
    if (list.length > 1) {
      r.duplicates += list.length - 1;
      note(`local variant ${tag} appears ${list.length} times`);
    }
  }
  for (const [tag, p] of expected.posts) {
    if (p.acked && !localPosts.has(tag)) {
      r.lost += 1;
      note(`post ${tag} was drafted but is gone locally`);
    }
  }
  for (const [tag, v] of expected.variants) {
    const local = localVariants.get(tag)?.[0];
    if (!local) {
      if (v.acked) {
        r.lost += 1;
        note(`variant ${tag} was drafted but is gone locally`);
      }
      continue;
    }
    if (!v.allowed.has(local.v.content)) {
      r.lost += 1;
      note(`variant ${tag} holds "${local.v.content}", not what the user wrote last`);
    }
  }
  for (const [tag, list] of localVariants) {
    if (!expected.variants.has(tag)) {
      r.duplicates += list.length;
      note(`local variant ${tag} was never drafted by the user`);
    }
  }

  // --- service side -----------------------------------------------------------------------
  const servicePosts = new Map<string, string[]>();
  for (const p of sandbox.inspect.posts(workspace)) {
    const tag = postTagOf(p.title);
    if (tag !== null) servicePosts.set(tag, [...(servicePosts.get(tag) ?? []), p.id]);
  }
  const serviceVariants = new Map<string, ReturnType<SandboxHandle['inspect']['variants']>>();
  for (const v of sandbox.inspect.variants()) {
    const tag = variantTagOf(v.content);
    if (tag !== null) serviceVariants.set(tag, [...(serviceVariants.get(tag) ?? []), v]);
  }
  for (const [tag, ids] of servicePosts) {
    if (ids.length > 1) {
      r.duplicates += ids.length - 1;
      note(`service holds post ${tag} ${ids.length} times`);
    }
    if (!expected.posts.has(tag)) {
      r.duplicates += ids.length;
      note(`service holds post ${tag} that the user never drafted`);
    }
  }
  for (const [tag, list] of serviceVariants) {
    if (list.length > 1) {
      r.duplicates += list.length - 1;
      note(`service holds variant ${tag} ${list.length} times`);
    }
    if (!expected.variants.has(tag)) {
      r.duplicates += list.length;
      note(`service holds variant ${tag} that the user never drafted`);
    }
    for (const sv of list) {
      const count = sandbox.inspect.publishCount(sv.id);
      if (count > 0) r.published += 1;
      if (count > 1) {
        r.doublePublishes += count - 1;
        note(`variant ${tag} (service ${sv.id}) was published ${count} times`);
      }
      const asked = expected.variants.get(tag)?.publishTried ?? false;
      if (!asked && (count > 0 || sv.status === 'needs_approval')) {
        r.unaskedPublishes += 1;
        note(`variant ${tag} went out (${sv.status}) although the user never asked`);
      }
    }
  }

  // Every link on the local side names the record made for that item, and no record twice.
  const linkedTo = new Map<string, string>();
  const linkOnce = (serverId: string, what: string) => {
    const other = linkedTo.get(serverId);
    if (other !== undefined) {
      r.wrongLinks += 1;
      note(`${what} and ${other} are both linked to service record ${serverId}`);
    }
    linkedTo.set(serverId, what);
  };
  for (const [tag, list] of localPosts)
    for (const detail of list) {
      if (detail.serverId === null) continue;
      linkOnce(detail.serverId, `post ${tag}`);
      const made = servicePosts.get(tag) ?? [];
      if (!made.includes(detail.serverId)) {
        r.wrongLinks += 1;
        note(
          `post ${tag} is linked to ${detail.serverId}, the service holds it as ${made.join(', ') || 'nothing'}`,
        );
      }
    }
  for (const [tag, list] of localVariants)
    for (const { v } of list) {
      if (v.serverId === null) continue;
      linkOnce(v.serverId, `variant ${tag}`);
      const made = (serviceVariants.get(tag) ?? []).map((sv) => sv.id);
      if (!made.includes(v.serverId)) {
        r.wrongLinks += 1;
        note(
          `variant ${tag} is linked to ${v.serverId}, the service holds it as ${made.join(', ') || 'nothing'}`,
        );
      }
    }

  for (const [tag, list] of localPosts) {
    const detail = list[0] as PostDetail;
    if (!servicePosts.has(tag) && !WAITING.has(detail.state)) {
      r.lost += 1;
      note(`post ${tag} (${detail.state}) never reached the service and is not waiting for the user`);
    }
  }
  for (const [tag, list] of localVariants) {
    const { v } = list[0] as { v: VariantView; post: PostDetail };
    if (WAITING.has(v.state)) r.waiting += 1;
    const onService = serviceVariants.get(tag)?.[0];
    if (!onService) {
      if (!WAITING.has(v.state)) {
        r.lost += 1;
        note(`variant ${tag} (${v.state}) never reached the service and is not waiting for the user`);
      }
      continue;
    }
    // Linked elsewhere is a wrong link (above); not linked at all, it is lost to the user.
    if (v.serverId === null) {
      r.lost += 1;
      note(`variant ${tag} is not linked, the service holds it as ${onService.id}`);
    }
    // The service may keep text normalised (whitespace, NFC): that is the user's text still.
    if (!WAITING.has(v.state) && !sameText(onService.content, v.content)) {
      r.lost += 1;
      note(`variant ${tag} (${v.state}): the service holds "${onService.content}", Outpost "${v.content}"`);
    }
    const exp = expected.variants.get(tag);
    if (exp?.publishAcked) {
      const wentOut = sandbox.inspect.publishCount(onService.id) > 0 || onService.status === 'needs_approval';
      if (!wentOut && !WAITING.has(v.state)) {
        r.lost += 1;
        note(`variant ${tag}: the user's publish neither happened nor waits for the user (${v.state})`);
      }
    }
  }

  // --- the outbox: every unfinished op is visible as waiting --------------------------------
  const ops = await must<OutboxOpView[]>(core, 'outbox.list', undefined);
  const variantStates = new Map<string, string>();
  const postStates = new Map<string, PostDetail>();
  for (const list of localPosts.values()) {
    for (const d of list) {
      postStates.set(d.id, d);
      for (const v of d.variants) variantStates.set(v.id, v.state);
    }
  }
  for (const op of ops) {
    if (op.state === 'done') continue;
    const post = postStates.get(op.postId);
    if (!post) continue; // not one of this run's drafts (seed data)
    const state = op.variantId ? variantStates.get(op.variantId) : post.state;
    const visible = state !== undefined && WAITING.has(state);
    const postVisible = WAITING.has(post.state);
    if (!visible && !postVisible) {
      r.stuck += 1;
      note(
        `outbox ${op.kind} is ${op.state} (${op.error ?? 'no error'}) while its item shows ${state ?? '?'}`,
      );
    }
  }
  return r;
}
