// The rows of a first pull with the window open: how long the pull took with a window showing
// the list, when the list first showed the whole library, and what the window read to keep its
// list up to date meanwhile. Pure, tested in test/unit/bench.
import type { LoadSample } from './load';
import type { Row } from './report';

export interface ListReads {
  requests: number;
  bytes: number;
}

export interface WindowPullFigures {
  posts: number;
  /** From "Connect" pressed to the status saying the first full read is done. */
  pullMs: number;
  /** From "Connect" pressed to the list's count first naming the whole library; null: never. */
  listWholeMs: number | null;
  /** What the window asked for its list over the pull, by command. */
  reads: Record<'posts.list' | 'posts.page' | 'posts.refresh', ListReads>;
  /**
   * CPU time over the pull: the window's page (its main thread's tasks, as Chromium counts them)
   * and the host's process (all its threads: the host's, the core's, the wire's).
   */
  cpu: { windowMs: number; hostMs: number };
}

const count = (n: number): string => Math.round(n).toLocaleString('en-US');
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** The list's reads in words: "52 refreshes (14.0 MB), 2 pages (0.9 MB)". */
export function readsText(reads: WindowPullFigures['reads']): string {
  const refresh = reads['posts.refresh'];
  const page = reads['posts.page'];
  const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;
  return `${plural(refresh.requests, 'refresh', 'refreshes')} (${megabytes(refresh.bytes)}), ${plural(page.requests, 'page', 'pages')} (${megabytes(page.bytes)})`;
}

export function windowPullRow(r: WindowPullFigures, load: LoadSample): Row {
  const whole = r.listWholeMs !== null && r.listWholeMs <= r.pullMs;
  return {
    name: `First pull of ${count(r.posts)} posts with the window open (browser host, Chromium)`,
    goal: 'the list whole before the pull ends',
    figure: `pull ${seconds(r.pullMs)}; list whole at ${r.listWholeMs === null ? 'never' : seconds(r.listWholeMs)}; read for the list: ${readsText(r.reads)}; CPU: window ${seconds(r.cpu.windowMs)}, host ${seconds(r.cpu.hostMs)}`,
    met: whole,
    note: `The window connects an empty data folder through the Settings form and shows the post list while the first pull runs; times from "Connect" pressed. The list's reads are the window's requests over the pull: its first screenfuls (${count(r.reads['posts.list'].requests)}), whole pages of 1,000 posts and the refreshes of changed posts (posts.refresh). CPU over the pull: the window's main thread (Chromium's task time) and the host's process (its threads and the core's). Load at start ${load.load1m}${load.loaded ? ' (loaded)' : ''}.`,
  };
}
