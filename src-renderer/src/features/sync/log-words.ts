// The sync log's action codes in words. The core writes short codes (`pull_skipped`,
// `create_post_adopt`); the window says what happened. A code this build does not know is
// shown as it came rather than hidden or guessed at.
const WORDS: Record<string, string> = {
  // A sync run
  sync_start: 'Sync started',
  sync_done: 'Sync finished',
  sync_failed: 'Sync failed',
  sync_skipped: 'Sync skipped',
  sync_paused_auth: 'Sync paused: the access token was refused',
  pull_skipped: 'Quick sync (no full read from the service)',
  pull_workspace_failed: 'A workspace could not be read',
  reconcile_failed: 'Scheduled items could not be checked',
  import: 'Brought in from the service',
  import_deferred: 'Bringing in postponed',
  skills_skipped: 'Writing skills not refreshed',
  // Changes read from the service
  take_theirs: 'Took the change made on the service',
  keep_mine: 'Kept the change made here',
  conflict: 'Changed in both places: needs you',
  // Sending
  post_linked: 'Post created on the service',
  variant_linked: 'Variant created on the service',
  skip_create_post: 'Post already on the service',
  skip_create_variant: 'Variant already on the service',
  skip_update: 'Nothing new to send',
  update_variant: 'Change sent',
  schedule: 'Schedule sent',
  unschedule: 'Schedule removed',
  publish: 'Publish sent',
  publish_recorded: 'Publish confirmed',
  done: 'Done',
  // Failures and their handling
  fail: 'Failed',
  fail_removed: 'Failed: removed on the service',
  stop_offline: 'Stopped: the service cannot be reached',
  retry_later: 'Will try again later',
  pause_auth: 'Paused: the access token was refused',
  mark_removed: 'Marked as removed on the service',
  unknown_outcome: 'Outcome unknown',
  readback_failed: 'Could not check what the service holds',
  // A request whose answer was lost
  create_post_adopt: 'Post found on the service: linked, not created twice',
  create_post_recreate: 'Post not on the service: creating it again',
  create_variant_adopt: 'Variant found on the service: linked, not created twice',
  create_variant_recreate: 'Variant not on the service: creating it again',
  publish_readback_record: 'Publish confirmed by reading it back',
  publish_readback_ask_user: 'Publish outcome unclear: waiting for your decision',
  // Notifications
  notify_published: 'Told you: published',
  notify_approval_started: 'Told you: waiting for sign-off',
  notify_approval_released: 'Told you: signed off and published',
  notify_needs_user: 'Told you: needs your attention',
  // The user's decisions
  resolve_mine: 'Conflict resolved: kept yours',
  resolve_theirs: 'Conflict resolved: took theirs',
  resolve_edit: 'Conflict resolved: edited',
  publish_again: 'You chose to publish again',
  keep_unpublished: 'You chose to keep it unpublished',
  connected: 'Connected',
  signed_out: 'Signed out',
};

/** The words for a sync log action; an unknown one as it came. */
export function logActionWords(action: string): string {
  return Object.hasOwn(WORDS, action) ? (WORDS[action] as string) : action;
}
