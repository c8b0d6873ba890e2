// Why Outpost refuses what the user asked of an item, in one place: the core refuses with these
// words (its views carry them per action, so the window shows the same reason beside a control
// it disables), and the send guards (send-guards.ts) use them before anything leaves.

/** Why a variant, or a post, refuses an action now. */
export const REFUSALS = {
  // Nothing of the variant may change.
  published: 'This variant is already published; it cannot change.',
  removed: 'This variant was removed on the service; its text is kept here only.',
  waitingForSignOff:
    "This variant is waiting for the channel's approvers; it cannot change until they decide.",
  // What a send needs first.
  needsWorkspace: 'Move this draft to a workspace first: local drafts cannot be scheduled or published.',
  needsAccount:
    'Choose an account first: a variant needs a connected posting account to be scheduled or published.',
  needsContent: 'Write the content first: the service will not send an empty variant.',
  pastTime:
    'That time has already passed, so it would go out at once. Pick a later time, or choose "Send now instead".',
  // A variant's own actions.
  noTimeToMove: 'This variant has no time to move.',
  noTimeToClear: 'It has no time to clear.',
  publishUnknown: 'An earlier publish has an unknown outcome: decide on it first.',
  publishOnItsWay: 'A publish of this variant is already on its way.',
  publishHolds:
    'A publish of this variant is on its way, and a publish on its way cannot be called back: its text and time can change again only if it does not go out.',
  noFailedChange: 'This variant has no failed change.',
  noChangeToDiscard: 'This variant has no change that has not reached the service.',
  changeOfNewVariant:
    'This variant has not reached the service yet, so there is nothing of it to go back to: change it here, or delete it.',
  changeInFlight:
    'Another change of this variant is being sent right now; what the service holds is known once it answers.',
  noPublishToDecide: 'This variant has no publish of unknown outcome waiting for a decision.',
  variantOnService:
    'This variant is on the service, which offers no way to delete it; you can hide its post here instead.',
  postNoLongerThere: 'Its post is no longer in Outpost.',
  // A post's own actions.
  postOnServiceDelete:
    'This post is on the service, which offers no way to delete it; you can hide it here instead.',
  postOnServiceMove:
    'This post is on the service, which offers no way to move it; you can duplicate it into the other workspace instead.',
  alreadyHidden: 'It is hidden here already.',
  notHidden: 'It is not hidden here.',
  alreadyThere: 'It is there already.',
  // Withdrawing what is on its way: an item that may be on the service stays.
  beingSent: 'Part of it is being sent to the service right now.',
  beingChecked: 'Part of it may have reached the service; Outpost is still checking.',
  decideInOutbox: 'Part of it may have reached the service: decide on it in the Outbox first.',
  mayBeOnService: 'Part of it may have reached the service.',
  // An item that moved on since it was named.
  gone: 'It is no longer in Outpost.',
  moved: 'It has moved since.',
  timeChanged: 'Its time has changed since.',
  backAlready: 'It is back already.',
  textChanged: 'Its text has changed since; what it holds now is kept.',
  // Add to queue.
  noPostingTimes: 'Give this account posting times first (in the Queue, "Posting times").',
  noSingleAccount:
    'Choose an account first: with "platform default" the workspace has no single account it would go out from.',
  localDraftHasNoQueue:
    'Move this draft to a workspace first: posting times belong to the accounts of a workspace.',
  // Copying a text.
  copyFromSamePost: 'Text can be copied only from another variant of the same post.',
  copyFromItself: 'That is this variant’s own text.',
} as const;

/** Add to queue: a variant already has a time. */
export const alreadyScheduled = (when: string): string =>
  `It is already scheduled for ${when}: move it in the Queue, or unschedule it first.`;

/**
 * A text over the platform's limit, counted as the window's counter counts. `scheduled`: it has a
 * time already, and keeps it (the text is saved as typed), so that time would fail.
 */
export const overLimit = (
  over: number,
  platform: string,
  used: number,
  limit: number,
  unit: string,
  scheduled = false,
): string =>
  `The text is ${over} over the ${platform} limit (${used} of ${limit} ${unit})` +
  (scheduled
    ? ', and it is still scheduled: the service would refuse it when its time comes. Shorten it, or unschedule it.'
    : '. Shorten it, then send it.');

export const accountInactive = (platform: string): string =>
  `The chosen ${platform} account is no longer active. Choose another account, or reconnect it in the service.`;

export const noDefaultAccount = (platform: string): string =>
  `This workspace has no active ${platform} account, so there is no default to send from. Connect ${article(platform)} account in the service, or move this text to a platform the workspace has.`;

function article(name: string): string {
  return /^[AEIOU]/.test(name) ? `an ${name}` : `a ${name}`;
}
