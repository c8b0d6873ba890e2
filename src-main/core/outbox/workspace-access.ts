// Access is per workspace. A 403 or 404 under a workspace's routes may concern one item or the
// whole workspace (taken away from this account, or gone): the workspace itself is asked, with
// the lightest read it has, before the answer is filed as one or the other.
import type { ServiceClient } from '../api/client';
import { isServiceError } from '../api/errors';
import type { WorkspaceAccess } from '../store/schema';
import { setWorkspaceAccess } from '../store/workspace-repository';
import { logDecision, type SyncContext } from '../store/unit-of-work';
import { messageOf } from '../error-message';

/** 'ok', 'forbidden', 'not_found'; throws what the read met otherwise (offline, 5xx, 401). */
export async function probeWorkspace(client: ServiceClient, slug: string): Promise<WorkspaceAccess> {
  try {
    await client.listProfiles(slug);
    return 'ok';
  } catch (error) {
    if (isServiceError(error) && error.status === 403) return 'forbidden';
    if (isServiceError(error) && error.status === 404) return 'not_found';
    throw error;
  }
}

/** The access a failed request under a workspace suggests, or null when it says nothing of it. */
export function accessSuggestedBy(error: unknown): WorkspaceAccess | null {
  if (!isServiceError(error)) return null;
  if (error.status === 403) return 'forbidden';
  if (error.status === 404) return 'not_found';
  return null;
}

export function accessWords(access: WorkspaceAccess): string {
  return access === 'forbidden'
    ? 'the service refuses this account there (403)'
    : access === 'not_found'
      ? 'the service no longer shows it to this account'
      : 'it can be reached';
}

/**
 * Asks the workspace itself and records what it said. A check that fails for another reason
 * (offline, 5xx) concludes nothing: the workspace is taken as reachable.
 */
export async function checkWorkspace(
  ctx: SyncContext,
  client: ServiceClient,
  slug: string,
): Promise<WorkspaceAccess> {
  let access: WorkspaceAccess;
  try {
    access = await probeWorkspace(client, slug);
  } catch (error) {
    ctx.logger.warn('workspace check failed', {
      slug,
      message: messageOf(error),
    });
    return 'ok';
  }
  if (await setWorkspaceAccess(ctx.db, slug, access))
    await logDecision(ctx, {
      action: `workspace_${access}`,
      reason: `Workspace ${slug}: ${accessWords(access)}.`,
    });
  return access;
}
