// The send guards (send-guards.ts) applied to what the store holds: variants.schedule and
// variants.publish call these before they add anything to the outbox, so a refusal never reaches the service.
import { NOT_FOUND } from '@preload/words/errors';
import type { Kysely } from 'kysely';
import type { Database, PostRow, VariantRow } from '../../store/schema';
import { getPost } from '../../store/post-repository';
import { getVariant } from '../../store/variant-repository';
import { listProfiles } from '../../store/workspace-repository';
import { listSignOffAccounts } from '../../store/sign-off-repository';
import {
  accountChoiceOf,
  accountChosenByService,
  profileFact,
  type WorkspaceAccounts,
} from '../../domain/accounts';
import { CommandError } from '../command-error';
import {
  firstRefusal,
  guardAccount,
  guardLength,
  guardTime,
  type GuardResult,
  type ProfileFact,
} from '@preload/send-guards';

/** Text and account: what both a schedule and a publish must pass. */
export async function sendRefusal(db: Kysely<Database>, v: VariantRow, post: PostRow): Promise<GuardResult> {
  return sendRefusalAmong(v, await profileFacts(db, post.workspace));
}

/** A workspace's accounts as the guards see them (read once for a change of many variants). */
export async function profileFacts(db: Kysely<Database>, workspace: string | null): Promise<ProfileFact[]> {
  if (workspace === null) return [];
  return (await listProfiles(db, workspace)).map(profileFact);
}

/**
 * What a variant's view needs to say "this goes to sign-off first". Read on every keystroke's
 * answer: the accounts themselves only when some account of the workspace asks for sign-off.
 */
export async function signOffFacts(
  db: Kysely<Database>,
  workspace: string | null,
): Promise<WorkspaceAccounts> {
  if (workspace === null) return { profiles: [], signOff: new Set() };
  const signOff = await listSignOffAccounts(db, workspace);
  return { profiles: signOff.size === 0 ? [] : await profileFacts(db, workspace), signOff };
}

export function sendRefusalAmong(v: VariantRow, profiles: readonly ProfileFact[]): GuardResult {
  return firstRefusal(
    guardLength(v.platform, v.content, v.scheduled_at !== null),
    guardAccount(v.platform, accountChoiceOf(v), profiles, accountChosenByService(v)),
  );
}

function refuse(result: GuardResult): void {
  if (!result.ok) throw new CommandError('invalid_state', result.message);
}

async function rows(db: Kysely<Database>, id: string): Promise<{ v: VariantRow; post: PostRow }> {
  const v = await getVariant(db, id);
  if (!v) throw new CommandError('not_found', NOT_FOUND.variant(id));
  const post = await getPost(db, v.post_id);
  if (!post) throw new CommandError('not_found', NOT_FOUND.post(v.post_id));
  return { v, post };
}

/**
 * variants.schedule: refuses a past time unless the user confirmed sending now
 * (`sendNowIfPast`), then the send goes through variants.publish instead; refuses text over
 * the limit and a platform without an active account.
 */
export async function checkSchedule(
  db: Kysely<Database>,
  p: { id: string; at: string; sendNowIfPast?: boolean },
  now: Date,
): Promise<'schedule' | 'publish_now'> {
  const { v, post } = await rows(db, p.id);
  const time = guardTime(p.at, now);
  if (!time.ok && !p.sendNowIfPast) refuse(time);
  refuse(await sendRefusal(db, v, post));
  return time.ok ? 'schedule' : 'publish_now';
}

/** variants.publish: text and account, checked before the publish goes into the outbox. */
export async function checkPublish(db: Kysely<Database>, id: string): Promise<void> {
  const { v, post } = await rows(db, id);
  refuse(await sendRefusal(db, v, post));
}
