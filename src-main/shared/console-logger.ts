// A plain logger for the hosts: one line per entry on stderr. Field values are the caller's
// responsibility; nothing here ever receives the access token.
import { scrubTokenShapes } from '../core/api/errors';
import type { Logger } from '../core/ports';

export function createConsoleLogger(
  prefix = 'outpost',
  write: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Logger {
  const line = (level: string, message: string, fields?: Record<string, unknown>): void => {
    // A second line of defence: anything shaped like a personal access token is blanked.
    const text = scrubTokenShapes(`${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`);
    write(`${new Date().toISOString()} ${prefix} ${level} ${text}`);
  };
  return {
    info: (message, fields) => line('info', message, fields),
    warn: (message, fields) => line('warn', message, fields),
    error: (message, fields) => line('error', message, fields),
  };
}
