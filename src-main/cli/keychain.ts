// Whether a command has no token because the OS keychain did not answer it (no D-Bus session, a
// locked keyring) rather than because none was ever given: the words differ (words/cli.ts).
import type { SettingsView } from '@preload/bridge';

/** Connected, no token readable, and the keychain said to be out of reach this run. */
export function keychainOutOfReach(settings: SettingsView): settings is SettingsView & { baseUrl: string } {
  return settings.baseUrl !== null && !settings.connected && settings.keychainMessage !== null;
}
