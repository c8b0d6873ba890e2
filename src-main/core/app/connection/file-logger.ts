// A file logger in <dataDir>/logs/ that never writes a secret: every line passes through the
// redactor, which knows the current token (and its secret part), in any encoding, and any
// `*_pat_*` shape. Lines quote the service, whose text is data: every control, bidi and other
// invisible character is written as a visible escape, as the CLI writes it (`tail -f` runs none).
import { closeSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Redactor } from '../../api/redaction';
import { ensurePrivateDir, PRIVATE_FILE_MODE, tightenFiles } from '../../paths';
import type { Logger } from '../../ports';
import { escapeInvisible } from '@preload/invisible';

export { Redactor } from '../../api/redaction';

/** A log past this size at start is set aside as outpost.1.log (replacing the one before). */
export const LOG_ROTATE_BYTES = 5 * 1024 * 1024;

export interface FileLogger extends Logger {
  readonly file: string;
  close(): void;
}

export function createFileLogger(
  dataDir: string,
  redactor: Redactor,
  clock: () => Date,
  rotateBytes = LOG_ROTATE_BYTES,
): FileLogger {
  const dir = join(dataDir, 'logs');
  try {
    ensurePrivateDir(dataDir);
    ensurePrivateDir(dir);
  } catch {
    // A folder Outpost cannot write (read-only, gone): no log, and nothing else stops for it.
  }
  const file = join(dir, 'outpost.log');
  // An app left running for months syncs thousands of times: the log is bounded to two files.
  try {
    if (statSync(file).size > rotateBytes) renameSync(file, join(dir, 'outpost.1.log'));
  } catch {
    // No log yet, or it cannot be moved: append to what is there.
  }
  // One descriptor for the session: a sync writes many lines, and reopening per line costs.
  let fd: number | null = null;
  try {
    fd = openSync(file, 'a', PRIVATE_FILE_MODE);
    tightenFiles([file, join(dir, 'outpost.1.log')]);
  } catch {
    fd = null;
  }
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    let line = `${clock().toISOString()} ${level} ${message}`;
    if (fields && Object.keys(fields).length > 0) {
      try {
        line += ` ${JSON.stringify(fields)}`;
      } catch {
        line += ' [unserialisable fields]';
      }
    }
    if (fd === null) return;
    try {
      // Redacted first: a token with an invisible character inside is still recognised.
      writeSync(fd, `${escapeInvisible(redactor.clean(line))}\n`);
    } catch {
      // Logging must never break drafting (a full disk, a read-only folder).
    }
  };
  return {
    file,
    close: () => {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
    info: (m, f) => write('INFO', m, f),
    warn: (m, f) => write('WARN', m, f),
    error: (m, f) => write('ERROR', m, f),
  };
}

/** Wraps a caller's logger so it, too, only ever sees redacted text. */
export function redactingLogger(inner: Logger, redactor: Redactor): Logger {
  const clean = (fields?: Record<string, unknown>): Record<string, unknown> | undefined => {
    if (fields === undefined) return undefined;
    const text = redactor.clean(JSON.stringify(fields));
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      // A secret with a quote or backslash in it, blanked from the JSON, can leave it unreadable.
      return { fields: text };
    }
  };
  return {
    info: (m, f) => inner.info(redactor.clean(m), clean(f)),
    warn: (m, f) => inner.warn(redactor.clean(m), clean(f)),
    error: (m, f) => inner.error(redactor.clean(m), clean(f)),
  };
}

/**
 * A copy of `value` with every string passed through `redact`; plain data only (what crosses
 * the bridge). For answers and events that quote the service (sync status, sync log, outbox).
 */
export function redactDeep<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => redactDeep(v, redact)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = redactDeep(v, redact);
    return out as T;
  }
  return value;
}
