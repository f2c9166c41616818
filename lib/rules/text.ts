// The one text policy for typed names, codes and search text, free of zod and server code so the browser applies it too.

/** What makes a text read as another on screen or in the audit; visible spaces (NBSP) stay. */
export const CONTROL_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u034F\u115F\u1160\u17B4\u17B5\u3164\uFFA0]|\p{M}{5}/u;

const NONE_OF_THEM = `(?![\\s\\S]*(?:${CONTROL_CHARACTERS.source}))`;
/** The policy as a JSON Schema pattern (ECMA-262 with Unicode), for descriptions: a text without control characters. */
export const PLAIN_TEXT_PATTERN = `^${NONE_OF_THEM}[\\s\\S]*$`;
/** The same, and not blank: what a required field takes once trimmed. */
export const FILLED_TEXT_PATTERN = `^(?=[\\s\\S]*\\S)${NONE_OF_THEM}[\\s\\S]*$`;
/** A code: one word once trimmed, without control characters. */
export const CODE_PATTERN = `^${NONE_OF_THEM}\\s*\\S+\\s*$`;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}
