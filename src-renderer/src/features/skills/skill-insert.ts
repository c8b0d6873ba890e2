// Putting a writing skill into a text where the caret is, as typing would: through the
// browser's own editing (so Ctrl+Z takes it out again, and the text's input event saves it).
import type { SkillChoice } from '@preload/words/service-records';

/** The skills whose name or text holds every word typed (case and accents aside). */
export function matchingSkills(skills: readonly SkillChoice[], query: string): SkillChoice[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...skills];
  return skills.filter((s) => {
    const haystack = fold(`${s.name} ${s.text}`);
    return words.every((w) => haystack.includes(w));
  });
}

const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** The text to insert between `before` and `after`: set apart by a space where words would touch. */
export function spacedInsert(before: string, text: string, after: string): string {
  const lead = before !== '' && !/\s$/.test(before) ? ' ' : '';
  const trail = after !== '' && !/^\s/.test(after) ? ' ' : '';
  return `${lead}${text}${trail}`;
}

/**
 * Inserts `text` into `field` over the selection `at`, as an edit of the person's: the field has
 * the caret after it. The browser's insertText keeps it on the field's own undo stack; where a
 * browser refuses it, the text is set and the same input event is sent.
 */
export function insertAtCaret(
  field: HTMLTextAreaElement,
  text: string,
  at: { start: number; end: number },
): void {
  field.focus();
  field.setSelectionRange(at.start, at.end);
  const insert = spacedInsert(field.value.slice(0, at.start), text, field.value.slice(at.end));
  // execCommand is old, but still the one way onto a field's own undo stack.
  if (document.execCommand('insertText', false, insert)) return;
  field.setRangeText(insert, at.start, at.end, 'end');
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
