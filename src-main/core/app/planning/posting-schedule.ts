// planning.slots and planning.setSlots: an account's weekly posting times, kept in Outpost only.
import { COMMAND_ERRORS, NOT_FOUND } from '@preload/words/errors';
import type { PostingSchedule, PostingSlot } from '@preload/bridge';
import { sortSlots } from '@preload/posting-times';
import { knownZone } from '@preload/zoned-time';
import { getPostingSchedule, setPostingSchedule } from '../../store/slots-repository';
import { listProfiles } from '../../store/workspace-repository';
import type { AppContext } from '../app-context';
import { CommandError } from '../command-error';

async function knownAccount(app: AppContext, workspace: string, profileId: string): Promise<void> {
  await app.knownWorkspace(workspace);
  if (!(await listProfiles(app.db, workspace)).some((p) => p.id === profileId))
    throw new CommandError('not_found', NOT_FOUND.account(workspace, profileId));
}

export async function postingSchedule(
  app: AppContext,
  p: { workspace: string; profileId: string },
): Promise<PostingSchedule> {
  await knownAccount(app, p.workspace, p.profileId);
  const stored = await getPostingSchedule(app.db, p.workspace, p.profileId);
  return { ...p, zone: stored?.zone ?? null, slots: stored?.slots ?? [] };
}

export async function setPostingTimes(
  app: AppContext,
  p: { workspace: string; profileId: string; zone: string; slots: PostingSlot[] },
): Promise<PostingSchedule> {
  await knownAccount(app, p.workspace, p.profileId);
  const zone = knownZone(p.zone);
  if (zone === null) throw new CommandError('validation', COMMAND_ERRORS.unknownZone(p.zone));
  const slots = sortSlots(p.slots);
  await app.inTransaction((t) =>
    setPostingSchedule(t.db, p.workspace, p.profileId, { zone, slots }, app.now()),
  );
  return { workspace: p.workspace, profileId: p.profileId, zone, slots };
}
