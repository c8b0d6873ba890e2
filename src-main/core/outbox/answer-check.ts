// Whether a write's 2xx answer is about what was asked, checked before anything of it is
// recorded. A proxy or cache can hand back another record's answer, and a service can answer a
// change it did not keep: such an answer is not a clean one, so the outcome is unknown and the
// item is read back (outcome.ts). Only the fields sent are compared: this runs on every answer.
// A text kept in a known other form (text-forms.ts) is about what was sent: it is said, not sent again.
import { ANSWER_WORDS } from '@preload/words/outbox';
import type { ServicePost, ServiceVariant } from '../api/client';
import { sameInstant } from '../domain/merge';
import { NOT_KEPT_LIMIT } from './op-machine';
import type { SentPatch } from './payload';
import { sameText, storedForm } from './text-forms';

export { sameText };

/** Why an answer is not a clean one: about another record, or without what was sent. */
export type MismatchKind = 'other_record' | 'lacks';

/** A 2xx answer that is not about the request sent; its message says why, in plain words. */
export class AnswerMismatch extends Error {
  override readonly name = 'AnswerMismatch';
  constructor(
    message: string,
    readonly kind: MismatchKind,
    /** A create's answer named this record, which no local item is linked to. */
    readonly answeredId: string | null = null,
  ) {
    super(message);
  }
}

/** The service kept a text in another form than the one sent: both, to show the user. */
export interface StoredAs {
  sent: string;
  stored: string;
}

/** The stored form of a text sent, when it differs by a known form other than tidying. */
export function storedFormOf(sent: string, stored: string): StoredAs | null {
  return storedForm(stored, sent) === 'escaped' ? { sent, stored } : null;
}

export type ChangeField = keyof SentPatch;

/** The words a change gets once the service answered it `times` times without keeping it. */
export function notKeptReason(fields: readonly ChangeField[], times: number): string {
  return ANSWER_WORDS.notKept(fields, times, NOT_KEPT_LIMIT);
}

/** Whether two values of a field say the same (times as instants, text up to its known forms). */
export function sameValue(field: ChangeField, a: string | null, b: string | null): boolean {
  if (field === 'scheduled_at') return sameInstant(a, b);
  if (field === 'content' && a !== null && b !== null) return sameText(a, b);
  return a === b;
}

/** The fields of a change that the variant (as the service shows it, or a base) does not hold. */
export function fieldsNotHeld(
  sv: Pick<ServiceVariant, 'content' | 'scheduled_at' | 'social_profile_id'>,
  patch: SentPatch,
): ChangeField[] {
  const missing: ChangeField[] = [];
  if (patch.content !== undefined && !sameText(sv.content, patch.content)) missing.push('content');
  if (patch.scheduled_at !== undefined && !sameInstant(sv.scheduled_at, patch.scheduled_at))
    missing.push('scheduled_at');
  if (patch.social_profile_id !== undefined && sv.social_profile_id !== patch.social_profile_id)
    missing.push('social_profile_id');
  return missing;
}

function otherRecord(kind: 'post' | 'variant', addressed: string, answered: string): AnswerMismatch {
  return new AnswerMismatch(ANSWER_WORDS.otherRecord(kind, addressed, answered), 'other_record');
}

/** An answer naming a record another local item is linked to (for a create: any local item). */
export function linkedElsewhere(kind: 'post' | 'variant', answered: string): AnswerMismatch {
  return new AnswerMismatch(ANSWER_WORDS.linkedElsewhere(kind, answered), 'other_record');
}

/** A change (PATCH): the variant addressed, holding every value sent (its text maybe in another form). */
export function checkChangeAnswer(addressed: string, patch: SentPatch, sv: ServiceVariant): StoredAs | null {
  if (sv.id !== addressed) throw otherRecord('variant', addressed, sv.id);
  const missing = fieldsNotHeld(sv, patch);
  if (missing.length > 0) throw new AnswerMismatch(ANSWER_WORDS.lacks(missing), 'lacks');
  return patch.content === undefined ? null : storedFormOf(patch.content, sv.content);
}

/** A publish: the variant addressed (what it says of the publication is read as it comes). */
export function checkPublishAnswer(addressed: string, sv: ServiceVariant): void {
  if (sv.id !== addressed) throw otherRecord('variant', addressed, sv.id);
}

/** A created post: the title sent is there (maybe in another form, then returned to be said). */
export function checkCreatedPost(sent: { title: string }, sp: ServicePost): StoredAs | null {
  if (!sameText(sp.title, sent.title))
    throw new AnswerMismatch(ANSWER_WORDS.newPostTitle(sp.id), 'other_record', sp.id);
  return storedFormOf(sent.title, sp.title);
}

/** A created variant: the platform and content sent are there, and the account when one was sent. */
export function checkCreatedVariant(
  sent: { platform: string; content: string; social_profile_id?: string | null },
  sv: ServiceVariant,
): StoredAs | null {
  const fields = [
    sv.platform !== sent.platform ? 'platform' : null,
    sameText(sv.content, sent.content) ? null : 'content',
    sent.social_profile_id !== undefined && sv.social_profile_id !== sent.social_profile_id
      ? 'account'
      : null,
  ].filter((f) => f !== null);
  if (fields.length > 0)
    throw new AnswerMismatch(ANSWER_WORDS.newVariantFields(sv.id, fields), 'other_record', sv.id);
  return storedFormOf(sent.content, sv.content);
}

/**
 * The service record an item is linked to once an answer is recorded: an answer never moves a
 * link (a linked item keeps its record); a create's sets it, once.
 */
export function keptLink(kind: 'post' | 'variant', linked: string | null, answered: string): string {
  if (linked !== null && linked !== answered) throw otherRecord(kind, linked, answered);
  return answered;
}
