// What a sync's answers said that was not what was asked, read from the decisions it logged:
// an answer about another record, a change the service did not keep, a text it stored in
// another form. The status carries them, so the window and `outpost sync` say them in their
// own words (a script fails on the first two).
import { sql, type Kysely } from 'kysely';
import type { AnswerTrouble, AnswerTroubleKind } from '@preload/bridge';
import type { Database } from '../store/schema';

/** The kind of trouble a logged decision stands for, if any. */
export function troubleOf(action: string): AnswerTroubleKind | null {
  if (action === 'answer_other_record') return 'other_record';
  if (action === 'answer_stored_differently') return 'stored_differently';
  return action.endsWith('_not_kept') ? 'not_kept' : null;
}

/** Where the log stands now: a sync's own decisions come after it. */
export async function logMark(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('sync_log')
    .select(sql<number>`coalesce(max(id), 0)`.as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The trouble logged after `mark`, per kind: how often, and the newest reason. */
export async function troubleSince(db: Kysely<Database>, mark: number): Promise<AnswerTrouble[]> {
  const rows = await db
    .selectFrom('sync_log')
    .select(['action', 'reason'])
    .where('id', '>', mark)
    .where((eb) =>
      eb.or([
        eb('action', 'in', ['answer_other_record', 'answer_stored_differently']),
        // `_` matches any one character here: troubleOf below decides.
        eb('action', 'like', '%not_kept'),
      ]),
    )
    .orderBy('id')
    .execute();
  const byKind = new Map<AnswerTroubleKind, AnswerTrouble>();
  for (const row of rows) {
    const kind = troubleOf(row.action);
    if (kind === null) continue;
    byKind.set(kind, { kind, count: (byKind.get(kind)?.count ?? 0) + 1, reason: row.reason });
  }
  return [...byKind.values()];
}
