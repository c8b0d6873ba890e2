// Everything the `outpost` command prints goes through here. What it prints quotes the service
// (titles, content, platforms, errors), and service text is data: an ESC or BEL in a title
// must not set the terminal's title or clear its screen, and a bidi override must not reorder
// the line. So every control, bidi and other invisible character is written as a visible
// escape (`\x1b`, `\u202e`) at this one layer, whatever the command; `npm run security` flags
// a write to the terminal in the CLI that does not pass here.
import { escapeInvisible, escapeInvisibleInJson, identifierProblem } from '@preload/invisible';

/** Text for a terminal: only the newlines and tabs that lay the output out stay as they are. */
export function terminalText(text: string): string {
  return escapeInvisible(text, '\n\t');
}

/** Exactly one JSON document, with C1, bidi and other invisible characters `\u`-escaped too. */
export function terminalJson(value: unknown): string {
  return escapeInvisibleInJson(JSON.stringify(value));
}

/** A value inside a line (a table cell, a field): its own newlines and tabs cannot start a line or a column. */
export function inlineField(text: string): string {
  return escapeInvisible(text);
}

/**
 * A platform as the service named it: escaped like any text, and flagged when it holds
 * characters a typed platform may not (the same check, src-preload/invisible.ts).
 */
export function platformField(platform: string): string {
  const shown = inlineField(platform);
  return identifierProblem(platform) === null ? shown : `${shown} [invisible characters]`;
}

export interface Printer {
  /** Text for standard output. */
  out(text: string): void;
  /** Text for standard error. */
  err(text: string): void;
  /** One JSON document and a newline on standard output. */
  json(value: unknown): void;
}

/** `clean` removes secrets first: an escape must not split a token and hide it from the redactor. */
export function printer(
  io: { stdout: (text: string) => void; stderr: (text: string) => void },
  clean: (text: string) => string,
): Printer {
  return {
    out: (text) => io.stdout(terminalText(clean(text))),
    err: (text) => io.stderr(terminalText(clean(text))),
    json: (value) => io.stdout(terminalText(`${clean(terminalJson(value))}\n`)),
  };
}
