// posts.checkImport, posts.import and posts.export: a table of posts checked row by row and made
// as one step (row-checks.ts, make-posts.ts), and the list written as CSV (export-csv.ts).
import { z } from 'zod';
import { checkSummary } from '@preload/words/import';
import { ITEM_STATES, POST_SORTS } from '@preload/bridge';
import { MAX_IMPORT_ROWS } from '@preload/words/import';
import { isTimeZone } from '@preload/zoned-time';
import type { Commands } from '../command';
import { id, ids, isoTime, noInvisible, platform, slug, text } from '../schemas';
import { exportCsv } from './export-csv';
import { importPosts } from './make-posts';
import { checkRows } from './row-checks';

const FIELDS = ['title', 'platform', 'account', 'text', 'time', 'post', 'state', 'link', 'id'] as const;

const timeZone = z
  .string()
  .max(100)
  .refine(isTimeZone, { message: 'must be a time zone such as Europe/Paris' });

const importRequest = z.strictObject({
  workspace: slug,
  table: z.strictObject({
    header: z.array(text(1000)).max(200),
    rows: z
      .array(z.strictObject({ row: z.int().min(1), cells: z.array(text(100_000)).max(200) }))
      .min(1)
      .max(MAX_IMPORT_ROWS),
  }),
  columns: z.array(z.enum(FIELDS).nullable()).max(200),
  zone: timeZone.optional(),
  viewerZone: timeZone.optional(),
});

const exportRequest = z.strictObject({
  workspace: slug.nullable(),
  ids: ids.optional(),
  list: z
    .strictObject({
      query: text(500).optional(),
      filter: z.union([z.literal('all'), z.enum(ITEM_STATES)]).optional(),
      platform: platform.optional(),
      account: id.superRefine(noInvisible).optional(),
      outAt: z.strictObject({ from: isoTime.optional(), to: isoTime.optional() }).optional(),
      sort: z.enum(POST_SORTS).optional(),
      hidden: z.boolean().optional(),
    })
    .optional(),
});

export const importCommands: Commands<'posts.checkImport' | 'posts.import' | 'posts.export'> = {
  'posts.checkImport': {
    payload: importRequest,
    quotesService: false,
    undoable: false,
    run: async (app, p) => {
      const rows = (await checkRows(app, p)).map(({ row, status, reason, scheduledAt, queued, postRow }) => ({
        row,
        status,
        reason,
        scheduledAt,
        queued,
        postRow,
      }));
      const ready = rows.filter((r) => r.status === 'ready');
      const posts = new Set(ready.map((r) => r.postRow)).size;
      return {
        rows,
        ready: ready.length,
        posts,
        summary: checkSummary(ready.length, posts, rows.length - ready.length),
      };
    },
  },
  'posts.import': {
    payload: importRequest,
    quotesService: false,
    undoable: true,
    run: importPosts,
  },
  'posts.export': {
    payload: exportRequest,
    quotesService: false,
    undoable: false,
    run: exportCsv,
  },
};
