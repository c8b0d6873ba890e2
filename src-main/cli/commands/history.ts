// outpost history, outpost restore: the kept versions of a variant's text (or a post's title),
// and putting one back. `version` is the number history lists: counted per text from 1, newest
// highest, never reused; a restore is a new edit through the outbox, as typing is.
import type { TextSubject } from '@preload/bridge';
import {
  call,
  defineCommand,
  exactlyOne,
  optional,
  required,
  wholeNumber,
  type CliCommand,
} from '../command';
import { cell, table, variantLine } from '../format';

const whose = exactlyOne(optional('variant', 'ID'), optional('post', 'ID'));

/** `--variant ID` (its text) or `--post ID` (its title); the parser lets exactly one through. */
function subjectOf(values: { variant?: string; post?: string }): TextSubject {
  return values.variant !== undefined ? { variantId: values.variant } : { postId: values.post ?? '' };
}

export const historyCommands: CliCommand[] = [
  defineCommand({
    name: 'history',
    options: [whose],
    help: [
      "The kept versions of a variant's text (or, with --post, of a post's title),",
      'newest first: its number, when, where it came from, and the text.',
    ],
    async run({ core, values }) {
      const versions = await call(core, 'history.list', subjectOf(values));
      return {
        json: versions,
        text:
          versions.length === 0
            ? 'No versions kept yet.'
            : table(versions.map((v) => [String(v.version), v.at, v.originText, cell(v.content)])),
      };
    },
  }),
  defineCommand({
    name: 'restore',
    options: [whose, required('version', 'N', { check: wholeNumber() })],
    help: [
      'Put a version back as a new edit (sent by the next sync); the text it',
      'replaces is kept as a version too.',
    ],
    async run({ core, values }) {
      const subject = subjectOf(values);
      const post = await call(core, 'history.restore', { ...subject, version: Number(values.version) });
      const variant =
        'variantId' in subject ? post.variants.find((v) => v.id === subject.variantId) : undefined;
      return {
        json: post,
        text: variant ? variantLine(variant) : table([[post.id, post.stateText, cell(post.title)]]),
      };
    },
  }),
];
