// The quit sequence on its own: its steps in order, once, with every ask held back until they
// are done, the window's save before anything stops, and a failing step that still lets the
// app go.
import { describe, expect, it, vi } from 'vitest';
import { createQuitSequence, type QuitSteps } from '../../../src-main/desktop-app/quit-sequence';

function recorder(
  closeCore: () => Promise<void> = () => Promise.resolve(),
  saveWindow: () => Promise<boolean> = () => Promise.resolve(true),
) {
  const done: string[] = [];
  const steps: QuitSteps = {
    saveWindow: () => {
      done.push('saveWindow');
      return saveWindow();
    },
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
  it('holds the quit, has the window save, stops work, closes the core, releases the tray, then lets the app go', async () => {
    let finishClose = (): void => undefined;
    const { done, sequence } = recorder(() => new Promise<void>((resolve) => (finishClose = resolve)));
    const states = () => [sequence.state, sequence.quitting, sequence.windowSaved];
    expect(states()).toEqual(['running', false, false]);

    const first = ask();
    sequence.onBeforeQuit(first);
    expect(first.prevented).toBe(true);
    expect(states()).toEqual(['saving', true, false]);
    // The core is still closing (a request in flight has its grace): nothing after it has run.
    await vi.waitFor(() => expect(done).toEqual(['saveWindow', 'stopWork', 'closeCore']));
    expect(states()).toEqual(['closing', true, true]);

    // Asked again meanwhile (the tray's Quit, the last window closing): held, nothing twice.
    const again = ask();
    sequence.onBeforeQuit(again);
    expect(again.prevented).toBe(true);
    expect(done).toEqual(['saveWindow', 'stopWork', 'closeCore']);

    finishClose();
    await vi.waitFor(() => expect(done).toEqual(['saveWindow', 'stopWork', 'closeCore', 'release', 'exit']));
    expect(sequence.state).toBe('closed');

    // The quit `exit` asked for goes through.
    const last = ask();
    sequence.onBeforeQuit(last);
    expect(last.prevented).toBe(false);
    expect(done).toHaveLength(5);
  });

  it('stops nothing while the window saves: the IPC its saves go through stays bound until it is done', async () => {
    let saved = (): void => undefined;
    const { done, sequence } = recorder(
      undefined,
      () => new Promise<boolean>((resolve) => (saved = () => resolve(true))),
    );
    sequence.onBeforeQuit(ask());
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toEqual(['saveWindow']);
    // Asked again meanwhile (the window's close button once more): held, nothing twice.
    const again = ask();
    sequence.onBeforeQuit(again);
    expect(again.prevented).toBe(true);
    expect([sequence.state, sequence.windowSaved]).toEqual(['saving', false]);
    saved();
    await vi.waitFor(() => expect(done).toEqual(['saveWindow', 'stopWork', 'closeCore', 'release', 'exit']));
  });

  it('is called off when the person keeps the app open (texts not saved), and runs whole when asked again', async () => {
    const keepOpen = [true];
    const { done, sequence } = recorder(undefined, () => Promise.resolve(!keepOpen.shift()));
    const first = ask();
    sequence.onBeforeQuit(first);
    expect(first.prevented).toBe(true);
    await vi.waitFor(() => expect(sequence.state).toBe('running'));
    expect(done).toEqual(['saveWindow']);
    expect([sequence.quitting, sequence.windowSaved]).toEqual([false, false]);

    sequence.onBeforeQuit(ask());
    await vi.waitFor(() =>
      expect(done).toEqual(['saveWindow', 'saveWindow', 'stopWork', 'closeCore', 'release', 'exit']),
    );
  });

  it('a save that fails still lets the quit go on', async () => {
    const { done, sequence, logger } = recorder(undefined, () => Promise.reject(new Error('window gone')));
    sequence.onBeforeQuit(ask());
    await vi.waitFor(() => expect(done).toEqual(['saveWindow', 'stopWork', 'closeCore', 'release', 'exit']));
    expect(logger.warn).toHaveBeenCalledWith('the window could not save before the quit', {
      error: 'Error: window gone',
    });
  });

  it('says when closing the core failed, and still releases the tray and quits', async () => {
    const { done, sequence, logger } = recorder(() => Promise.reject(new Error('database is locked')));
    sequence.onBeforeQuit(ask());
    await vi.waitFor(() => expect(done).toEqual(['saveWindow', 'stopWork', 'closeCore', 'release', 'exit']));
    expect(logger.error).toHaveBeenCalledWith('closing the core failed', {
      error: 'Error: database is locked',
    });
    expect(sequence.state).toBe('closed');
  });
});
