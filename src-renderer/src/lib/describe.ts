// Activity entries and skills come with fields the spec does not promise. Show the common
// ones when present, and otherwise the entry as it came, rather than guess.

const TITLE_FIELDS = ['name', 'title', 'action', 'verb', 'event', 'type', 'kind', 'description', 'message'];
const TIME_FIELDS = ['created_at', 'timestamp', 'at', 'time', 'updated_at'];
const ACTOR_FIELDS = ['actor', 'user', 'author', 'by'];

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const k of ['name', 'username', 'email', 'display_name', 'id']) {
      const t = text(o[k]);
      if (t) return t;
    }
  }
  return null;
}

export interface EntryDescription {
  title: string;
  detail: string | null;
}

export function describeEntry(entry: unknown): EntryDescription {
  if (!entry || typeof entry !== 'object') return { title: String(entry), detail: null };
  const o = entry as Record<string, unknown>;
  const title = TITLE_FIELDS.map((k) => text(o[k])).find((t) => t !== null);
  const time = TIME_FIELDS.map((k) => text(o[k])).find((t) => t !== null);
  const actor = ACTOR_FIELDS.map((k) => text(o[k])).find((t) => t !== null);
  const detail = [actor, time].filter(Boolean).join(' · ') || null;
  if (title) return { title, detail };
  return { title: JSON.stringify(entry), detail };
}
