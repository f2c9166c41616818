// The one text policy for typed names, codes and search text, free of zod and server code so the browser applies it too.

/** What makes a text read as another on screen or in the audit; visible spaces (NBSP) stay. */
export const CONTROL_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u034F\u115F\u1160\u17B4\u17B5\u3164\uFFA0]|\p{M}{5}/u;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}
