// A file's bytes as text, the way spreadsheets save them: UTF-8 with or without a byte-order
// mark, UTF-16 with one (Excel's "Unicode text"), and, when the bytes are not UTF-8, the
// Windows code page older Excel versions write a CSV in. Anything else (an image, a workbook,
// a zip) is not text, and is said to be so in one sentence.
import { FILE_PROBLEMS, MAX_IMPORT_BYTES } from '../words/import';

export type Decoded = { ok: true; text: string } | { ok: false; message: string };

function sniff(bytes: Uint8Array): { encoding: string; skip: number } | null {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'utf-8', skip: 3 };
  if (a === 0xff && b === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (a === 0xfe && b === 0xff) return { encoding: 'utf-16be', skip: 2 };
  return null;
}

/** Control characters other than tab and line breaks: a text file holds (almost) none. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f]/g;

/** Whether decoded text looks like text rather than binary read as characters. */
export function looksLikeText(text: string): boolean {
  if (text.includes('\u0000')) return false;
  const controls = text.match(CONTROL)?.length ?? 0;
  return controls <= text.length / 1000;
}

/** The text of a file's bytes, or why it has none Outpost can import. */
export function decodeFile(bytes: Uint8Array): Decoded {
  if (bytes.length > MAX_IMPORT_BYTES) return { ok: false, message: FILE_PROBLEMS.tooBig };
  const mark = sniff(bytes);
  let text: string;
  if (mark !== null) {
    try {
      text = new TextDecoder(mark.encoding, { fatal: true }).decode(bytes.subarray(mark.skip));
    } catch {
      return { ok: false, message: FILE_PROBLEMS.notText };
    }
  } else {
    if (bytes.includes(0)) return { ok: false, message: FILE_PROBLEMS.notText };
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  return checkedText(text);
}

/** Pasted or decoded text, held to the same rules as a file. */
export function checkedText(raw: string): Decoded {
  const text = raw.startsWith('\ufeff') ? raw.slice(1) : raw;
  if (text.trim() === '') return { ok: false, message: FILE_PROBLEMS.empty };
  if (text.length > MAX_IMPORT_BYTES) return { ok: false, message: FILE_PROBLEMS.tooBig };
  if (!looksLikeText(text)) return { ok: false, message: FILE_PROBLEMS.notText };
  return { ok: true, text };
}
