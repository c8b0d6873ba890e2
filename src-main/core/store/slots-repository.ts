// Posting times per account (migration 0007): a zone, and weekly slots stored as a weekday and
// minutes since midnight. Read as the bridge's PostingSlot ("HH:MM").
import type { Kysely } from 'kysely';
import type { PostingSlot, Weekday } from '@preload/bridge';
import { minuteOf } from '@preload/posting-times';
import type { Database } from './schema';

export interface StoredSchedule {
  profileId: string;
  zone: string;
  slots: PostingSlot[];
}

const timeOf = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Every account of the workspace that has posting times set, by profile id (two queries). */
export async function listPostingSchedules(
  db: Kysely<Database>,
  workspace: string,
): Promise<Map<string, StoredSchedule>> {
  const schedules = await db
    .selectFrom('posting_schedule')
    .select(['profile_id', 'zone'])
    .where('workspace', '=', workspace)
    .execute();
  const out = new Map<string, StoredSchedule>(
    schedules.map((s) => [s.profile_id, { profileId: s.profile_id, zone: s.zone, slots: [] }]),
  );
  const slots = await db
    .selectFrom('posting_slot')
    .select(['profile_id', 'weekday', 'minute'])
    .where('workspace', '=', workspace)
    .orderBy('profile_id')
    .orderBy('weekday')
    .orderBy('minute')
    .execute();
  for (const s of slots)
    out.get(s.profile_id)?.slots.push({ weekday: s.weekday as Weekday, time: timeOf(s.minute) });
  return out;
}

export async function getPostingSchedule(
  db: Kysely<Database>,
  workspace: string,
  profileId: string,
): Promise<StoredSchedule | null> {
  return (await listPostingSchedules(db, workspace)).get(profileId) ?? null;
}

/** Replaces an account's posting times (call inside a transaction: two tables change). */
export async function setPostingSchedule(
  db: Kysely<Database>,
  workspace: string,
  profileId: string,
  schedule: { zone: string; slots: readonly PostingSlot[] },
  now: string,
): Promise<void> {
  await db
    .insertInto('posting_schedule')
    .values({ workspace, profile_id: profileId, zone: schedule.zone, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['workspace', 'profile_id']).doUpdateSet({ zone: schedule.zone, updated_at: now }),
    )
    .execute();
  await db
    .deleteFrom('posting_slot')
    .where('workspace', '=', workspace)
    .where('profile_id', '=', profileId)
    .execute();
  if (schedule.slots.length === 0) return;
  await db
    .insertInto('posting_slot')
    .values(
      schedule.slots.map((s) => ({
        workspace,
        profile_id: profileId,
        weekday: s.weekday,
        minute: minuteOf(s.time),
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
