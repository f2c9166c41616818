import en from "./messages/en/validation.json";

// Schema messages are catalog keys ("validation.team.emailInvalid"); pages translate them with the
// reader's locale. API answers and the CLI speak English, so they resolve the key here.

export const VALIDATION_PREFIX = "validation.";

/** What an issue carries besides its message; limits and custom params fill the placeholders. */
export interface IssueLike {
  message: string;
  minimum?: unknown;
  maximum?: unknown;
  params?: Record<string, unknown>;
}

/** The catalog text of a key, or undefined when the key is not in the English catalog. */
export function englishValidationText(key: string): string | undefined {
  if (!key.startsWith(VALIDATION_PREFIX)) return undefined;
  let node: unknown = en;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** The values a message's placeholders may use. */
export function issueValues(issue: IssueLike): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries({ minimum: issue.minimum, maximum: issue.maximum, ...issue.params })) {
    if (v !== undefined && v !== null) values[k] = String(v);
  }
  return values;
}

/** The English sentence of an issue; a message that is not a known key is returned as it is. */
export function validationMessage(issue: IssueLike): string {
  const text = englishValidationText(issue.message);
  if (text === undefined) return issue.message;
  const values = issueValues(issue);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
