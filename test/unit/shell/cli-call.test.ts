// The command line's one way into the core: an error answer becomes a failure in the command
// line's words where the window's would not be true for it.
import { describe, expect, it } from 'vitest';
import { saveRefusal, CLI_DISK_FULL } from '@preload/words/data';
import { call, CommandFailed } from '../../../src-main/cli/command';
import type { AppCore } from '../../../src-main/core/ports';

const answering = (error: { code: string; message: string }): AppCore =>
  ({ invoke: () => Promise.resolve({ ok: false, error }) }) as unknown as AppCore;

describe('call', () => {
  it('says a change a full disk refused was not saved, and to run the command again', async () => {
    // The window's sentence promises a save later; the command line's process ends instead.
    const core = answering({ code: 'disk_full', message: saveRefusal('disk_full', '/data') });
    const failed = await call(core, 'variants.update', { id: 'v', content: 'x' }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(CommandFailed);
    expect(failed).toMatchObject({ code: 'disk_full', message: CLI_DISK_FULL });
    expect(CLI_DISK_FULL).toMatch(/not saved.*run the command again/);
  });

  it('passes any other refusal on in the core’s words', async () => {
    const core = answering({ code: 'not_found', message: 'No variant with id v.' });
    await expect(call(core, 'variants.update', { id: 'v', content: 'x' })).rejects.toMatchObject({
      code: 'not_found',
      message: 'No variant with id v.',
    });
  });
});
