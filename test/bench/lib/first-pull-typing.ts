// What the window does in the keystrokes part, whichever host it talks to: it connects an empty
// data folder to a service holding a large library, which starts the first pull, drafts a post,
// and types in its variant while the pull runs, each keystroke saved at once and timed from
// send to answer. The bridge is the host's own transport (HTTP and server-sent events for the
// browser host, a message port for the desktop stand-in); everything here is the window's side.
import type {
  BridgeEvent,
  BridgeResult,
  CommandName,
  OutpostBridge,
  PostDetail,
  SyncStatus,
  VariantView,
} from '@preload/bridge';

export interface FirstPullTypingInput {
  baseUrl: string;
  token: string;
  /** Workspace the draft is made in (the sandbox's main one). */
  workspace: string;
  /** Time from one keystroke's send to the next's (a keystroke still unanswered then delays it). */
  intervalMs: number;
}

export interface FirstPullTyping {
  /** Send to answer of each keystroke's save (variants.update), in the order typed. */
  roundTripMs: number[];
  /** From settings.connect being sent to the end of the first pull, as the window heard it. */
  pullMs: number;
  /** When the first keystroke was sent and the last answered, from settings.connect being sent. */
  typingFromMs: number;
  typingToMs: number;
  /** Events the window received over the pull (the host's traffic towards it), by name. */
  events: Record<string, number>;
}

/** Hooks the host side uses to measure its own thread over exactly the pull. */
export interface PullMarks {
  pullStarting(): Promise<void>;
  pullEnded(): Promise<void>;
}

async function call<T>(bridge: OutpostBridge, command: CommandName, payload: unknown): Promise<T> {
  const answer: BridgeResult<unknown> = await bridge.invoke(command, payload as never);
  if (!answer.ok) throw new Error(`${command}: ${answer.error.code}: ${answer.error.message}`);
  return answer.value as T;
}

/** The first full read is over once the status is idle with a last full read known. */
const isFirstPullOver = (status: SyncStatus): boolean =>
  status.phase === 'idle' && status.lastReadAt !== null;

function countByName(events: readonly BridgeEvent[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of events) counts[e.name] = (counts[e.name] ?? 0) + 1;
  return counts;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the event stream is open: the host only forwards events to a subscribed stream,
 * and the end of the pull is an event.
 */
async function streamOpen(bridge: OutpostBridge, events: BridgeEvent[]): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const before = events.length;
    // Answers the settings and tells every window they changed: an event, once the stream is open.
    await call(bridge, 'workspaces.select', { slug: null });
    await pause(25);
    if (events.slice(before).some((e) => e.name === 'settingsChanged')) return;
  }
  throw new Error('the event stream never opened');
}

export async function typeThroughFirstPull(
  bridge: OutpostBridge,
  input: FirstPullTypingInput,
  marks: PullMarks,
): Promise<FirstPullTyping> {
  const events: BridgeEvent[] = [];
  let pullOver!: () => void;
  const pulled = new Promise<void>((resolve) => (pullOver = resolve));
  let connected = false;
  const unsubscribe = bridge.subscribe((event) => {
    events.push(event);
    if (connected && event.name === 'syncStatus' && isFirstPullOver(event.data)) pullOver();
  });
  try {
    await streamOpen(bridge, events);
    const eventsBefore = events.length;
    await marks.pullStarting();
    const t0 = performance.now();
    connected = true;
    // Connecting starts the first sync in the background: the pull.
    await call(bridge, 'settings.connect', {
      baseUrl: input.baseUrl,
      token: input.token,
      authHeader: 'bearer',
    });
    let pullEnd = Number.NaN;
    // The host stops measuring its thread as soon as the window hears the pull is over.
    const measured = pulled.then(() => {
      pullEnd = performance.now();
      return marks.pullEnded();
    });
    const post = await call<PostDetail>(bridge, 'posts.create', {
      workspace: input.workspace,
      title: 'Written during the first pull',
    });
    const variant = await call<VariantView>(bridge, 'variants.create', {
      postId: post.id,
      platform: 'x',
      content: 'T',
      account: { kind: 'default' },
    });
    const roundTripMs: number[] = [];
    let text = variant.content;
    const typingFrom = performance.now();
    while (Number.isNaN(pullEnd)) {
      // A post's length, typed on and on: past 200 characters half of it is deleted.
      text =
        (text.length > 200 ? text.slice(0, 100) : text) + String.fromCharCode(97 + (roundTripMs.length % 26));
      const sent = performance.now();
      await call(bridge, 'variants.update', { id: variant.id, content: text });
      const answered = performance.now();
      roundTripMs.push(answered - sent);
      await pause(Math.max(0, input.intervalMs - (answered - sent)));
    }
    const typingTo = performance.now();
    await measured;
    return {
      roundTripMs,
      pullMs: pullEnd - t0,
      typingFromMs: typingFrom - t0,
      typingToMs: typingTo - t0,
      events: countByName(events.slice(eventsBefore)),
    };
  } finally {
    unsubscribe();
  }
}
