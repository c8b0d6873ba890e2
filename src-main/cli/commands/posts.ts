// outpost posts, variants, draft, variant, edit, schedule, publish, duplicate: drafting, offline
// or not. None of these touches the network but publish, which waits for its own send.
import type { AccountChoice, PostSummary } from '@preload/bridge';
import { guardLength } from '@preload/send-guards';
import { ISO_TIME_RULE, isRealTime } from '../../core/app/schemas';
import type { AppCore } from '../../core/ports';
import {
  atMostOne,
  call,
  CommandFailed,
  defineCommand,
  exactlyOne,
  flag,
  optional,
  required,
  type CliCommand,
} from '../command';
import { cell, table, variantLine, variantRow } from '../format';
import { publishAndReport } from '../publish-outcome';

/** `--workspace local` names the local space (drafts not yet assigned to a workspace). */
const space = (workspace: string): string | null => (workspace === 'local' ? null : workspace);

/** Every space a post can live in: the local space and each known workspace. */
async function allPosts(core: AppCore): Promise<PostSummary[]> {
  const spaces = await call(core, 'workspaces.list', undefined);
  const slugs = new Set<string | null>([null, ...spaces.map((s) => s.slug)]);
  const posts: PostSummary[] = [];
  for (const slug of slugs) posts.push(...(await call(core, 'posts.list', { workspace: slug })));
  return posts;
}

export const postCommands: CliCommand[] = [
  defineCommand({
    name: 'posts',
    options: [optional('workspace', 'SLUG')],
    help: ['Posts (all spaces when no workspace is given; "local" = not yet assigned).'],
    async run({ core, values }) {
      const list =
        values.workspace === undefined
          ? await allPosts(core)
          : await call(core, 'posts.list', { workspace: space(values.workspace) });
      return {
        json: list,
        text: table(
          list.map((p) => [
            p.id,
            p.workspace ?? 'local',
            p.stateText,
            p.platforms.join(',') || '-',
            cell(p.title),
          ]),
        ),
      };
    },
  }),
  defineCommand({
    name: 'variants',
    options: [required('post', 'ID')],
    help: ["A post's variants."],
    async run({ core, values }) {
      const post = await call(core, 'posts.get', { id: values.post });
      return { json: post.variants, text: table(post.variants.map(variantRow)) };
    },
  }),
  defineCommand({
    name: 'draft',
    options: [required('title', 'T'), optional('workspace', 'SLUG')],
    help: [
      'Create a post; prints its local id. Without --workspace it goes to the',
      'current workspace, or the local space when there is none.',
    ],
    async run({ core, values }) {
      const workspace =
        values.workspace !== undefined
          ? space(values.workspace)
          : (await call(core, 'settings.get', undefined)).currentWorkspace;
      const post = await call(core, 'posts.create', { workspace, title: values.title });
      return { json: post, text: post.id };
    },
  }),
  defineCommand({
    name: 'variant',
    options: [
      required('post', 'ID'),
      required('platform', 'P'),
      required('content', 'C', { emptyAllowed: true }),
      atMostOne(optional('profile', 'ID'), flag('no-profile')),
    ],
    help: ["Add a variant; prints its local id. No flag: the platform's default account."],
    async run({ core, values }) {
      const account: AccountChoice =
        values.profile !== undefined
          ? { kind: 'profile', profileId: values.profile }
          : values['no-profile']
            ? { kind: 'none' }
            : { kind: 'default' };
      const variant = await call(core, 'variants.create', {
        postId: values.post,
        platform: values.platform,
        content: values.content,
        account,
      });
      return { json: variant, text: variant.id };
    },
  }),
  defineCommand({
    name: 'edit',
    options: [required('variant', 'ID'), required('content', 'C', { emptyAllowed: true })],
    async run({ core, values }) {
      const variant = await call(core, 'variants.update', { id: values.variant, content: values.content });
      // Saved as given; a scheduled text past its limit keeps its time, which would then fail.
      const length = guardLength(variant.platform, variant.content, true);
      const overLimit = variant.scheduledAt !== null && !length.ok ? [length.message] : [];
      return { json: variant, text: variantLine(variant), problems: overLimit };
    },
  }),
  defineCommand({
    name: 'schedule',
    options: [
      required('variant', 'ID'),
      // Said as the option it is, not as the core's field of its command.
      exactlyOne(
        optional('at', 'ISO-8601', {
          check: (value) => (isRealTime(value) ? null : `--at ${ISO_TIME_RULE}.`),
        }),
        flag('clear'),
      ),
    ],
    async run({ core, values }) {
      const variant =
        values.at === undefined
          ? await call(core, 'variants.unschedule', { id: values.variant })
          : await call(core, 'variants.schedule', { id: values.variant, at: values.at });
      return { json: variant, text: variantLine(variant) };
    },
  }),
  defineCommand({
    name: 'publish',
    options: [required('variant', 'ID')],
    help: [
      'Publish now, and wait (up to 30 s) for the send: prints the variant as it',
      'ended (published, waiting for sign-off, or still queued and why, e.g.',
      'offline: exit 0). Exits 1 when the service refused it, or when it may or',
      "may not have gone out (decide with 'outpost outbox').",
    ],
    run: ({ core, values }) => publishAndReport(core, values.variant),
  }),
  defineCommand({
    name: 'duplicate',
    options: [required('post', 'ID')],
    help: [
      'Copy a post: its title with " (copy)", every variant\'s text, platform and',
      "account, no time; prints the new post's local id. It syncs as a new post.",
    ],
    async run({ core, values }) {
      const { created, refused } = await call(core, 'posts.duplicate', { ids: [values.post] });
      const [copy] = created;
      if (copy === undefined)
        throw new CommandFailed('not_found', refused[0]?.reason ?? 'Nothing was copied.');
      const post = await call(core, 'posts.get', { id: copy.id });
      return { json: post, text: post.id };
    },
  }),
];
