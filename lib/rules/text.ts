// The one text policy for typed names, codes and search text, free of zod and server code so the browser applies it too.

/** Controls, line separators and bidi overrides/isolates (which can make a name read as another on screen or in the audit trail). */
export const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}
