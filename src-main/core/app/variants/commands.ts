// variants.*: every local edit is one short transaction (the row and its outbox op) and never
// waits on the network; the sync engine sends it later.
import { z } from 'zod';
import type { VariantView } from '@preload/bridge';
import { listOpenOpsOfPost } from '../../outbox/op-queries';
import { enqueue } from '../../outbox/op-store';
import { assertAllows, type AppContext } from '../app-context';
import type { Commands, Undoable } from '../command';
import { checkPublish, checkSchedule } from '../items/send-checks';
import { setScheduledTime } from '../planning/schedule-changes';
import { timeChangeUndo } from '../planning/time-change-undo';
import { account, id, isoTime, platform, text } from '../schemas';
import { resolveConflict } from './conflict';
import { createVariant, createVariants } from './create';
import { editVariant } from './edit';

type VariantCommands =
  | 'variants.create'
  | 'variants.createMany'
  | 'variants.update'
  | 'variants.schedule'
  | 'variants.unschedule'
  | 'variants.publish'
  | 'variants.resolveConflict';

export const variantCommands: Commands<VariantCommands> = {
  'variants.create': {
    payload: z.strictObject({ postId: id, platform, content: text(100_000), account }),
    quotesService: false,
    undoable: false,
    run: createVariant,
  },
  'variants.createMany': {
    payload: z.strictObject({
      postId: id,
      content: text(100_000),
      targets: z
        .array(z.strictObject({ platform, account }))
        .min(1, 'must name at least one platform')
        .max(100),
    }),
    quotesService: false,
    undoable: false,
    run: createVariants,
  },
  'variants.update': {
    payload: z.strictObject({ id, content: text(100_000).optional(), account: account.optional() }),
    quotesService: false,
    undoable: false,
    run: editVariant,
  },
  'variants.schedule': {
    payload: z.strictObject({ id, at: isoTime, sendNowIfPast: z.boolean().optional() }),
    quotesService: false,
    undoable: true,
    // A time already past asks first: sent now only when the user said "send now instead".
    run: async (app, p) =>
      (await checkSchedule(app.db, p, new Date(app.now()))) === 'publish_now'
        ? { value: await publish(app, p.id), undo: null }
        : setSchedule(app, p.id, new Date(p.at).toISOString()),
  },
  'variants.unschedule': {
    payload: z.strictObject({ id }),
    quotesService: false,
    undoable: true,
    run: (app, p) => setSchedule(app, p.id, null),
  },
  'variants.publish': {
    payload: z.strictObject({ id }),
    quotesService: false,
    undoable: false,
    run: (app, p) => publish(app, p.id),
  },
  'variants.resolveConflict': {
    payload: z.union([
      z.strictObject({ id, choice: z.enum(['mine', 'theirs']) }),
      z.strictObject({
        id,
        choice: z.literal('edit'),
        content: text(100_000).optional(),
        scheduledAt: isoTime.nullable().optional(),
        account: account.optional(),
      }),
    ]),
    quotesService: false,
    undoable: false,
    run: resolveConflict,
  },
};

/** A time set or cleared, with the entry that puts the one before back. */
async function setSchedule(app: AppContext, id: string, at: string | null): Promise<Undoable<VariantView>> {
  const changed = await setScheduledTime(app, id, at);
  const undo = timeChangeUndo(app, [changed]);
  return { value: await app.variantView(id), undo };
}

/** Publish now: the same checks whether the user pressed Publish or chose "send now instead". */
async function publish(app: AppContext, id: string): Promise<VariantView> {
  const v = await app.variant(id);
  const post = await app.post(v.post_id);
  const ops = await listOpenOpsOfPost(app.db, post.id);
  assertAllows('publish', { variant: v, workspace: post.workspace, ops });
  // Over the platform's limit, or no active account for it: refused before any request.
  await checkPublish(app.db, v.id);
  await app.inTransaction(async (t) => {
    await enqueue(t, { kind: 'publish', postId: post.id, variantId: v.id, now: app.now() });
  });
  app.changed(post.id, v.id);
  app.engine.background(() => app.engine.syncNow('publish requested'));
  return app.variantView(v.id);
}
