// What a command answers: its value, or an error with a code and words safe to show.

/** A typed error that crosses the bridge. `message` is safe to show: it never holds the token. */
export type BridgeErrorCode =
  | 'invalid_payload'
  | 'unknown_command'
  | 'not_found'
  | 'invalid_state'
  | 'invalid_settings'
  | 'offline'
  | 'timeout'
  | 'auth'
  | 'rate_limited'
  | 'validation'
  | 'server_error'
  | 'malformed_response'
  | 'keychain_unavailable'
  /** The disk is full: nothing was saved; what was typed stays in the window and is saved once there is room. */
  | 'disk_full'
  /** The data folder cannot take changes now (read-only, held by another program, gone): said in words. */
  | 'storage'
  /** The core stopped before it answered and is starting again: nothing was done; ask again once it is back. */
  | 'core_restarting'
  | 'internal';

export interface BridgeErrorInfo {
  code: BridgeErrorCode;
  message: string;
}

/** What every command answers: never a thrown error across the bridge, always this envelope. */
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeErrorInfo };
