// The keystrokes part's rows: for each host and library size, the keystroke round trip during
// the first pull, and the host's main thread's event-loop delay over the same pull. Pure
// functions, tested in test/unit/bench.
import type { FirstPullTyping } from './first-pull-typing';
import type { LoadSample } from './load';
import type { HostLoopDelays, LoopDelay } from './loop-delay';
import { ms, type Row } from './report';
import { round, roundSummary, summarize, type Summary } from './stats';

/** A keystroke's save answered within a few milliseconds, even at its worst... */
export const KEYSTROKE_P99_GOAL_MS = 3;
export const KEYSTROKE_MAX_GOAL_MS = 30;
/** ...and the thread that answers the window hardly ever held up. */
export const LOOP_DELAY_P99_GOAL_MS = 5;

export type KeystrokeHost = 'browser' | 'desktop';

export interface KeystrokeRun {
  host: KeystrokeHost;
  /** Posts seeded on the service (the seed's own few come on top). */
  posts: number;
  load: LoadSample;
  typing: FirstPullTyping;
  /** The host's main thread (the row's figure) and its core's thread (what a save waits behind). */
  loopDelays: HostLoopDelays;
  /** Requests the service answered over the run: at least one variants list per post. */
  serviceRequests: number;
  /** Desktop: of each round trip, the main thread's call to the core's thread and back. */
  coreTripMs?: number[];
}

const HOST_NAMES: Record<KeystrokeHost, string> = {
  browser: 'browser host',
  desktop: 'desktop path without Electron',
};

/** What each host's figures include, in words. */
const PATHS: Record<KeystrokeHost, string> = {
  browser:
    "In the path: the real browser host program (its core on a worker thread), HTTP on 127.0.0.1 and the page's own bridge client (fetch, and the event stream through undici's EventSource), in a Node process standing in for the page. Not in it: Chromium, and what the page itself does with the events (refreshing the list).",
  desktop:
    "In the path: the core's thread started by startDesktopCore as the app starts it, the app's own IPC handlers (bindIpc: sender and plain-data checks, core.invoke, the events forwarded to the window) on this process's main thread, and a worker thread standing in for the window, each call and its answer a message on a MessagePort. Not in it: Electron's own IPC between processes, the renderer, and the tray, menus and notifications the main process also runs.",
};

const count = (n: number): string => n.toLocaleString('en-US');
const percent = (share: number): string => `${Math.round(share * 100)}%`;
const loadWords = (load: LoadSample): string =>
  `Load at start ${load.load1m}${load.loaded ? ' (loaded)' : ''}.`;
const eventsWords = (events: Record<string, number>): string =>
  Object.entries(events)
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} x${count(n)}`)
    .join(', ');
const spread = (s: Summary): string => `${ms(s.median)} / p99 ${ms(s.p99)} / max ${ms(s.max)}`;
const delaySpread = (d: LoopDelay): string => `${ms(d.p50Ms)} / p99 ${ms(d.p99Ms)} / max ${ms(d.maxMs)}`;
const delayFigures = (d: LoopDelay): Record<string, number> => ({
  p50Ms: round(d.p50Ms),
  p99Ms: round(d.p99Ms),
  maxMs: round(d.maxMs),
  samples: d.samples,
  resolutionMs: d.resolutionMs,
  busy: round(d.busy),
});

export function keystrokeRows(r: KeystrokeRun): Row[] {
  const where = `${HOST_NAMES[r.host]}, first pull of ${count(r.posts)} posts`;
  const keys = summarize(r.typing.roundTripMs);
  const core = r.coreTripMs && r.coreTripMs.length > 0 ? summarize(r.coreTripMs) : null;
  const coreWords =
    core === null ? '' : ` Of each, from the main thread to the core's thread and back: ${spread(core)}.`;
  const pull = `a ${ms(r.typing.pullMs)} pull (${count(r.serviceRequests)} requests served)`;
  const { main, coreThread } = r.loopDelays;
  const coreThreadWords = ` The core's thread, where each save waits for the task in hand, was busy ${percent(coreThread.busy)} of the pull, its event-loop delay ${delaySpread(coreThread)}.`;
  return [
    {
      name: `Keystroke round trip, ${where}`,
      goal: `p99 < ${KEYSTROKE_P99_GOAL_MS} ms, max < ${KEYSTROKE_MAX_GOAL_MS} ms`,
      figure: spread(keys),
      met: keys.p99 < KEYSTROKE_P99_GOAL_MS && keys.max < KEYSTROKE_MAX_GOAL_MS,
      note: `${keys.n} saves of one variant's text (variants.update), one every ${Math.round((r.typing.typingToMs - r.typing.typingFromMs) / Math.max(1, keys.n))} ms on average, each timed from send to answer, over ${pull} into an empty folder. ${PATHS[r.host]}${coreWords}${coreThreadWords} The window received ${eventsWords(r.typing.events)}. ${loadWords(r.load)}`,
    },
    {
      name: `Main thread event-loop delay, ${where}`,
      goal: `p99 < ${LOOP_DELAY_P99_GOAL_MS} ms`,
      figure: delaySpread(main),
      met: main.p99Ms < LOOP_DELAY_P99_GOAL_MS,
      note: `monitorEventLoopDelay on the ${r.host === 'browser' ? "host process's main thread" : "thread that owns the core's thread"}, a sample every ${main.resolutionMs} ms less that period (${count(main.samples)} samples), from settings.connect to the end of the pull, while the keystrokes above were typed; the thread was busy ${percent(main.busy)} of that time. ${loadWords(r.load)}`,
    },
  ];
}

/** What bench-results.json keeps of each run. */
export function keystrokeFigures(r: KeystrokeRun): Record<string, unknown> {
  return {
    host: r.host,
    posts: r.posts,
    load1m: r.load.load1m,
    loaded: r.load.loaded,
    pullMs: round(r.typing.pullMs),
    serviceRequests: r.serviceRequests,
    keystrokes: roundSummary(summarize(r.typing.roundTripMs)),
    ...(r.coreTripMs ? { coreTrip: roundSummary(summarize(r.coreTripMs)) } : {}),
    mainThreadLoopDelay: delayFigures(r.loopDelays.main),
    coreThreadLoopDelay: delayFigures(r.loopDelays.coreThread),
    events: r.typing.events,
  };
}
