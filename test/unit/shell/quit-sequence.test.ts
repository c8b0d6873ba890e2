// The quit sequence on its own: its steps in order, once, with every ask held back until they
// are done, and a failing close that still lets the app go.
import { describe, expect, it, vi } from 'vitest';
import { createQuitSequence, type QuitSteps } from '../../../src-main/desktop-app/quit-sequence';

function recorder(closeCore: () => Promise<void> = () => Promise.resolve()) {
  const done: string[] = [];
  const steps: QuitSteps = {
    stopWork: () => done.push('stopWork'),
    closeCore: () => {
      done.push('closeCore');
      return closeCore();
    },
    release: () => done.push('release'),
    exit: () => done.push('exit'),
  };
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  return { done, steps, logger, sequence: createQuitSequence(steps, logger) };
}

function ask() {
  const event = { prevented: false, preventDefault: () => (event.prevented = true) };
  return event;
}

describe('the quit sequence', () => {
  it('holds the quit, stops work, closes the core, releases the tray, then lets the app go', async () => {
    let finishClose = (): void => undefined;
    const { done, sequence } = recorder(() => new Promise<void>((resolve) => (finishClose = resolve)));
    expect([sequence.state, sequence.quitting]).toEqual(['running', false]);

    const first = ask();
    sequence.onBeforeQuit(first);
    expect(first.prevented).toBe(true);
    expect([sequence.state, sequence.quitting]).toEqual(['closing', true]);
    // The core is still closing (a request in flight has its grace): nothing after it has run.
    expect(done).toEqual(['stopWork', 'closeCore']);

    // Asked again meanwhile (the tray's Quit, the last window closing): held, nothing twice.
    const again = ask();
    sequence.onBeforeQuit(again);
    expect(again.prevented).toBe(true);
    expect(done).toEqual(['stopWork', 'closeCore']);

    finishClose();
    await vi.waitFor(() => expect(done).toEqual(['stopWork', 'closeCore', 'release', 'exit']));
    expect(sequence.state).toBe('closed');

    // The quit `exit` asked for goes through.
    const last = ask();
    sequence.onBeforeQuit(last);
    expect(last.prevented).toBe(false);
    expect(done).toHaveLength(4);
  });

  it('says when closing the core failed, and still releases the tray and quits', async () => {
    const { done, sequence, logger } = recorder(() => Promise.reject(new Error('database is locked')));
    sequence.onBeforeQuit(ask());
    await vi.waitFor(() => expect(done).toEqual(['stopWork', 'closeCore', 'release', 'exit']));
    expect(logger.error).toHaveBeenCalledWith('closing the core failed', {
      error: 'Error: database is locked',
    });
    expect(sequence.state).toBe('closed');
  });
});
