// outbox.* and the decision on a publish of unknown outcome: the user's actions on ops, each
// carried out by core/outbox/actions.ts through the op machine.
import { REASONS } from '@preload/words';
import { adoptCandidate, decidePublish, retryOp } from '../../outbox/actions';
import { heldForUser } from '../../outbox/held-for-user';
import { getOp, listOpenOpsWithSubjects } from '../../outbox/op-queries';
import type { OutboxOpRow } from '../../store/schema';
import { listUnavailableWorkspaces } from '../../store/workspace-repository';
import type { AppContext } from '../app-context';
import { CommandError } from '../command-error';
import { discardsText, discardsTexts } from './discard-text';
import type { Handlers } from '../handlers';
import { discardUndoably } from './discard-undo';
import { outboxOpView } from '../items/views';

type OutboxCommands =
  'outbox.list' | 'outbox.retry' | 'outbox.discard' | 'outbox.adopt' | 'variants.resolvePublishUnknown';

export function outboxHandlers(app: AppContext): Handlers<OutboxCommands> {
  const view = async (id: string) => {
    const op = await getOp(app.db, id);
    if (!op) throw new CommandError('not_found', `No outbox operation with id ${id}.`);
    const post = await app.post(op.post_id);
    const variant =
      op.variant_id === null ? undefined : await app.variant(op.variant_id).catch(() => undefined);
    return outboxOpView(op, {
      postTitle: post.title,
      platform: variant?.platform ?? null,
      discardsText: discardsText(op, variant),
    });
  };
  const acted = (op: OutboxOpRow, trigger: 'retry requested' | 'publish again' | null) => {
    app.changed(op.post_id, op.variant_id);
    if (trigger !== null) app.engine.background(() => app.engine.syncNow(trigger));
    return view(op.id);
  };

  return {
    'outbox.list': async () => {
      const unavailable = new Map(
        (await listUnavailableWorkspaces(app.db)).map((w) => [w.slug, w.name ?? w.slug]),
      );
      const ops = await listOpenOpsWithSubjects(app.db);
      const texts = await discardsTexts(app.db, ops);
      const held = heldForUser(ops);
      return ops.map((op) =>
        outboxOpView(op, {
          postTitle: op.post_title,
          platform: op.platform,
          waitingFor: waitingFor(op, unavailable, held.get(op.id)),
          discardsText: texts.get(op.id) ?? null,
        }),
      );
    },
    'outbox.retry': async ({ id }) => acted(await retryOp(app.syncCtx(), id), 'retry requested'),
    'outbox.discard': async ({ id }) => acted(await discardUndoably(app, id), null),
    'outbox.adopt': async ({ id, serverId }) =>
      acted(await adoptCandidate(app.syncCtx(), id, serverId), 'retry requested'),
    'variants.resolvePublishUnknown': async ({ id, choice }) => {
      const v = await app.variant(id);
      await decidePublish(app.syncCtx(), v.id, choice);
      app.changed(v.post_id, v.id);
      if (choice === 'publish_again') app.engine.background(() => app.engine.syncNow('publish again'));
      return app.variantView(v.id);
    },
  };
}

/**
 * What the window cannot tell by itself about why an op waits: its workspace cannot be reached
 * with this account, or an earlier op of its post waits for the user and holds it back. (The
 * op's state, a missing title, a retry time are in the view already.)
 */
function waitingFor(
  op: OutboxOpRow & { workspace: string | null },
  unavailable: ReadonlyMap<string, string>,
  heldBy: OutboxOpRow | undefined,
): string | null {
  if (op.workspace !== null && unavailable.has(op.workspace))
    return `Workspace “${unavailable.get(op.workspace)}” cannot be reached with this account; this waits until it can.`;
  if (heldBy === undefined) return null;
  return heldBy.state === 'needs_user' ? REASONS.heldByQuestion : REASONS.heldByRefusal;
}
