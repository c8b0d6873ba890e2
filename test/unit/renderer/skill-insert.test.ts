// A writing skill found by any words of its name or text, and set apart from the words around
// the caret by a space where they would otherwise touch.
import { describe, expect, it } from 'vitest';
import { matchingSkills, spacedInsert } from '../../../src-renderer/src/features/skills/skill-insert';
import { skillChoice } from '@preload/words/service-records';

describe('writing skills in the editor', () => {
  const skills = [
    { name: 'Brand voice', text: 'Warm, short sentences; no jargon.' },
    { name: 'Café tone', text: 'Talk like a barista.' },
  ];

  it('finds a skill by every word typed, case and accents aside', () => {
    expect(matchingSkills(skills, '').map((s) => s.name)).toEqual(['Brand voice', 'Café tone']);
    expect(matchingSkills(skills, 'CAFE barista').map((s) => s.name)).toEqual(['Café tone']);
    expect(matchingSkills(skills, 'warm jargon').map((s) => s.name)).toEqual(['Brand voice']);
    expect(matchingSkills(skills, 'warm barista')).toEqual([]);
  });

  it('inserts its text, else its name, with a space only where words would touch', () => {
    expect(skillChoice({ name: 'Brand voice', description: 'Warm.' })).toEqual({
      name: 'Brand voice',
      text: 'Warm.',
    });
    expect(skillChoice({ name: 'Brand voice' })).toEqual({ name: 'Brand voice', text: 'Brand voice' });
    expect(spacedInsert('', 'Warm.', '')).toBe('Warm.');
    expect(spacedInsert('Hello', 'Warm.', 'world')).toBe(' Warm. ');
    expect(spacedInsert('Hello ', 'Warm.', '\nworld')).toBe('Warm.');
  });
});
