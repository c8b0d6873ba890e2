// What a post-list chip shows, worked out once per chip in plain code: the list renders a dozen
// rows of chips on the window's critical path, and each reactive piece of a row costs there.
import type { ItemState, VariantChip } from '@preload/bridge';
import { platformName } from '../../lib/platforms';
import { platformMark } from '../../lib/platform-marks';
import { shortDateTime } from '../../lib/plan-time';
import { stateLabel, stateTone } from '@preload/words/states';

export interface ChipView {
  id: string;
  state: ItemState;
  tone: ReturnType<typeof stateTone>;
  label: string;
  /** The core's longer words, when they say more than the label. */
  title: string | undefined;
  platform: string;
  /** The scheduled time, for a variant that waits for it; '' otherwise. */
  time: string;
  iconPath: string | null;
  letter: string;
  /** All of it in words ("X: Scheduled 26 Nov, 10:00"): the tooltip of a chip shrunk to its mark. */
  words: string;
}

export function chipView(v: VariantChip): ChipView {
  const label = stateLabel(v.state, v.stateText);
  const mark = platformMark(v.platform);
  // A variant waiting for sign-off goes out when it is approved, not at its old time: no time.
  const time = v.state === 'scheduled' && v.scheduledAt ? shortDateTime(v.scheduledAt) : '';
  const platform = platformName(v.platform);
  return {
    id: v.id,
    state: v.state,
    tone: stateTone(v.state),
    label,
    title: v.stateText !== label ? v.stateText : undefined,
    platform,
    time,
    iconPath: mark.path,
    letter: mark.letter,
    words: `${platform}: ${label}${time ? ` ${time}` : ''}`,
  };
}
