// outpost workspaces, profiles, move: the spaces drafts live in and the accounts they post to.
import { platformField } from '../output';
import { call, defineCommand, optional, required, type CliCommand } from '../command';
import { table } from '../format';

export const workspaceCommands: CliCommand[] = [
  defineCommand({
    name: 'workspaces',
    help: ['The workspaces you can use.'],
    async run({ core }) {
      const list = await call(core, 'workspaces.list', undefined);
      return {
        json: list,
        text: table(list.map((w) => [w.slug ?? 'local', w.name, `${w.postCount} posts`])),
      };
    },
  }),
  defineCommand({
    name: 'profiles',
    options: [required('workspace', 'SLUG')],
    help: ["The workspace's posting accounts."],
    async run({ core, values }) {
      const list = await call(core, 'profiles.list', { workspace: values.workspace });
      return {
        json: list,
        text: table(
          list.map((p) => [
            p.id,
            platformField(p.platform),
            p.isActive ? 'active' : 'inactive',
            p.label ?? '',
          ]),
        ),
      };
    },
  }),
  defineCommand({
    name: 'move',
    options: [required('workspace', 'SLUG'), optional('post', 'ID')],
    help: ['Assign local drafts (all of them, or one post) to a workspace.'],
    async run({ core, values }) {
      const moved = await call(core, 'workspaces.moveLocalDrafts', {
        slug: values.workspace,
        ...(values.post === undefined ? {} : { postIds: [values.post] }),
      });
      return { json: moved, text: `Moved ${moved.moved} draft(s) to ${values.workspace}.` };
    },
  }),
];
