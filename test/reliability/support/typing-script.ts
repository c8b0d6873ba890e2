// What the typing crash run types: a text made from a seed, as the keys that type it (whole
// characters, so an emoji is one key and no prefix ever ends inside it).
import { createRng } from './random';

export function typingScript(seed: number, keys = 2_000): string[] {
  const rng = createRng(seed);
  const chars: string[] = [];
  while (chars.length < keys) {
    if (chars.length > 0) chars.push(rng.chance(0.1) ? '\n' : ' ');
    chars.push(...Array.from(rng.words(1)));
  }
  return chars.slice(0, keys);
}

/** The text once the first `typed` keys are in. */
export function typedText(script: readonly string[], typed: number): string {
  return script.slice(0, typed).join('');
}
