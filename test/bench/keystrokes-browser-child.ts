// The keystrokes part through the browser host: the real host program (out/main/browser-host.js,
// its core on a worker thread) in a process of its own, on an empty data folder, with a probe
// loaded before it that measures its main thread's event-loop delay. This process is the
// window: it opens the printed address's session as the page does (the one-time code traded
// for a session token) and talks to the host through the page's own bridge client
// (src-renderer/src/lib/http-bridge.ts: fetch for commands, server-sent events for events).
// The probe (lib/loop-delay-probe.ts) measures the host's main thread and its core's thread.
// Reports one JSON message to the parent.
import { fork, type ChildProcess } from 'node:child_process';
import { EventSource } from 'undici';
import { createHttpBridge } from '../../src-renderer/src/lib/http-bridge';
import { hostUrl, stopHost } from './lib/browser-host';
import { answerParent } from './lib/fork';
import { typeThroughFirstPull, type FirstPullTyping } from './lib/first-pull-typing';
import type { HostLoopDelays } from './lib/loop-delay';

export interface KeystrokesChildInput {
  baseUrl: string;
  token: string;
  workspace: string;
  dataDir: string;
  intervalMs: number;
  /** The built host program, and the probe bundle it is started with. */
  hostScript: string;
  probeFile: string;
  /** Node/V8 flags the host starts with (trials, profiles). */
  nodeFlags: readonly string[];
  /** The repository root: the host's working directory. */
  cwd: string;
}

export interface KeystrokesChildResult {
  typing: FirstPullTyping;
  /** The host's main thread and its core's thread over the pull. */
  loopDelays: HostLoopDelays;
}

interface Host {
  child: ChildProcess;
  url: string;
}

async function startHost(input: KeystrokesChildInput): Promise<Host> {
  // The probe in the host's main thread takes its start and stop over the IPC channel.
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_LOOP_PROBE_IPC: '1' };
  // No token: the account is what settings.connect gives it, as for a new user.
  delete env.OUTPOST_TOKEN;
  const child = fork(input.hostScript, ['--port', '0', '--data-dir', input.dataDir], {
    cwd: input.cwd,
    env,
    execArgv: [...input.nodeFlags, '--import', input.probeFile],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  return { child, url: await hostUrl(child) };
}

/** Asks the probe in the host's process, and waits for its answer. */
function askProbe(child: ChildProcess, probe: 'start' | 'stop'): Promise<{ loopDelays?: HostLoopDelays }> {
  return new Promise((resolve) => {
    const answered = (message: { probe?: string; loopDelays?: HostLoopDelays }): void => {
      if (message.probe !== (probe === 'start' ? 'started' : 'stopped')) return;
      child.off('message', answered);
      resolve(message);
    };
    child.on('message', answered);
    child.send({ probe });
  });
}

/** The page's first step: the code in its address traded for a session token. */
async function openSession(url: string): Promise<string> {
  const address = new URL(url);
  const response = await fetch(`${address.origin}/bridge/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code: address.searchParams.get('code') }),
  });
  const body = (await response.json()) as { session?: string };
  if (!response.ok || typeof body.session !== 'string') throw new Error('the host gave no session');
  return body.session;
}

async function run(input: KeystrokesChildInput): Promise<KeystrokesChildResult> {
  const host = await startHost(input);
  try {
    const session = await openSession(host.url);
    const bridge = createHttpBridge(session, {
      baseUrl: new URL(host.url).origin,
      EventSource: EventSource as never,
    });
    let loopDelays: HostLoopDelays | undefined;
    const typing = await typeThroughFirstPull(bridge, input, {
      pullStarting: async () => void (await askProbe(host.child, 'start')),
      pullEnded: async () => void (loopDelays = (await askProbe(host.child, 'stop')).loopDelays),
    });
    if (loopDelays === undefined) throw new Error('the probe in the host sent no figures');
    return { typing, loopDelays };
  } finally {
    await stopHost(host.child);
  }
}

const input = JSON.parse(process.env.BENCH_KEYSTROKES_INPUT ?? '{}') as KeystrokesChildInput;
await answerParent(() => run(input));
