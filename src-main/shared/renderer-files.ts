// Maps a request path to a file of the built renderer, refusing anything that would leave its
// folder. Shared by the `app://` protocol (window.ts) and the browser host; plain Node only.
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/**
 * `pathname` is the URL's path as received (still percent-encoded). Returns the absolute file
 * path inside `rendererDir`, or null for anything outside it, encoded separators, NUL bytes,
 * dotfiles, or a missing file. `/` serves index.html.
 */
export function resolveRendererFile(rendererDir: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  // An encoded slash or backslash is never part of a real asset name; refuse rather than guess.
  if (decoded.includes('\0') || decoded.includes('\\') || /%2f|%5c/i.test(pathname)) return null;
  const segments = decoded.split('/').filter((s) => s.length > 0);
  if (segments.some((s) => s === '..' || s.startsWith('.'))) return null;
  const relativePath = segments.length === 0 ? 'index.html' : segments.join(sep);
  const root = resolve(rendererDir);
  const candidate = resolve(join(root, relativePath));
  const rel = relative(root, candidate);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  try {
    // A symlink inside the folder must not lead out of it either.
    const realRoot = realpathSync(root);
    const real = realpathSync(candidate);
    const realRel = relative(realRoot, real);
    if (realRel === '' || realRel.startsWith('..') || isAbsolute(realRel)) return null;
    return statSync(real).isFile() ? real : null;
  } catch {
    return null;
  }
}
