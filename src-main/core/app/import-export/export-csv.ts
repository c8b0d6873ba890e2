// Export what the list shows: its posts as filtered and sorted (or the chosen ones), one row per
// variant, with the columns an import reads (so Outpost's own import reads the file back: the
// `post` column keeps each post's variants together, `id` recognises a variant still here) and
// the state, link and id beside them. Cells go through the CSV writer that keeps spreadsheets
// from running one as a formula.
import type { CommandPayload, ExportRequest, ExportedCsv, PostSummary } from '@preload/bridge';
import { EXPORT_EXTRA_FIELDS, IMPORT_FIELDS } from '@preload/spreadsheet/columns';
import { writeCsv } from '@preload/spreadsheet/csv';
import { platformName } from '@preload/platforms';
import { groupBy } from '../../collections';
import { profileHandle } from '../../domain/accounts';
import type { SocialProfileRow, VariantRow } from '../../store/schema';
import { listVariantsOfPosts } from '../../store/variant-repository';
import { listProfiles } from '../../store/workspace-repository';
import type { AppContext } from '../app-context';
import { postList } from '../find/post-list';

export const EXPORT_HEADER = [...IMPORT_FIELDS, ...EXPORT_EXTRA_FIELDS];

/** How an account is written: its handle, else its name, else its id; nothing for the default. */
function accountCell(v: VariantRow, profiles: ReadonlyMap<string, SocialProfileRow>): string {
  if (v.account_mode !== 'profile' || v.social_profile_id === null) return '';
  const p = profiles.get(v.social_profile_id);
  if (p === undefined) return v.social_profile_id;
  return profileHandle(p.raw)?.replace(/^@/, '') ?? p.label ?? p.id;
}

export async function exportCsv(app: AppContext, request: ExportRequest): Promise<ExportedCsv> {
  // A misspelt slug is not an empty plan.
  if (request.workspace !== null) await app.knownWorkspace(request.workspace);
  const payload: CommandPayload<'posts.list'> = { workspace: request.workspace, ...request.list };
  let posts: PostSummary[] = await postList(app, payload);
  if (request.ids !== undefined) {
    const chosen = new Set(request.ids);
    posts = posts.filter((p) => chosen.has(p.id) || p.variants.some((v) => chosen.has(v.id)));
  }
  const variants = groupBy(
    await listVariantsOfPosts(
      app.db,
      posts.map((p) => p.id),
    ),
    (v) => v.post_id,
  );
  const profiles = new Map(
    request.workspace === null
      ? []
      : (await listProfiles(app.db, request.workspace)).map((p) => [p.id, p] as const),
  );
  const rows: string[][] = [];
  for (const post of posts) {
    const states = new Map(post.variants.map((c) => [c.id, c.stateText]));
    const own = variants.get(post.id) ?? [];
    if (own.length === 0) rows.push([post.title, '', '', '', '', post.id, post.stateText, '', '']);
    for (const v of own)
      rows.push([
        post.title,
        platformName(v.platform),
        accountCell(v, profiles),
        v.content,
        v.scheduled_at ?? '',
        post.id,
        states.get(v.id) ?? post.stateText,
        v.platform_post_url ?? '',
        v.id,
      ]);
  }
  return { csv: writeCsv(EXPORT_HEADER, rows), rows: rows.length };
}
