// The words of the composer: one text for several platforms, and a whole post scheduled or
// queued at once, with each variant that did not go and why.
import type { BulkReport, ProfileView } from '../bridge';
import { platformName } from '../platforms';

/** "X · Acme": a checkbox's name for an account a variant can be made for. */
export function accountChoiceLabel(profile: ProfileView): string {
  const name = profile.label ?? (profile.handle ? `@${profile.handle}` : `account ${profile.id}`);
  return `${platformName(profile.platform)} · ${name}`;
}

export const COMPOSER = {
  textNote: 'Each new variant starts from this text; change each one on its own afterwards.',
  accountsLegend: 'Accounts',
  noAccounts: 'This post is not in a workspace yet, so there are no accounts to choose from.',
  hasVariant: 'has a variant',
} as const;

export type WholePostAction = 'schedule' | 'queue';

/** "Scheduled 2 of 3 variants." or "Added 3 of 3 variants to the queue." */
export function wholePostSummary(action: WholePostAction, report: BulkReport): string {
  const total = report.done + report.refused.length;
  const of = `${report.done} of ${total} ${total === 1 ? 'variant' : 'variants'}`;
  return action === 'schedule' ? `Scheduled ${of}.` : `Added ${of} to the queue.`;
}

/** Each variant that did not go, named by its platform, with the reason. */
export function wholePostRefusals(
  report: BulkReport,
  variants: ReadonlyArray<{ id: string; platform: string }>,
): string[] {
  return report.refused.map((r) => {
    const variant = variants.find((v) => v.id === r.id);
    return `${variant ? platformName(variant.platform) : 'A variant no longer here'}: ${r.reason}`;
  });
}
