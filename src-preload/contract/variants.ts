// One variant's edits, its time, its publish, and the user's choices on its conflicts and on a
// publish of unknown outcome.
import type { AccountChoice, LocalId, VariantView } from './items';

/** variants.*: one variant at a time. */
export interface VariantCommands {
  'variants.create': {
    payload: { postId: LocalId; platform: string; content: string; account: AccountChoice };
    result: VariantView;
  };
  /**
   * One text for several platforms at once: a variant per target, each starting from `content`
   * and edited on its own afterwards, made in one local change (one create each in the outbox).
   * Answered in the order of `targets`.
   */
  'variants.createMany': {
    payload: {
      postId: LocalId;
      content: string;
      targets: Array<{ platform: string; account: AccountChoice }>;
    };
    result: VariantView[];
  };
  'variants.update': {
    payload: { id: LocalId; content?: string; account?: AccountChoice };
    result: VariantView;
  };
  /**
   * `at` is an ISO 8601 timestamp; the core sends it in UTC with a `Z`. A time already past is
   * refused unless `sendNowIfPast` says the user chose "send now instead": then it publishes.
   */
  'variants.schedule': { payload: { id: LocalId; at: string; sendNowIfPast?: boolean }; result: VariantView };
  'variants.unschedule': { payload: { id: LocalId }; result: VariantView };
  /** Only ever called after the user confirmed. */
  'variants.publish': { payload: { id: LocalId }; result: VariantView };
  'variants.resolveConflict': {
    payload:
      | { id: LocalId; choice: 'mine' | 'theirs' }
      | {
          id: LocalId;
          choice: 'edit';
          content?: string;
          scheduledAt?: string | null;
          account?: AccountChoice;
        };
    result: VariantView;
  };
  /**
   * The user's decision on a publish of unknown outcome: `publish_again` sends one new
   * publish request; `keep_unpublished` drops the request and leaves the variant as it is.
   */
  'variants.resolvePublishUnknown': {
    payload: { id: LocalId; choice: 'publish_again' | 'keep_unpublished' };
    result: VariantView;
  };
}

/** The names of these commands (a host checks a name against every feature\'s). */
export const VARIANT_COMMANDS: Record<keyof VariantCommands, true> = {
  'variants.create': true,
  'variants.createMany': true,
  'variants.update': true,
  'variants.schedule': true,
  'variants.unschedule': true,
  'variants.publish': true,
  'variants.resolveConflict': true,
  'variants.resolvePublishUnknown': true,
};
