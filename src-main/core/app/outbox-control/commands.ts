// outbox.* and the decision on a publish of unknown outcome: the user's actions on ops, each
// carried out by core/outbox/actions.ts through the op machine.
import { NOT_FOUND } from '@preload/words/errors';
import type { OutboxOpView } from '@preload/bridge';
import { OUTBOX_REASONS } from '@preload/words/outbox';
import { adoptCandidate, decidePublish, retryOp } from '../../outbox/actions';
import { discardPreview } from '../../outbox/discard-preview';
import { heldForUser } from '../../outbox/held-for-user';
import { getOp, listOpenOpsOfPost, listOpenOpsWithSubjects } from '../../outbox/op-queries';
import type { OutboxOpRow } from '../../store/schema';
import { listUnavailableWorkspaces } from '../../store/workspace-repository';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { Commands } from '../command';
import { CommandError } from '../command-error';
import { discardPreviews } from './discard-previews';
import { discardUndoably } from './discard-undo';
import { outboxOpView } from '../items/views';
import { id, none } from '../schemas';

type OutboxCommands =
  'outbox.list' | 'outbox.retry' | 'outbox.discard' | 'outbox.adopt' | 'variants.resolvePublishUnknown';

// Every op view quotes the service: its error, its question.
export const outboxCommands: Commands<OutboxCommands> = {
  'outbox.list': {
    payload: none,
    quotesService: true,
    undoable: false,
    run: listOps,
  },
  'outbox.retry': {
    payload: z.strictObject({ id }),
    quotesService: true,
    undoable: false,
    run: async (app, { id }) => acted(app, await retryOp(app.syncCtx(), id), 'retry requested'),
  },
  'outbox.discard': {
    payload: z.strictObject({ id }),
    quotesService: true,
    undoable: true,
    run: async (app, { id }) => {
      const { value, undo } = await discardUndoably(app, id);
      return { value: await acted(app, value, null), undo };
    },
  },
  'outbox.adopt': {
    payload: z.strictObject({ id, serverId: id.nullable() }),
    quotesService: true,
    undoable: false,
    run: async (app, { id, serverId }) =>
      acted(app, await adoptCandidate(app.syncCtx(), id, serverId), 'retry requested'),
  },
  'variants.resolvePublishUnknown': {
    payload: z.strictObject({ id, choice: z.enum(['publish_again', 'keep_unpublished']) }),
    quotesService: false,
    undoable: false,
    run: async (app, { id, choice }) => {
      const v = await app.variant(id);
      await decidePublish(app.syncCtx(), v.id, choice);
      app.changed(v.post_id, v.id);
      if (choice === 'publish_again') app.engine.background(() => app.engine.syncNow('publish again'));
      return app.variantView(v.id);
    },
  },
};

/** One op as the outbox shows it. */
async function opView(app: AppContext, id: string): Promise<OutboxOpView> {
  const op = await getOp(app.db, id);
  if (!op) throw new CommandError('not_found', NOT_FOUND.op(id));
  const post = await app.post(op.post_id);
  const variant =
    op.variant_id === null ? undefined : await app.variant(op.variant_id).catch(() => undefined);
  return outboxOpView(op, {
    postTitle: post.title,
    platform: variant?.platform ?? null,
    discards: discardPreview(op, variant, await listOpenOpsOfPost(app.db, op.post_id)),
    variant,
  });
}

/** After the user's action on an op: the window hears of it, a sync goes when asked, the op's view. */
function acted(
  app: AppContext,
  op: OutboxOpRow,
  trigger: 'retry requested' | 'publish again' | null,
): Promise<OutboxOpView> {
  app.changed(op.post_id, op.variant_id);
  if (trigger !== null) app.engine.background(() => app.engine.syncNow(trigger));
  return opView(app, op.id);
}

async function listOps(app: AppContext): Promise<OutboxOpView[]> {
  const unavailable = new Map(
    (await listUnavailableWorkspaces(app.db)).map((w) => [w.slug, w.name ?? w.slug]),
  );
  const ops = await listOpenOpsWithSubjects(app.db);
  const previews = await discardPreviews(app.db, ops);
  const held = heldForUser(ops);
  // A new post whose title is still being typed: its create waits, and the rest of it with it.
  const typing = new Set(
    ops
      .filter((o) => o.kind === 'create_post' && o.state === 'pending' && o.post_title.trim() !== '')
      .map((o) => o.post_id)
      .filter((id) => app.titles.has(id)),
  );
  return ops.map((op) =>
    outboxOpView(op, {
      postTitle: op.post_title,
      platform: op.platform,
      waitingFor: waitingFor(op, unavailable, held.get(op.id), typing.has(op.post_id)),
      discards: previews.get(op.id) ?? null,
      variant:
        op.variant_remote_state === null
          ? undefined
          : {
              status: op.variant_status,
              platform_post_url: op.variant_url,
              remote_state: op.variant_remote_state,
            },
    }),
  );
}

/**
 * What the window cannot tell by itself about why an op waits: its workspace cannot be reached
 * with this account, an earlier op of its post waits for the user and holds it back, or a new
 * post's title is still being typed. (The op's state, a missing title, a retry time are in the
 * view already.)
 */
function waitingFor(
  op: OutboxOpRow & { workspace: string | null },
  unavailable: ReadonlyMap<string, string>,
  heldBy: OutboxOpRow | undefined,
  titleTyped: boolean,
): string | null {
  if (op.workspace !== null && unavailable.has(op.workspace))
    return `Workspace “${unavailable.get(op.workspace)}” cannot be reached with this account; this waits until it can.`;
  if (titleTyped && op.state === 'pending') return OUTBOX_REASONS.titleBeingTyped;
  if (heldBy === undefined) return null;
  return heldBy.state === 'needs_user' ? OUTBOX_REASONS.heldByQuestion : OUTBOX_REASONS.heldByRefusal;
}
