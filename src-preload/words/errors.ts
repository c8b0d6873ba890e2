// Failures in words: an item named that is not there, a workspace not known yet, and the
// keychain's problems, which arrive as the core's sentence carrying the system's own words
// (D-Bus, X11, Secret Service...): the window leads with what they mean for the person and keeps
// the technical sentence one click away, verbatim.

export const NOT_FOUND = {
  post: (id: string): string => `No post with id ${id}.`,
  variant: (id: string): string => `No variant with id ${id}.`,
  op: (id: string): string => `No outbox operation with id ${id}.`,
  localDraft: (id: string): string => `No local draft with id ${id}.`,
  workspace: (slug: string): string =>
    `Unknown workspace "${slug}": connect and sync to see your workspaces.`,
  account: (workspace: string, profileId: string): string =>
    `The workspace "${workspace}" has no account ${profileId}: sync to see its accounts.`,
  version: (version: number): string =>
    `There is no version ${version} of this text: \`history\` lists the versions kept.`,
};

/**
 * The window's words when a post it is asked to open is not there any more: a row still on
 * screen (a left Outbox row, a Queue line not yet read again) can name a post deleted meanwhile.
 * The command line keeps NOT_FOUND's id, which a script can act on.
 */
export const POST_GONE = 'This post is no longer in Outpost: it was deleted, here or on the service.';

/** What a command refuses for another reason than what an item allows (words/refusals.ts). */
export const COMMAND_ERRORS = {
  noVariantConflict: 'This variant has no conflict to resolve.',
  noPostConflict: 'This post has no conflict to resolve.',
  postRemoved: 'This post was removed on the service.',
  defaultOnlyAtCreate:
    'The platform default applies only when a variant is created; choose an account or "assign later".',
  unknownZone: (zone: string): string =>
    `"${zone}" is not a time zone Outpost knows: use an IANA name such as Europe/Berlin or America/New_York.`,
  notConnected: 'Not connected to a service: connect in Settings first.',
  tokenForOtherAddress:
    'Enter the access token for this address: Outpost sends a stored token only to the address it was stored for.',
  tokenNeeded: 'Enter an access token: none is stored for this address.',
  tokenNotKept: (why: string): string => `The access token could not be kept (${why}).`,
  /** No token could be read: the keychain did not answer this session (it may well hold one). */
  keychainOutOfReach:
    'This computer’s password keychain could not be reached, so Outpost cannot read the access token kept there: enter it again in Settings (it is kept until Outpost closes). Your drafts are not affected.',
  nothingToUndo: 'Nothing to undo: no change made since Outpost started is left to take back.',
  undoGone: (limit: number): string =>
    `That change was undone already, or is too old to undo (Outpost keeps the last ${limit}).`,
};

export interface PlainProblem {
  plain: string;
  detail: string;
}

/** `SettingsView.keychainMessage`: no keychain, so the token lives in memory for this session. */
export function keychainNotice(message: string): PlainProblem {
  return {
    plain:
      'Outpost could not use this computer’s password keychain, so your access token is kept only until Outpost ' +
      'closes: you will be asked for it again next time. Your drafts are not affected.',
    detail: message,
  };
}

/** A `keychain_unavailable` error on "Connect": the token could not be stored, so nothing changed. */
export function keychainConnectError(message: string): PlainProblem {
  return {
    plain:
      'Outpost could not save the access token in this computer’s password keychain, so it did not connect. ' +
      'Unlock the keychain (or sign in to the desktop session) and try again.',
    detail: message,
  };
}
