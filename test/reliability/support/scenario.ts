// Small pieces the outbox scenarios share: typed bridge calls, the contract fields the
// op machine adds, the sync rounds that make retries due, and the summary line with failed ops.
import type {
  CommandName,
  OutboxOpView,
  PostDetail,
  SyncLogEntry,
  SyncStatus,
  VariantView,
} from '@preload/bridge';
import type { AppCore } from '../../../src-main/core/ports';
import type { ManualClock } from './clock';
import { summaryLine, type SummaryFigures } from './harness';

/** Longer than the backoff cap (5 min): every waiting retry is due in the next round. */
export const ROUND_MS = 6 * 60_000;

/** An op as `outbox.list` shows it: `needs_user` with its question and candidates. */
export type OpView = OutboxOpView;

/** `sync.status`, naming the workspaces the caller lost access to. */
export type StatusView = SyncStatus;

export async function must<T>(core: Pick<AppCore, 'invoke'>, command: string, payload: unknown): Promise<T> {
  const r = await core.invoke(command as CommandName, payload);
  if (!r.ok) throw new Error(`${command} failed: ${r.error.code} ${r.error.message}`);
  return r.value as T;
}

export const ops = (core: Pick<AppCore, 'invoke'>) => must<OpView[]>(core, 'outbox.list', undefined);
export const syncStatus = (core: Pick<AppCore, 'invoke'>) => must<StatusView>(core, 'sync.status', undefined);
export const syncLog = (core: Pick<AppCore, 'invoke'>) =>
  must<SyncLogEntry[]>(core, 'sync.log', { limit: 5000 });
export const postDetail = (core: Pick<AppCore, 'invoke'>, id: string) =>
  must<PostDetail>(core, 'posts.get', { id });

/** A local draft: a post in `workspace` and its variants (account: the platform's default). */
export async function draft(
  core: Pick<AppCore, 'invoke'>,
  workspace: string,
  title: string,
  variants: Array<{ platform: string; content: string }>,
): Promise<{ postId: string; variantIds: string[] }> {
  const post = await must<PostDetail>(core, 'posts.create', { workspace, title });
  const variantIds: string[] = [];
  for (const v of variants) {
    const made = await must<VariantView>(core, 'variants.create', {
      postId: post.id,
      platform: v.platform,
      content: v.content,
      account: { kind: 'default' },
    });
    variantIds.push(made.id);
  }
  return { postId: post.id, variantIds };
}

/** `rounds` syncs, the core's clock moved past any backoff between them. */
export async function syncRounds(
  core: Pick<AppCore, 'syncNow'>,
  clock: ManualClock,
  rounds: number,
): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await core.syncNow('user');
    clock.advance(ROUND_MS);
  }
}

export interface ScenarioFigures extends SummaryFigures {
  failedOps: number;
}

/** The suite's summary line, then the failed ops and the scenario's own count. */
export function scenarioLine(suite: string, f: ScenarioFigures, own: string): string {
  return `${summaryLine(suite, f)}, failed ops ${f.failedOps}; ${own}`;
}
