import type { BridgeErrorCode } from '@preload/bridge';

/** A failure a command reports through the envelope; the message is shown to the user. */
export class CommandError extends Error {
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
  ) {
    super(message);
  }
}
