// Which column holds what: matched by its header, blind to case, accents and punctuation, with
// the usual synonyms people write ("content", "caption", "date"...). The person can choose
// again for any column before going on; the core reads the table through that choice.
import type { ImportField } from '../contract/import';

/** The columns an import reads, and an export writes first, in this order. */
export const IMPORT_FIELDS = ['title', 'platform', 'account', 'text', 'time', 'post'] as const;
/** The columns an export adds; an import recognises them and reads only `id`. */
export const EXPORT_EXTRA_FIELDS = ['state', 'link', 'id'] as const;

const SYNONYMS: Record<ImportField, readonly string[]> = {
  title: ['title', 'post title', 'headline', 'subject', 'name', 'titre', 'titel', 'titulo'],
  platform: ['platform', 'network', 'social network', 'channel', 'service', 'plateforme', 'plattform'],
  account: ['account', 'profile', 'handle', 'social profile', 'page', 'compte', 'konto', 'cuenta'],
  text: ['text', 'content', 'caption', 'body', 'message', 'copy', 'post text', 'tweet', 'texte', 'contenu'],
  time: [
    'time',
    'date',
    'when',
    'datetime',
    'date time',
    'scheduled',
    'scheduled at',
    'scheduled time',
    'schedule',
    'publish at',
    'publish time',
    'send at',
    'heure',
    'zeit',
    'datum',
    'fecha',
  ],
  post: ['post', 'group', 'post group', 'thread'],
  state: ['state', 'status'],
  link: ['link', 'url', 'permalink'],
  id: ['id', 'variant id', 'outpost id'],
};

/** A header as it is compared: lower case, accents and punctuation gone. */
export function foldHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const BY_WORD = new Map<string, ImportField>(
  (Object.entries(SYNONYMS) as Array<[ImportField, readonly string[]]>).flatMap(([field, words]) =>
    words.map((w) => [w, field] as const),
  ),
);

/** The field a header names, or null. */
export function fieldOfHeader(header: string): ImportField | null {
  return BY_WORD.get(foldHeader(header)) ?? null;
}

/** Each column's field, by its header: a field goes to the first column that names it. */
export function matchColumns(header: readonly string[]): Array<ImportField | null> {
  const taken = new Set<ImportField>();
  return header.map((h) => {
    const field = fieldOfHeader(h);
    if (field === null || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** The columns with `field` given to column `index`, taken from any other column that had it. */
export function remapColumn(
  columns: ReadonlyArray<ImportField | null>,
  index: number,
  field: ImportField | null,
): Array<ImportField | null> {
  return columns.map((f, i) => (i === index ? field : field !== null && f === field ? null : f));
}
