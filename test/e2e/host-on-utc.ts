// Imported first by a test whose browser host must run on UTC, whatever this machine's zone:
// before any module of the core is evaluated, so every date format it builds is on UTC too.
export const HOST_ZONE = 'UTC';
export const previousZone = process.env.TZ;
process.env.TZ = HOST_ZONE;

/** Gives the process its zone back (the next test file may run in this process). */
export function restoreZone(): void {
  if (previousZone === undefined) delete process.env.TZ;
  else process.env.TZ = previousZone;
}
