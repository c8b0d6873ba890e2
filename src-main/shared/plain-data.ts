// What may cross a bridge as a payload: JSON-like data only. Electron's structured clone lets
// Dates, Maps, typed arrays and cycles through, HTTP JSON does not; refusing them in both hosts
// keeps the two bridges answering the same way.
export function isPlainData(value: unknown, depth = 0, seen: Set<object> = new Set()): boolean {
  if (depth > 64) return false;
  if (value === null || value === undefined) return true;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      break;
    default:
      return false;
  }
  const obj = value;
  if (seen.has(obj)) return false;
  seen.add(obj);
  try {
    if (Array.isArray(obj)) return obj.every((item) => isPlainData(item, depth + 1, seen));
    const proto = Object.getPrototypeOf(obj) as unknown;
    if (proto !== Object.prototype && proto !== null) return false;
    return Object.values(obj).every((item) => isPlainData(item, depth + 1, seen));
  } finally {
    seen.delete(obj);
  }
}
