// The one text policy for names, codes and search text typed into the console, kept free of zod
// and of server code so the browser applies the same rule as the route handlers.

/**
 * C0 and C1 controls, the line and paragraph separators, and the bidi embeddings, overrides and
 * isolates (which can make a name read as another on screen or in the audit trail).
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}
