// Every row checked before anything is made, as the editor and the send guards would check it
// typed by hand: a title for its post (the service keeps the title a post is created with: an
// untitled one is never sent); a platform and an account this workspace has, active; text within
// the platform's limit (the editor's own counter); a time that exists on the clocks of the import's
// zone and is still to come, or the account's next free posting slot; and not made already,
// neither earlier in the same table nor by an import before (the row's key, kept on its
// variant) nor as a row of Outpost's own export whose variant is still here. A row alone in its
// post with a title and nothing else is a post with no variant, as Outpost's export writes one.
import { createHash } from 'node:crypto';
import type { AccountChoice, ImportRequest, ImportRowStatus } from '@preload/bridge';
import { overLimitCount, platformKey } from '@preload/counter';
import { samePlatform } from '@preload/send-guards';
import { FILE_PROBLEMS, ROW_PROBLEMS } from '@preload/words/import';
import { systemZone } from '@preload/zoned-time';
import { profileHandle } from '../../domain/accounts';
import { listImportKeys, listPostsLike, listVariantIdsIn } from '../../store/import-keys';
import type { SocialProfileRow } from '../../store/schema';
import { listProfiles } from '../../store/workspace-repository';
import type { AppContext } from '../app-context';
import { CommandError } from '../command-error';
import { nextFreeSlot, readWorkspace, type WorkspaceFacts } from '../planning/add-to-queue';
import { importRows, type ImportRow } from './import-rows';
import { readRowTime, type RowTime } from './import-times';

export interface CheckedRow {
  row: number;
  postRow: number;
  status: ImportRowStatus;
  reason: string | null;
  title: string;
  /** The platform as the workspace's accounts spell it. */
  platform: string;
  text: string;
  account: AccountChoice;
  scheduledAt: string | null;
  queued: boolean;
  /** What recognises the row when it is imported again. */
  key: string;
  /** A post with no variant: the row makes its post and nothing else. */
  postOnly: boolean;
}

/** A row's platform and account, found among the workspace's accounts. */
type Resolved = { platform: string; account: AccountChoice; accountId: string | null };

const fold = (s: string): string => s.normalize('NFKC').trim().replace(/^@/, '').toLowerCase();

function resolveAccount(row: ImportRow, profiles: readonly SocialProfileRow[]): Resolved | string {
  if (row.platform === '') return ROW_PROBLEMS.noPlatform;
  const onPlatform = profiles.filter((p) => samePlatform(p.platform, row.platform));
  const platform = onPlatform[0]?.platform ?? platformKey(row.platform) ?? row.platform;
  const active = onPlatform.filter((p) => p.is_active === 1);
  if (row.account === '') {
    // No accounts read yet (never synced): the service picks the default, as when typing.
    if (profiles.length > 0 && active.length === 0) return ROW_PROBLEMS.noAccount(platform, '');
    return { platform, account: { kind: 'default' }, accountId: active.length === 1 ? active[0]!.id : null };
  }
  const want = fold(row.account);
  const named = (p: SocialProfileRow) =>
    [p.id, p.label ?? '', profileHandle(p.raw) ?? ''].some((name) => name !== '' && fold(name) === want);
  const found = active.find(named);
  if (found === undefined) return ROW_PROBLEMS.noAccount(platform, row.account);
  return { platform, account: { kind: 'profile', profileId: found.id }, accountId: found.id };
}

function importKey(workspace: string, row: ImportRow, title: string, resolved: Resolved): string {
  const account = resolved.account.kind === 'profile' ? resolved.account.profileId : '';
  const platform = platformKey(resolved.platform) ?? resolved.platform.toLowerCase();
  return createHash('sha256')
    .update(JSON.stringify([workspace, title, platform, account, row.text]))
    .digest('hex');
}

/** The columns an import cannot go without. */
function requireColumns(request: ImportRequest): void {
  if (!request.columns.includes('text')) throw new CommandError('invalid_state', FILE_PROBLEMS.noText);
  if (!request.columns.includes('platform'))
    throw new CommandError('invalid_state', FILE_PROBLEMS.noPlatform);
}

interface Draft extends CheckedRow {
  time: RowTime;
  accountId: string | null;
}

export async function checkRows(app: AppContext, request: ImportRequest): Promise<CheckedRow[]> {
  await app.knownWorkspace(request.workspace);
  requireColumns(request);
  const now = app.now();
  const nowMs = Date.parse(now);
  const profiles = await listProfiles(app.db, request.workspace);
  const facts = await readWorkspace(app, request.workspace, now);
  const rows = importRows(request);
  const titleOf = new Map(rows.filter((r) => r.row === r.postRow).map((r) => [r.row, r.title]));
  const rowsOfPost = new Map<number, number>();
  for (const r of rows) rowsOfPost.set(r.postRow, (rowsOfPost.get(r.postRow) ?? 0) + 1);
  const drafts = rows.map((row) => {
    const title = titleOf.get(row.postRow) ?? row.title;
    return rowsOfPost.get(row.postRow) === 1 && isTitleOnly(row, title)
      ? postOnlyDraft(request.workspace, row, title)
      : draftOf(request, row, title, profiles, facts);
  });
  await markDuplicates(app, request.workspace, drafts, rows);
  for (const d of drafts) if (d.status === 'ready') placeAtTime(d, nowMs, facts);
  for (const d of drafts) if (d.status === 'ready') placeInQueue(d, nowMs, facts);
  return drafts.map(({ time: _time, accountId: _id, ...checked }) => checked);
}

/** A title and nothing else: no platform, account, text or time, no cell past the header. */
function isTitleOnly(row: ImportRow, title: string): boolean {
  const rest = [row.platform, row.account, row.text, row.time.trim(), ...row.beyond];
  return title !== '' && rest.every((cell) => cell === '');
}

/** A post with no variant: a draft's idea, made as it is (it syncs as a post of its own). */
function postOnlyDraft(workspace: string, row: ImportRow, title: string): Draft {
  return {
    row: row.row,
    postRow: row.postRow,
    status: 'ready',
    reason: null,
    title,
    platform: '',
    text: '',
    account: { kind: 'default' },
    scheduledAt: null,
    queued: false,
    key: createHash('sha256')
      .update(JSON.stringify([workspace, title]))
      .digest('hex'),
    postOnly: true,
    time: { kind: 'empty' },
    accountId: null,
  };
}

function draftOf(
  request: ImportRequest,
  row: ImportRow,
  title: string,
  profiles: readonly SocialProfileRow[],
  facts: WorkspaceFacts,
): Draft {
  const resolved = resolveAccount(row, profiles);
  const base = {
    row: row.row,
    postRow: row.postRow,
    title,
    text: row.text,
    scheduledAt: null,
    queued: false,
  };
  if (typeof resolved === 'string')
    return {
      ...base,
      status: 'invalid',
      reason: resolved,
      platform: row.platform,
      account: { kind: 'default' },
      accountId: null,
      key: '',
      postOnly: false,
      time: { kind: 'empty' },
    };
  const zone =
    request.zone ??
    (resolved.accountId && facts.schedules.get(resolved.accountId)?.zone) ??
    request.viewerZone ??
    systemZone();
  const time = readRowTime(row.time, zone);
  const over = overLimitCount(resolved.platform, row.text);
  // The title is its post's (the post's first row): a post created untitled never leaves.
  const reason =
    row.beyond.length > 0
      ? ROW_PROBLEMS.beyondHeader(row.beyond)
      : title.trim() === ''
        ? row.row === row.postRow
          ? ROW_PROBLEMS.noTitle
          : ROW_PROBLEMS.postHasNoTitle(row.postRow)
        : row.text.trim() === ''
          ? ROW_PROBLEMS.noText
          : over !== null
            ? ROW_PROBLEMS.overLimit(over.used, over.limit, resolved.platform)
            : time.kind === 'problem'
              ? time.reason
              : null;
  return {
    ...base,
    ...resolved,
    status: reason === null ? 'ready' : 'invalid',
    reason,
    key: importKey(request.workspace, row, title, resolved),
    postOnly: false,
    time,
  };
}

/** Made before, by an import or as the variant an export's row names; or earlier in this table. */
async function markDuplicates(
  app: AppContext,
  workspace: string,
  drafts: Draft[],
  rows: readonly ImportRow[],
): Promise<void> {
  const keyed = drafts.filter((d) => d.key !== '');
  const imported = await listImportKeys(
    app.db,
    keyed.map((d) => d.key),
  );
  const here = await listVariantIdsIn(
    app.db,
    workspace,
    rows.flatMap((r) => (r.id === '' ? [] : [r.id])),
  );
  // A post with no variant has no key kept: the post its export's row names, or one of that
  // title with no variant either, is it.
  const postOnly = drafts.flatMap((d, i) =>
    d.postOnly ? [{ title: d.title, post: rows[i]?.post ?? '' }] : [],
  );
  const like = await listPostsLike(
    app.db,
    workspace,
    postOnly.flatMap((p) => (p.post === '' ? [] : [p.post])),
    postOnly.map((p) => p.title),
  );
  const first = new Map<string, number>();
  drafts.forEach((d, i) => {
    if (d.key === '') return;
    const id = rows[i]?.id ?? '';
    const earlier = first.get(d.key);
    const postHere = d.postOnly && (like.ids.has(rows[i]?.post ?? '') || like.titles.has(d.title));
    const reason =
      here.has(id) || postHere
        ? ROW_PROBLEMS.alreadyHere
        : imported.has(d.key)
          ? ROW_PROBLEMS.importedBefore
          : earlier !== undefined
            ? ROW_PROBLEMS.sameAsRow(earlier)
            : null;
    if (earlier === undefined) first.set(d.key, d.row);
    if (reason !== null) Object.assign(d, { status: 'duplicate', reason });
  });
}

/** A time of its own: still to come, and taken from the account's free slots. */
function placeAtTime(d: Draft, nowMs: number, facts: WorkspaceFacts): void {
  if (d.time.kind !== 'instant') return;
  if (d.time.at <= nowMs) {
    Object.assign(d, { status: 'invalid', reason: ROW_PROBLEMS.past });
    return;
  }
  d.scheduledAt = new Date(d.time.at).toISOString();
  if (d.accountId === null) return;
  const taken = facts.taken.get(d.accountId) ?? new Set<number>();
  taken.add(d.time.at);
  facts.taken.set(d.accountId, taken);
}

/** `queue`, or no time where the account has posting times: its next free slot. */
function placeInQueue(d: Draft, nowMs: number, facts: WorkspaceFacts): void {
  if (d.time.kind !== 'queue' && d.time.kind !== 'empty') return;
  const at = d.accountId === null ? null : nextFreeSlot(facts, d.accountId, nowMs);
  if (at === null) {
    const reason =
      d.accountId === null
        ? ROW_PROBLEMS.queueNeedsAccount(d.platform)
        : ROW_PROBLEMS.noPostingTimes(d.platform);
    if (d.time.kind === 'queue') Object.assign(d, { status: 'invalid', reason });
    return;
  }
  facts.taken.get(d.accountId as string)?.add(at);
  d.scheduledAt = new Date(at).toISOString();
  d.queued = true;
}
