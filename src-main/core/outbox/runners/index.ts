// The runner of each op kind.
import type { OpKind } from '../../store/schema';
import { createPostRunner } from './create-post';
import { createVariantRunner } from './create-variant';
import { patchVariantRunner } from './patch-variant';
import { publishRunner } from './publish';
import type { OpRunner } from './runner';

export const RUNNERS: { [K in OpKind]: OpRunner<never> } = {
  create_post: createPostRunner as OpRunner<never>,
  create_variant: createVariantRunner as OpRunner<never>,
  update_variant: patchVariantRunner as OpRunner<never>,
  schedule: patchVariantRunner as OpRunner<never>,
  unschedule: patchVariantRunner as OpRunner<never>,
  publish: publishRunner as OpRunner<never>,
};
