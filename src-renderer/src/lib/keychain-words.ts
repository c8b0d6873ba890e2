// Keychain problems arrive as the core's sentence, which carries the system's own words
// (D-Bus, X11, Secret Service...). The window leads with what it means for the person and
// keeps the technical sentence one click away, verbatim.

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
