// A plain logger for the hosts: one line per entry on stderr. Field values are the caller's
// responsibility; nothing here ever receives the access token.
import type { Logger } from './core/ports';

export function createConsoleLogger(
  prefix = 'outpost',
  write: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): Logger {
  const line = (level: string, message: string, fields?: Record<string, unknown>): void => {
    write(
      `${new Date().toISOString()} ${prefix} ${level} ${message}${fields ? ` ${JSON.stringify(fields)}` : ''}`,
    );
  };
  return {
    info: (message, fields) => line('info', message, fields),
    warn: (message, fields) => line('warn', message, fields),
    error: (message, fields) => line('error', message, fields),
  };
}
