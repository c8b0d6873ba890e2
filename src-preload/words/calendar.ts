// What a calendar chip says: the post's name on the chip itself, and the whole of it (name,
// time, account, platform, state) as its accessible name.
import type { PlanItem } from '../bridge';
import { platformName } from '../platforms';
import { stateLabel } from './states';

type Named = Pick<PlanItem, 'postTitle' | 'firstLine'>;

/** The post's title, or the first line of the variant's text when it has none. */
export function chipName(item: Named): string {
  return item.postTitle.trim() || item.firstLine.trim() || 'Untitled post';
}

/** The account shown, or the platform when the account is not known. */
export function chipAccount(item: Pick<PlanItem, 'accountName' | 'platform'>): string {
  return item.accountName ?? platformName(item.platform);
}

/**
 * "Cupping session, 10:00 Acme, X, Scheduled": what the chip shows, in its order (the name, the
 * time, the account), then the platform and the state. What the chip shows stays the start of
 * it even where the account gives way, as assistive technology and speech input expect.
 * `clockTime` says the time as the window does ("10:00").
 */
export function chipLabel(item: PlanItem, clockTime: (iso: string) => string): string {
  const when = item.at ? `${clockTime(item.at)} ` : '';
  const platform = item.accountName ? `, ${platformName(item.platform)}` : '';
  return `${chipName(item)}, ${when}${chipAccount(item)}${platform}, ${stateLabel(item.state, item.stateText)}`;
}
