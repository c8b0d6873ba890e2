// outpost conflicts, outpost resolve: items changed both here and on the service, and settling
// them. Which items are in conflict is the core's answer (posts.conflicts), not decided here.
import { call, defineCommand, exactlyOne, flag, optional, type CliCommand } from '../command';
import { cell, table, variantLine } from '../format';

export const conflictCommands: CliCommand[] = [
  defineCommand({
    name: 'conflicts',
    help: ['Items changed both here and on the service.'],
    async run({ core }) {
      const found = (await call(core, 'posts.conflicts', undefined)).map((post) => ({
        post,
        variants: post.variants.filter((v) => v.conflicts.length > 0),
      }));
      const lines: string[] = [];
      for (const { post, variants } of found) {
        for (const c of post.conflicts) {
          lines.push(`post ${post.id}\t${c.field}\tmine: ${cell(c.mine)}\ttheirs: ${cell(c.theirs)}`);
        }
        for (const v of variants) {
          for (const c of v.conflicts) {
            lines.push(`variant ${v.id}\t${c.field}\tmine: ${cell(c.mine)}\ttheirs: ${cell(c.theirs)}`);
          }
        }
      }
      return {
        json: found.map(({ post, variants }) => ({
          postId: post.id,
          serverId: post.serverId,
          title: post.title,
          conflicts: post.conflicts,
          variants: variants.map((v) => ({ id: v.id, serverId: v.serverId, conflicts: v.conflicts })),
        })),
        text: lines.length > 0 ? lines.join('\n') : 'No conflicts.',
      };
    },
  }),
  defineCommand({
    name: 'resolve',
    options: [
      exactlyOne(optional('variant', 'ID'), optional('post', 'ID')),
      exactlyOne(flag('mine'), flag('theirs')),
    ],
    help: ["Settle a conflict: a variant's fields, or a post's title."],
    async run({ core, values }) {
      const choice = values.mine ? 'mine' : 'theirs';
      if (values.post !== undefined) {
        const post = await call(core, 'posts.resolveConflict', { id: values.post, choice });
        return { json: post, text: table([[post.id, post.stateText, cell(post.title)]]) };
      }
      const variant = await call(core, 'variants.resolveConflict', { id: values.variant ?? '', choice });
      return { json: variant, text: variantLine(variant) };
    },
  }),
];
