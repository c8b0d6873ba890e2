// Remembers the window's size and position in a small JSON file in userData. A stored position
// that no longer lies on any display (a monitor was unplugged) is dropped, keeping the size.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { WindowBounds } from './window';

export const WINDOW_STATE_FILE = 'window-state.json';
export const DEFAULT_BOUNDS: WindowBounds = { width: 1200, height: 800 };

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** Keeps only sane values; `displays` are the work areas of the connected screens. */
export function sanitizeBounds(raw: unknown, displays: readonly Area[]): WindowBounds {
  if (typeof raw !== 'object' || raw === null) return { ...DEFAULT_BOUNDS };
  const r = raw as Record<string, unknown>;
  const width = isInt(r.width) && r.width >= 400 && r.width <= 10_000 ? r.width : DEFAULT_BOUNDS.width;
  const height = isInt(r.height) && r.height >= 300 && r.height <= 10_000 ? r.height : DEFAULT_BOUNDS.height;
  const bounds: WindowBounds = { width, height, maximized: r.maximized === true };
  if (isInt(r.x) && isInt(r.y)) {
    const x = r.x;
    const y = r.y;
    // At least a grabbable strip of the title bar must be on some display.
    const visible = displays.some(
      (d) => x + 100 > d.x && x < d.x + d.width - 50 && y >= d.y - 10 && y < d.y + d.height - 50,
    );
    if (visible) Object.assign(bounds, { x, y });
  }
  return bounds;
}

export function loadWindowState(file: string, displays: readonly Area[]): WindowBounds {
  try {
    return sanitizeBounds(JSON.parse(readFileSync(file, 'utf8')), displays);
  } catch {
    return { ...DEFAULT_BOUNDS };
  }
}

export function saveWindowState(file: string, bounds: WindowBounds): void {
  // Write then rename, so a crash mid-write never leaves half a file.
  const temp = `${file}.tmp`;
  writeFileSync(temp, JSON.stringify(bounds), { mode: 0o600 });
  renameSync(temp, file);
}
