// `outpost outbox retry` and `discard` where the core refuses them and its reason names the
// window's buttons (Publish again, Keep unpublished, adopting a match, Check now, deleting the
// draft): the command line names what to type instead. Whether the action goes is still the
// core's answer, and a publish is never sent again by a retry.
import type { OutboxOpView } from '@preload/bridge';
import { describe, expect, it } from 'vitest';
import { CommandFailed, type CliCommand } from '../../../src-main/cli/command';
import { outboxCommands } from '../../../src-main/cli/commands/outbox';
import { refusal } from '../../../src-main/core/outbox/op-machine';
import type { AppCore } from '../../../src-main/core/ports';
import { outboxOp } from '../../support/outbox-op';

const retry = outboxCommands.find((c) => c.name === 'outbox retry') as CliCommand;
const discard = outboxCommands.find((c) => c.name === 'outbox discard') as CliCommand;

/** A publish of unknown outcome, once tried, unless the test says otherwise. */
const opView = (over: Partial<OutboxOpView>): OutboxOpView =>
  outboxOp({ id: 'op1', kind: 'publish', state: 'needs_user', attempts: 1, ...over });

/** A core whose op machine refuses the retry (or discard) of `op` with its own reason, as the real one does. */
function coreRefusing(
  op: OutboxOpView,
  action: 'retry' | 'discard' = 'retry',
): AppCore & { asked: string[] } {
  const asked: string[] = [];
  const invoke = (command: string) => {
    asked.push(command);
    if (command === 'outbox.list') return Promise.resolve({ ok: true, value: [op] });
    const why = refusal(op, action);
    if (why === null) return Promise.resolve({ ok: true, value: { ...op, state: 'pending' } });
    return Promise.resolve({ ok: false, error: { code: 'invalid_state', message: why } });
  };
  return { invoke, asked } as unknown as AppCore & { asked: string[] };
}

function ran(command: CliCommand) {
  return (core: AppCore, id = 'op1'): Promise<unknown> =>
    command
      .run({ core, args: [id], values: {}, io: null as never, redactor: null as never })
      .catch((e: unknown) => e);
}
const retried = ran(retry);
const discarded = ran(discard);

describe('outpost outbox retry, refused', () => {
  it('names the commands that decide a publish that may have gone out, not the buttons', async () => {
    const op = opView({ state: 'needs_user', actions: ['publish_again', 'keep_unpublished'] });
    // The window's words stay the machine's.
    expect(refusal(op, 'retry')).toMatch(/choose Publish again or Keep unpublished/);
    const core = coreRefusing(op);
    const failed = await retried(core);
    expect(failed).toBeInstanceOf(CommandFailed);
    expect(failed).toMatchObject({ code: 'invalid_state' });
    const message = (failed as CommandFailed).message;
    expect(message).toContain("'outpost outbox publish-again op1'");
    expect(message).toContain("'outpost outbox keep-unpublished op1'");
    expect(message).toMatch(/a retry never sends it again/);
    expect(message).not.toMatch(/Publish again or Keep unpublished/);
    // Asked, refused, and nothing else: the retry is not tried another way.
    expect(core.asked).toEqual(['outbox.retry', 'outbox.list']);
  });

  it('names the publish command for a publish the service refused', async () => {
    const failed = await retried(coreRefusing(opView({ state: 'failed', actions: ['discard'] })));
    expect(failed).toMatchObject({ code: 'invalid_state' });
    expect((failed as CommandFailed).message).toMatch(
      /^Retry is not possible for this publish: a publish is never sent again by a retry\. .*'outpost publish --variant v1'\.$/,
    );
  });

  it('names outbox adopt for a create with look-alikes, and only none when there are none', async () => {
    const choices = [{ serverId: 's9', label: 'Launch (on the service)' }];
    const several = await retried(
      coreRefusing(opView({ kind: 'create_post', variantId: null, candidates: choices })),
    );
    expect((several as CommandFailed).message).toContain("'outpost outbox adopt op1 SERVER_ID'");
    expect((several as CommandFailed).message).toContain("'outpost outbox adopt op1 none'");
    expect((several as CommandFailed).message).not.toMatch(/adopt one, or create it anew/);
    const none = await retried(coreRefusing(opView({ kind: 'create_variant', candidates: [] })));
    expect((none as CommandFailed).message).toMatch(
      /new variant: .* Create it anew with 'outpost outbox adopt op1 none'\.$/,
    );
    expect((none as CommandFailed).message).not.toContain('SERVER_ID');
  });

  it("passes every other refusal on in the core's words", async () => {
    const op = opView({ kind: 'update_variant', state: 'pending' });
    const failed = await retried(coreRefusing(op));
    expect(failed).toMatchObject({ code: 'invalid_state', message: refusal(op, 'retry') });
    const answering = {
      invoke: () =>
        Promise.resolve({
          ok: false,
          error: { code: 'not_found', message: 'No outbox operation with id x.' },
        }),
    } as unknown as AppCore;
    expect(await retried(answering, 'x')).toMatchObject({
      code: 'not_found',
      message: 'No outbox operation with id x.',
    });
  });

  it('retries what the core takes', async () => {
    const outcome = await retried(coreRefusing(opView({ kind: 'update_variant', state: 'failed' })));
    expect(outcome).toMatchObject({ text: 'op1 Update variant: Waiting to send' });
  });
});

describe('outpost outbox discard, refused', () => {
  it('names outbox retry for a change that may have reached the service, not Check now', async () => {
    const op = opView({ kind: 'update_variant', state: 'unknown' });
    expect(refusal(op, 'discard')).toMatch(/\(Check now\)/);
    const failed = await discarded(coreRefusing(op, 'discard'));
    expect(failed).toMatchObject({ code: 'invalid_state' });
    expect((failed as CommandFailed).message).toMatch(
      /^Discard is not possible yet: this change may have reached the service\. 'outpost outbox retry op1' reads/,
    );
  });

  it('says a new item’s create keeps its draft, and where a draft is deleted', async () => {
    for (const state of ['pending', 'failed'] as const) {
      const op = opView({ kind: 'create_variant', state });
      expect(refusal(op, 'discard')).toMatch(/delete it instead/);
      const failed = await discarded(coreRefusing(op, 'discard'));
      expect((failed as CommandFailed).message).toMatch(
        /^Discard is not possible for this new variant: .* delete it in Outpost's window\.$/,
      );
    }
  });

  it('discards what the core takes, and passes other refusals on', async () => {
    const taken = await discarded(
      coreRefusing(opView({ kind: 'update_variant', state: 'failed' }), 'discard'),
    );
    expect(taken).toMatchObject({ text: expect.stringMatching(/^op1 Update variant: /) as unknown });
    const sending = opView({ kind: 'update_variant', state: 'sending' });
    const failed = await discarded(coreRefusing(sending, 'discard'));
    expect(failed).toMatchObject({ code: 'invalid_state', message: refusal(sending, 'discard') });
  });
});
