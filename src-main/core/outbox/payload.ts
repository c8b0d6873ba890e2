// What an op carries in its JSON columns, read and written only here: `payload` (what to send
// and what was sent) and `facts` (what the user is asked while the op waits for them).
import type { PublishUnknownFacts } from '@preload/bridge';
import { readJsonObject } from '../store/json';
import type { OutboxOpRow } from '../store/schema';
import type { Candidate } from './op-events';

export type VariantField = 'content' | 'account';

/** The fields one change request carried, as sent. */
export interface SentPatch {
  content?: string;
  scheduled_at?: string | null;
  social_profile_id?: string | null;
}

export interface OutboxPayload {
  fields?: VariantField[];
  /**
   * What this op's requests carried while no answer confirmed them (the last few): the service
   * may hold one already, and a pull must recognise it as ours rather than as someone's edit.
   */
  unconfirmed?: SentPatch[];
  /** What the last create request carried, to recognise what it made after an unknown outcome. */
  sent?: { title?: string; platform?: string; content?: string };
  /** The last request was answered, but not about the change sent (answer-check.ts). */
  answerMismatch?: boolean;
  /** How many times the service answered this change without keeping it (op-machine.ts NOT_KEPT_LIMIT). */
  notKept?: number;
  /** A create: how many of its requests ended with an unknown outcome (after two it asks the user). */
  unknownSends?: number;
  /** A create: the records its unclear answers named, no local item being linked to them (newest last). */
  answeredIds?: string[];
  /**
   * Brought back from an older moment (an export, or a copy after a damaged file): the record it
   * made, if it went out from elsewhere, may already be here as the pull's copy (pulled-copies.ts).
   */
  broughtBack?: true;
  /** The payload kept could not be read (a damaged row): what it said is worked out again. */
  unreadable?: true;
}

/** Keys to set in an op's payload as a settlement records it; null removes a key (a JSON merge patch). */
export type PayloadPatch = { [K in keyof OutboxPayload]?: OutboxPayload[K] | null };

/** What an op waiting for the user asks, with the facts behind the question. */
export interface OpQuestion {
  publishUnknown?: PublishUnknownFacts;
  candidates?: Candidate[];
  question?: string;
  /** The facts kept could not be read (a damaged row). */
  unreadable?: true;
}

/** How many unanswered requests of one op are remembered. */
const UNCONFIRMED_KEPT = 5;

export function withUnconfirmed(payload: OutboxPayload, patch: SentPatch): OutboxPayload {
  return { ...payload, unconfirmed: [...(payload.unconfirmed ?? []), patch].slice(-UNCONFIRMED_KEPT) };
}

/**
 * An op's payload. One that cannot be read (a damaged row) is taken as brought back from a
 * moment not known (`broughtBack`: a create read back looks among the pull's copies for what it
 * may have made); a change works out its fields again (runners/patch-variant.ts).
 */
export function parsePayload(op: Pick<OutboxOpRow, 'payload'>): OutboxPayload {
  return readJsonObject(op.payload) ?? { broughtBack: true, unreadable: true };
}

/**
 * What an op waiting for the user asks. Facts that cannot be read (a damaged row) ask with
 * nothing to show (`unreadable`): the question still stands, with no candidate offered.
 */
export function parseQuestion(op: Pick<OutboxOpRow, 'facts'>): OpQuestion | null {
  return op.facts === null ? null : (readJsonObject(op.facts) ?? { unreadable: true });
}
