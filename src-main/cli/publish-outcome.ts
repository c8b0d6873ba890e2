// `outpost publish`: the publish goes out with the sync the core starts for it, and the command
// waits for that sync (bounded) to say what the process saw: published, waiting for sign-off,
// refused (exit 1), waiting for a decision (exit 1), or still queued (offline, say: exit 0).
import type { OutboxOpView, VariantView } from '@preload/bridge';
import { formatWhen } from '@preload/words/instants';
import { PUBLISH_OUTCOME, waitReason } from '@preload/words/outbox';
import type { AppCore } from '../core/ports';
import { call, CommandFailed, type Outcome } from './command';
import { variantLine } from './format';

/** How long the command waits for its send; the close after it waits for a request in flight. */
const PUBLISH_WAIT_MS = 30_000;

/** Waits for the sync the publish started (joined, not started twice); false if it ran past `ms`. */
async function sendSettled(core: AppCore, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((done) => {
    timer = setTimeout(() => done(false), ms);
  });
  try {
    const sent = core.syncNow('publish requested').then(
      () => true,
      () => true,
    );
    return await Promise.race([sent, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** This variant's newest publish still in the outbox, if any. */
function openPublish(ops: OutboxOpView[], variantId: string): OutboxOpView | undefined {
  return ops
    .filter((o) => o.kind === 'publish' && o.variantId === variantId)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

export async function publishAndReport(core: AppCore, id: string): Promise<Outcome> {
  // Typing the command is the user's confirmation; the core starts sending at once.
  return reportPublish(core, await call(core, 'variants.publish', { id }));
}

/** Once a publish is queued (and its sync started): waits for the send, then says how it ended. */
export async function reportPublish(core: AppCore, queued: VariantView): Promise<Outcome> {
  const id = queued.id;
  const settled = await sendSettled(core, PUBLISH_WAIT_MS);
  const post = await call(core, 'posts.get', { id: queued.postId });
  const variant: VariantView = post.variants.find((v) => v.id === id) ?? queued;
  const op = openPublish(await call(core, 'outbox.list', undefined), id);
  if (op?.state === 'failed' || (op === undefined && variant.state === 'failed'))
    throw new CommandFailed(
      'publish_failed',
      PUBLISH_OUTCOME.failed(op?.error ?? variant.error ?? variant.stateText),
    );
  if (op?.state === 'needs_user') throw new CommandFailed('needs_decision', PUBLISH_OUTCOME.decide(op.id));
  let reason: string | null = null;
  if (op !== undefined) {
    const status = await call(core, 'sync.status', undefined);
    reason =
      !settled && op.state === 'sending'
        ? PUBLISH_OUTCOME.stillSending
        : // Without a token, the core's own words say why (the keychain out of reach, a refusal),
          // where the window's outbox line points to its Settings.
          status.phase === 'needs_token' && status.lastError
          ? status.lastError
          : waitReason(op, status, formatWhen);
  }
  return {
    // `outcome`: published, needs_approval (waiting for sign-off), or queued (not sent yet: `reason`).
    json: { ...variant, publish: { outcome: op === undefined ? variant.state : 'queued', reason } },
    text: reason === null ? variantLine(variant) : `${variantLine(variant)}\n${reason}`,
  };
}
