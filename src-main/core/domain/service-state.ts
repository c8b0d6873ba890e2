// What a service variant means. Only two status strings are named by the spec (`draft`,
// `needs_approval`); published is recognised by its link (or the literal word), scheduled by
// its time. Everything else is shown as it came. Pure functions over plain facts.
import type { NotificationKind, ServiceState } from '@preload/bridge';
import { OUTBOX_REASONS } from '@preload/words/outbox';
import { codeToWords } from '@preload/words/plain';
import { STATE_TEXT } from '@preload/words/states';

export const NEEDS_APPROVAL = 'needs_approval';

export interface ServiceFacts {
  status: string | null;
  platform_post_url: string | null;
  scheduled_at: string | null;
}

export function isPublished(v: Pick<ServiceFacts, 'status' | 'platform_post_url'>): boolean {
  return (v.platform_post_url !== null && v.platform_post_url !== '') || v.status === 'published';
}

export function serviceState(v: ServiceFacts): ServiceState {
  if (isPublished(v)) return 'published';
  if (v.status === NEEDS_APPROVAL) return 'needs_approval';
  if (v.scheduled_at !== null) return 'scheduled';
  if (v.status === null || v.status === 'draft') return 'draft';
  return 'unknown_status';
}

/** A publish whose outcome is unknown, read back: recorded, or the user asked. Never published again here. */
export type PublishReadBack =
  | { action: 'record'; state: 'published' | 'needs_approval'; reason: string }
  | { action: 'ask_user'; reason: string };

export function decidePublishReadBack(v: ServiceFacts | null): PublishReadBack {
  if (v === null) return { action: 'ask_user', reason: OUTBOX_REASONS.publishUnread };
  const s = serviceState(v);
  // "Scheduled" is what a scheduled variant showed before "Publish now" too: it proves nothing
  // about the request, and recording it would drop the user's publish without a word.
  if (s === 'published' || s === 'needs_approval')
    return { action: 'record', state: s, reason: OUTBOX_REASONS.publishSeen(STATE_TEXT[s].toLowerCase()) };
  return {
    action: 'ask_user',
    reason: OUTBOX_REASONS.publishNotSeen(v.status === null ? null : codeToWords(v.status).toLowerCase()),
  };
}

/** What to tell the user when a variant's service state moves. */
export function transitionNotice(before: ServiceFacts | null, after: ServiceFacts): NotificationKind | null {
  const from = before === null ? null : serviceState(before);
  const to = serviceState(after);
  if (from === to) return null;
  if (to === 'published') return from === 'needs_approval' ? 'approval_released' : 'published';
  if (to === 'needs_approval') return 'approval_started';
  return null;
}
