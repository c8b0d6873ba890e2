// The keystrokes part's rows: each host and size gets a keystroke row and a loop-delay row,
// each against its goal, with the load and what the path holds in the note.
import { describe, expect, it } from 'vitest';
import { keystrokeFigures, keystrokeRows, type KeystrokeRun } from '../../bench/lib/keystroke-rows';
import { isLoaded } from '../../bench/lib/load';

const load = (load1m: number) => ({ load1m, cores: 2, loaded: isLoaded(load1m, 2) });

function run(over: Partial<KeystrokeRun> & { roundTripMs?: number[] } = {}): KeystrokeRun {
  const roundTripMs = over.roundTripMs ?? Array.from({ length: 100 }, (_, i) => 1 + i / 100);
  return {
    host: 'browser',
    posts: 10_000,
    load: load(0.4),
    typing: {
      roundTripMs,
      pullMs: 6_120,
      typingFromMs: 20,
      typingToMs: 3_020,
      events: { syncStatus: 40, itemChanged: 30_000 },
    },
    loopDelays: {
      main: { samples: 5_000, p50Ms: 0.1, p99Ms: 2.5, maxMs: 12, resolutionMs: 1, busy: 0.08 },
      coreThread: { samples: 900, p50Ms: 0.4, p99Ms: 20, maxMs: 64, resolutionMs: 1, busy: 0.915 },
    },
    serviceRequests: 10_114,
    ...over,
  };
}

describe('keystrokeRows', () => {
  it('gives the keystroke and the loop-delay row of a run, met under the goals', () => {
    const [keys, loop] = keystrokeRows(run());
    expect(keys?.name).toBe('Keystroke round trip, browser host, first pull of 10,000 posts');
    expect(keys?.goal).toBe('p99 < 3 ms, max < 30 ms');
    expect(keys?.figure).toBe('1.49 ms / p99 1.98 ms / max 1.99 ms');
    expect(keys?.met).toBe(true);
    expect(keys?.note).toContain('100 saves');
    expect(keys?.note).toContain('one every 30 ms on average');
    expect(keys?.note).toContain('itemChanged x30,000, syncStatus x40');
    expect(keys?.note).toContain('Load at start 0.4.');
    expect(keys?.note).toContain(
      "The core's thread, where each save waits for the task in hand, was busy 92% of the pull, its event-loop delay 0.40 ms / p99 20.0 ms / max 64.0 ms.",
    );
    expect(loop?.name).toBe('Main thread event-loop delay, browser host, first pull of 10,000 posts');
    expect(loop?.goal).toBe('p99 < 5 ms');
    expect(loop?.figure).toBe('0.10 ms / p99 2.50 ms / max 12.0 ms');
    expect(loop?.met).toBe(true);
    expect(loop?.note).toContain('the thread was busy 8% of that time');
  });

  it('misses the keystroke goal on a slow p99 or a slow maximum alone', () => {
    const slowTail = Array.from({ length: 100 }, (_, i) => (i >= 98 ? 5 : 1));
    expect(keystrokeRows(run({ roundTripMs: slowTail }))[0]?.met).toBe(false);
    const oneLong = Array.from({ length: 1_000 }, (_, i) => (i === 500 ? 45 : 1));
    const [keys] = keystrokeRows(run({ roundTripMs: oneLong }));
    expect(keys?.figure).toContain('p99 1.00 ms / max 45.0 ms');
    expect(keys?.met).toBe(false);
  });

  it('misses the loop-delay goal at a p99 of 5 ms, and says the load was high', () => {
    const slow = { samples: 9, p50Ms: 1, p99Ms: 5, maxMs: 9, resolutionMs: 1, busy: 0.5 };
    const r = run({ loopDelays: { main: slow, coreThread: slow }, load: load(3.1) });
    const [, loop] = keystrokeRows(r);
    expect(loop?.met).toBe(false);
    expect(loop?.note).toContain('Load at start 3.1 (loaded).');
  });

  it('names the desktop path and the part spent reaching the core', () => {
    const [keys, loop] = keystrokeRows(run({ host: 'desktop', posts: 50_000, coreTripMs: [1, 2, 3] }));
    expect(keys?.name).toBe(
      'Keystroke round trip, desktop path without Electron, first pull of 50,000 posts',
    );
    expect(keys?.note).toContain("Not in it: Electron's own IPC");
    expect(keys?.note).toContain("to the core's thread and back: 2.00 ms / p99 3.00 ms / max 3.00 ms");
    expect(loop?.note).toContain("thread that owns the core's thread");
  });

  it('keeps summaries, not samples, in the results file', () => {
    const figures = keystrokeFigures(run());
    expect(figures).toMatchObject({ host: 'browser', posts: 10_000, pullMs: 6_120, load1m: 0.4 });
    expect(figures.keystrokes).toMatchObject({ n: 100, p99: 1.98, max: 1.99 });
    expect(figures).not.toHaveProperty('coreTrip');
    expect(figures.coreThreadLoopDelay).toMatchObject({ p99Ms: 20, maxMs: 64, busy: 0.915 });
  });
});
