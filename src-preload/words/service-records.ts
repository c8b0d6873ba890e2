// The service's own records in words: activity entries and skills come with fields the API
// does not promise ("Fields: not shown"). Nothing here depends on a particular key: common names
// are tried for a headline, who and when, and every other short field is shown as it came
// (timestamps as local dates), so nothing the service sends is silently dropped. An entry with
// no usable field is shown as its JSON.
import { clockFormat, LOCALE_CLOCK, type ClockPreferences } from './clock';
import { platformName } from '../platforms';
import { codeToWords, valueWords } from './plain';

const MEDIUM_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

const TITLE_FIELDS = ['name', 'title', 'action', 'verb', 'event', 'type', 'kind'];
/** Fields whose value is a machine code (`variant.approval_requested`) worth saying in words. */
const CODE_FIELDS = new Set(['action', 'verb', 'event', 'type', 'kind']);
const TEXT_FIELDS = ['description', 'summary', 'message', 'text', 'body', 'note'];
const TIME_FIELDS = ['created_at', 'timestamp', 'at', 'time', 'date', 'updated_at'];
const ACTOR_FIELDS = ['actor', 'user', 'author', 'by', 'owner'];

/** Longer strings are cut here (the full value stays in the tooltip). */
export const SHORT = 160;

export interface EntryField {
  label: string;
  value: string;
  /** The value before shortening, when it was shortened. */
  full?: string;
}

export interface EntryDescription {
  /** A name, title or action, in words. */
  title: string;
  /** Who and when: "alice · 3 Jan 2030, 10:00". */
  detail: string | null;
  /** A longer text the entry carries (a description, a message). */
  text: string | null;
  /** Every other field with a short value, in the order it came. */
  fields: EntryField[];
}

export interface DescribeOptions {
  timeZone?: string;
  locale?: string;
  /** The reader's clock (12- or 24-hour); by default the locale's. */
  clock?: ClockPreferences;
  /** The platform of a variant of the post, by its id on the service, when it is known. */
  platformOf?: (variantServerId: string) => string | null;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO timestamp in the reader's zone and locale; any other string as it is. */
export function readableTime(value: string, options: DescribeOptions = {}): string {
  const text = value.trim();
  if (ISO_DATE.test(text)) {
    const ms = Date.parse(`${text}T00:00:00Z`);
    if (Number.isNaN(ms)) return value;
    return new Intl.DateTimeFormat(options.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(ms);
  }
  if (!ISO_INSTANT.test(text)) return value;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return value;
  return clockFormat(options.clock ?? LOCALE_CLOCK, MEDIUM_DATE, {
    zone: options.timeZone,
    locale: options.locale,
  }).format(ms);
}

/** `platform_post_url` -> "Platform post url". */
function label(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Ids are for machines: `id`, `variant_id`, `postId`. */
function isIdKey(key: string): boolean {
  return key === 'id' || /(_id|Id|_ids|Ids)$/.test(key);
}

/** A short readable value of a person or thing: a name, else nothing. */
function nameOf(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    for (const k of ['display_name', 'name', 'username', 'handle', 'email']) {
      const t = nameOf(o[k]);
      if (t) return t;
    }
  }
  return null;
}

function scalar(value: unknown, options: DescribeOptions): string | null {
  if (typeof value === 'string') return value.trim() ? valueWords(readableTime(value, options)) : null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return null;
}

function shorten(value: string): EntryField['value'] {
  const oneLine = value.replace(/\s+/g, ' ');
  return oneLine.length > SHORT ? `${oneLine.slice(0, SHORT - 1)}…` : oneLine;
}

/** Fields of `value` under `prefix`, one level of nesting deep (`detail.fields`). */
function collect(
  o: Record<string, unknown>,
  skip: Set<string>,
  options: DescribeOptions,
  prefix: string,
  depth: number,
  out: EntryField[],
): void {
  for (const [key, value] of Object.entries(o)) {
    if (skip.has(key) || isIdKey(key)) continue;
    const name = prefix ? `${prefix} ${key}` : key;
    let text: string | null = scalar(value, options);
    if (text === null && Array.isArray(value)) {
      const parts = value.map((v) => scalar(v, options) ?? nameOf(v)).filter((v): v is string => !!v);
      text = parts.length ? parts.join(', ') : null;
    } else if (text === null && value && typeof value === 'object') {
      const named = nameOf(value);
      if (named) text = named;
      else if (depth < 1) {
        // A detail object: its own fields, labelled by their names (the wrapper says little).
        collect(
          value as Record<string, unknown>,
          new Set(),
          options,
          depth === 0 ? '' : name,
          depth + 1,
          out,
        );
        continue;
      }
    }
    if (text === null) continue;
    const value1 = shorten(text);
    out.push(
      value1 === text
        ? { label: label(name), value: text }
        : { label: label(name), value: value1, full: text },
    );
  }
}

function firstOf(
  o: Record<string, unknown>,
  keys: string[],
  read: (v: unknown) => string | null,
): { key: string; value: string } | null {
  for (const key of keys) {
    const value = read(o[key]);
    if (value) return { key, value };
  }
  return null;
}

export function describeEntry(entry: unknown, options: DescribeOptions = {}): EntryDescription {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
    return {
      title: typeof entry === 'string' ? entry : JSON.stringify(entry),
      detail: null,
      text: null,
      fields: [],
    };
  }
  const o = entry as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const title = firstOf(o, TITLE_FIELDS, (v) => str(v) ?? (typeof v === 'number' ? String(v) : null));
  const text = firstOf(o, TEXT_FIELDS, str);
  const actor = firstOf(o, ACTOR_FIELDS, nameOf);
  const time = firstOf(o, TIME_FIELDS, str);

  const used = new Set([title?.key, text?.key, actor?.key, time?.key].filter((k): k is string => !!k));
  const fields: EntryField[] = [];
  collect(o, used, options, '', 0, fields);

  const detail =
    [actor?.value, time ? readableTime(time.value, options) : null].filter(Boolean).join(' · ') || null;
  let headline = title ? (CODE_FIELDS.has(title.key) ? codeToWords(title.value) : title.value) : null;
  let body = text?.value ?? null;
  if (headline === null && body !== null) {
    headline = body;
    body = null;
  }
  if (headline === null) {
    if (fields.length === 0 && detail === null)
      return { title: JSON.stringify(entry), detail: null, text: null, fields };
    headline = fields.length ? `${fields[0]?.label}: ${fields[0]?.value}` : 'Entry';
    fields.shift();
  }
  return { title: withPlatform(headline, o, options), detail, text: body, fields };
}

/**
 * "X variant rescheduled" rather than "Variant rescheduled": a post has a variant per platform,
 * so an entry about one says which, when the post's variants or the entry itself name it.
 */
function withPlatform(headline: string, o: Record<string, unknown>, options: DescribeOptions): string {
  const variantId = firstOf(o, VARIANT_FIELDS, (v) =>
    typeof v === 'string' || typeof v === 'number' ? String(v) : null,
  );
  const detail = o.detail && typeof o.detail === 'object' ? (o.detail as Record<string, unknown>) : {};
  const platform =
    (variantId && options.platformOf?.(variantId.value)) || text(o.platform) || text(detail.platform);
  if (!platform || variantId === null) return headline;
  const name = platformName(platform);
  return /^variant\b/i.test(headline)
    ? `${name} variant${headline.slice('variant'.length)}`
    : `${name}: ${headline}`;
}

/** Everything an entry shows, as one line: what a screen reader or a test reads. */
export function entryLine(d: EntryDescription): string {
  return [d.title, d.detail, d.text, ...d.fields.map((f) => `${f.label}: ${f.value}`)]
    .filter((part): part is string => !!part)
    .join(' ');
}

/** Where an entry may name the variant it is about. */
const VARIANT_FIELDS = ['variant_id', 'variantId', 'variant'];

/**
 * Who published a variant, when an entry of its post's activity plainly says so: the entry names
 * the variant, its action ends in "published", and it carries a name of who did it. Null
 * otherwise: the entries' fields are not promised, so nothing is guessed.
 */
export function publishedBy(entries: readonly unknown[], variantServerId: string | null): string | null {
  for (const { entry, action } of entriesAbout(entries, variantServerId)) {
    if (!/(^|[^a-z])published$/i.test(action)) continue;
    const actor = firstOf(entry, ACTOR_FIELDS, nameOf);
    if (actor !== null) return actor.value;
  }
  return null;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The entries (newest first, as listed) that name the variant and carry an action code. */
function* entriesAbout(
  entries: readonly unknown[],
  variantServerId: string | null,
): Generator<{ entry: Record<string, unknown>; action: string }> {
  if (variantServerId === null) return;
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) continue;
    const o = entry as Record<string, unknown>;
    const about = VARIANT_FIELDS.some((k) => {
      const value = o[k];
      return (typeof value === 'string' || typeof value === 'number') && String(value) === variantServerId;
    });
    const action = firstOf(o, [...CODE_FIELDS], text);
    if (about && action !== null) yield { entry: o, action: action.value };
  }
}

/** A field whose name says "channel", on the entry or one level inside it: its name. */
function channelOf(o: Record<string, unknown>, depth = 0): string | null {
  for (const [key, value] of Object.entries(o)) {
    if (/channel/i.test(key) && !isIdKey(key)) {
      const named = nameOf(value);
      if (named) return named;
    }
    if (depth === 0 && value && typeof value === 'object' && !Array.isArray(value)) {
      const inner = channelOf(value as Record<string, unknown>, 1);
      if (inner) return inner;
    }
  }
  return null;
}

export interface SignOffWait {
  /** The channel that must approve, when the entry names it. */
  channel: string | null;
  /** When the variant was sent for sign-off, when the entry says. */
  since: string | null;
}

/**
 * Who must approve a variant and since when, when its post's activity plainly says so: the newest
 * entry that names the variant with an action about approval or sign-off, and a channel's name
 * or a time in it. Null when none does: the entries' fields are not promised.
 */
export function signOffWait(entries: readonly unknown[], variantServerId: string | null): SignOffWait | null {
  for (const { entry, action } of entriesAbout(entries, variantServerId)) {
    if (!/approv|sign.?off/i.test(action)) continue;
    const channel = channelOf(entry);
    const since = firstOf(entry, TIME_FIELDS, text)?.value ?? null;
    if (channel !== null || since !== null) return { channel, since };
  }
  return null;
}

/** A writing skill as the editor offers it: its name, and the text it puts in a variant. */
export interface SkillChoice {
  name: string;
  text: string;
}

/** What a skill inserts: its longer text (a description, a body) when it has one, else its name. */
export function skillChoice(skill: unknown): SkillChoice {
  const d = describeEntry(skill);
  return { name: d.title, text: d.text ?? d.title };
}

/** The editor's way to a writing skill, in words. */
export const SKILL_PICKER = {
  open: 'Insert skill',
  openTitle: 'Put a writing skill of this workspace into the text, where the caret is',
  group: 'Insert a writing skill',
  find: 'Find a writing skill',
  list: 'Writing skills',
  loading: 'Loading the writing skills…',
  none: 'This workspace has no writing skills.',
  noMatch: 'No writing skill matches.',
  more: (shown: number, all: number) => `${shown} of ${all} shown: type to find the others.`,
} as const;
