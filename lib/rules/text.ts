// The one text policy for typed names, codes and search text, free of zod and server code so the browser applies it too.

// Variation selectors show nothing, except VS15/VS16 choosing how an emoji looks (so "❤️" stays a valid name).
/** What makes a text read as another on screen or in the audit; visible spaces (NBSP) stay. */
export const CONTROL_CHARACTERS =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u2800\u3164\uFE00-\uFE0D\uFFA0\u{E0100}-\u{E01EF}]|(?<!\p{Extended_Pictographic})[\uFE0E\uFE0F]|\p{M}{5}/u;

const NONE_OF_THEM = `(?![\\s\\S]*(?:${CONTROL_CHARACTERS.source}))`;
export const PLAIN_TEXT_PATTERN = `^${NONE_OF_THEM}[\\s\\S]*$`;
export const FILLED_TEXT_PATTERN = `^(?=[\\s\\S]*\\S)${NONE_OF_THEM}[\\s\\S]*$`;
export const CODE_PATTERN = `^${NONE_OF_THEM}\\s*\\S+\\s*$`;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}
