// outpost outbox and its actions: what waits to be sent, what failed, what waits for you, and
// the user's answers to each. Whether an action is allowed is the core's decision.
import type { OutboxOpView } from '@preload/bridge';
import { NOT_FOUND } from '@preload/words/errors';
import {
  NOT_A_PUBLISH_TO_DECIDE,
  OP_ACTION_COMMANDS,
  OP_KIND_WORDS,
  OP_STATE_WORDS,
  RETRY_REFUSED_CLI,
  DISCARD_REFUSED_CLI,
  waitReason,
} from '@preload/words/outbox';
import type { AppCore } from '../../core/ports';
import {
  call,
  CommandFailed,
  defineCommand,
  listWords,
  type ArgSpec,
  type CliCommand,
  type Outcome,
} from '../command';
import { oneLine, table, variantLine } from '../format';
import { reportPublish } from '../publish-outcome';

const OP_ID: ArgSpec = { usage: 'ID', noun: 'an operation id' };

function opOutcome(op: OutboxOpView): Outcome {
  return {
    json: op,
    text: `${op.id} ${OP_KIND_WORDS[op.kind]}: ${OP_STATE_WORDS[op.state]}${op.error ? ` (${oneLine(op.error)})` : ''}`,
  };
}

/** The variant of the publish op `id`, which waits for the user's decision (the core checks that). */
async function publishToDecide(core: AppCore, id: string): Promise<string> {
  const op = (await call(core, 'outbox.list', undefined)).find((o) => o.id === id);
  if (op === undefined) throw new CommandFailed('not_found', NOT_FOUND.op(id));
  if (op.kind !== 'publish' || op.variantId === null)
    throw new CommandFailed('invalid_state', NOT_A_PUBLISH_TO_DECIDE);
  return op.variantId;
}

/**
 * The core's refusal of an action, in the command line's words where the machine's reason names
 * the window's buttons (`words` says which). Whether the action is allowed stays the core's
 * answer; only its words change.
 */
async function refusedInCliWords(
  core: AppCore,
  id: string,
  error: unknown,
  words: (op: OutboxOpView) => string | null,
): Promise<unknown> {
  if (!(error instanceof CommandFailed) || error.code !== 'invalid_state') return error;
  const op = (await call(core, 'outbox.list', undefined).catch(() => [])).find((o) => o.id === id);
  const said = op === undefined ? null : words(op);
  return said === null ? error : new CommandFailed(error.code, said);
}

const isCreate = (op: OutboxOpView): boolean => op.kind === 'create_post' || op.kind === 'create_variant';
const createdKind = (op: OutboxOpView): 'post' | 'variant' =>
  op.kind === 'create_post' ? 'post' : 'variant';

/** A retry refused: a publish that may have gone out, one refused, a create with look-alikes. */
function retryRefusedWords(op: OutboxOpView): string | null {
  if (op.kind === 'publish' && op.state === 'needs_user') return RETRY_REFUSED_CLI.publishInDoubt(op.id);
  if (op.kind === 'publish' && op.state === 'failed' && op.variantId !== null)
    return RETRY_REFUSED_CLI.publishFailed(op.variantId);
  if (isCreate(op) && op.state === 'needs_user')
    return RETRY_REFUSED_CLI.createInDoubt(createdKind(op), op.id, op.candidates.length > 0);
  return null;
}

/** A discard refused: one of unknown outcome (the window's Check now), a new item's create. */
function discardRefusedWords(op: OutboxOpView): string | null {
  if (op.state === 'unknown') return DISCARD_REFUSED_CLI.inDoubt(op.id);
  if (isCreate(op) && (op.state === 'pending' || op.state === 'failed'))
    return DISCARD_REFUSED_CLI.draftKept(createdKind(op));
  return null;
}

export const outboxCommands: CliCommand[] = [
  defineCommand({
    name: 'outbox',
    help: [
      'Operations waiting to be sent, failed ones, and those waiting for you,',
      'each with the commands that settle it now (outpost outbox retry ID...).',
    ],
    async run({ core }) {
      const ops = await call(core, 'outbox.list', undefined);
      const status = await call(core, 'sync.status', undefined);
      // The same words as the window's outbox; --json keeps the codes.
      const rows = ops.map((o) => [
        o.id,
        OP_KIND_WORDS[o.kind],
        OP_STATE_WORDS[o.state],
        oneLine(o.question ?? o.waitingFor ?? waitReason(o, status, (iso) => iso)),
        // The last column: what the op takes now, as the core's op machine answers it, written
        // as the commands that do it; --json keeps the codes.
        listWords(o.actions.map((action) => OP_ACTION_COMMANDS[action](o.id))) || '-',
      ]);
      // A question's choices are listed under it, so `outbox adopt` can be typed from them.
      const choices = ops.flatMap((o) => o.candidates.map((c) => ['', '  choice', c.serverId, c.label]));
      return { json: ops, text: table([...rows, ...choices]) };
    },
  }),
  defineCommand({
    name: 'outbox retry',
    args: [OP_ID],
    help: ['Send a failed operation again (one of unknown outcome is checked with the service first).'],
    async run({ core, args: [id] }) {
      const retried = await call(core, 'outbox.retry', { id }).catch(async (error: unknown) => {
        throw await refusedInCliWords(core, id, error, retryRefusedWords);
      });
      return opOutcome(retried);
    },
  }),
  defineCommand({
    name: 'outbox discard',
    args: [OP_ID],
    help: [
      'Drop a failed change, or one still waiting to be sent; the item shows what the service holds',
      'again. A change being sent, or of unknown outcome, is refused until its answer is known.',
    ],
    async run({ core, args: [id] }) {
      const discarded = await call(core, 'outbox.discard', { id }).catch(async (error: unknown) => {
        throw await refusedInCliWords(core, id, error, discardRefusedWords);
      });
      return opOutcome(discarded);
    },
  }),
  defineCommand({
    name: 'outbox adopt',
    args: [OP_ID, { usage: '(SERVER_ID | none)', noun: 'a service id (or none)' }],
    help: [
      'A create whose answer was lost while look-alikes appeared: name the',
      "service's item that is Outpost's, or none (it is created anew).",
    ],
    async run({ core, args: [id, serverId] }) {
      return opOutcome(
        await call(core, 'outbox.adopt', { id, serverId: serverId === 'none' ? null : serverId }),
      );
    },
  }),
  defineCommand({
    name: 'outbox publish-again',
    args: [OP_ID],
    help: [
      'A publish that may or may not have gone out: send it again (check the',
      'platform first); waits for the send and reports as publish does.',
    ],
    async run({ core, args: [id] }) {
      const variantId = await publishToDecide(core, id);
      const queued = await call(core, 'variants.resolvePublishUnknown', {
        id: variantId,
        choice: 'publish_again',
      });
      return reportPublish(core, queued);
    },
  }),
  defineCommand({
    name: 'outbox keep-unpublished',
    args: [OP_ID],
    help: ['A publish that may or may not have gone out: do not send it; the variant stays as it is.'],
    async run({ core, args: [id] }) {
      const variantId = await publishToDecide(core, id);
      const variant = await call(core, 'variants.resolvePublishUnknown', {
        id: variantId,
        choice: 'keep_unpublished',
      });
      return { json: variant, text: variantLine(variant) };
    },
  }),
];
