// The one text policy for typed names, codes and search text, free of zod and server code so the browser applies it too.

/**
 * What no name, code or search text may hold, because it makes a text read as another on screen or in the audit trail:
 * controls (C0, C1), line and paragraph separators, every format character (bidi embeddings, overrides, isolates and
 * marks, zero-width spaces and joiners, word joiner, BOM, soft hyphen, tag characters...), unpaired surrogates, the
 * invisible fillers and joiners that are letters or marks (Hangul fillers, combining grapheme joiner, Khmer inherent
 * vowels), and more than four combining marks in a row (stacked marks spill over their neighbours). NBSP and the other
 * visible-width spaces stay allowed: they show as a gap.
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u034F\u115F\u1160\u17B4\u17B5\u3164\uFFA0]|\p{M}{5}/u;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}
