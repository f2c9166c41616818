import { messagesFor } from "@/lib/i18n/messages";
import { DomainError, issueText, type FieldCodes, type ProblemCode, type TextCode } from "@/lib/rules/problems";

// The one text path of a 422: schema messages and domain rules are catalog keys with parameters; API callers and
// the CLI read them in English from here, pages say them in the member's language from the same key.

/** Said for a message that is no catalog key (a zod default): pages never show an unkeyed sentence. */
export const FALLBACK_CODE = "validation.invalid";

const EN = messagesFor("en");

export interface IssueLike {
  path?: readonly PropertyKey[];
  message: string;
  minimum?: unknown;
  maximum?: unknown;
  params?: Record<string, unknown>;
}

function lookup(key: string): string | undefined {
  let node: unknown = EN;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function isCatalogKey(key: string): boolean {
  return lookup(key) !== undefined;
}

/** The English text of a catalog key with its parameters filled; the key itself when the catalog has none. */
export function englishText({ code, params }: TextCode): string {
  const text = lookup(code);
  if (text === undefined) return code;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => params?.[name] ?? whole);
}

/** A zod issue (or one shaped like it) as a code; a message that is no key says the fallback. */
export function issueCode(issue: IssueLike): TextCode {
  const text = issueText(issue);
  return isCatalogKey(text.code) ? text : { ...text, code: FALLBACK_CODE };
}

/** The English text of an issue: its catalog text, or a message that is no key as it was given. */
export function validationMessage(issue: IssueLike): string {
  return isCatalogKey(issue.message) ? englishText(issueCode(issue)) : issue.message;
}

export interface ValidationOptions {
  /** What was parsed ("body", "query", "path"), named in the detail. */
  where?: string;
  /** A detail of its own in place of "Invalid body: check ...". */
  detail?: string;
  /** A message's own English words where it was no catalog key; a field here and not in the codes has words only (the platform's). */
  english?: Record<string, string[]>;
  /** The problem when the fields are refused by a rule rather than as invalid input (a conflict, the platform's refusal). */
  code?: ProblemCode;
  /** Members beside the fields. */
  extra?: Record<string, unknown>;
}

/** The one builder of a field refusal: `errors` in English for API callers, `fieldCodes` (the same messages as keys and parameters) for pages. */
export function validationFailed(fields: FieldCodes, { where = "input", detail, english, code = "validation_failed", extra }: ValidationOptions = {}): DomainError {
  // No prototype: a field may be named "constructor" or "toString" (an unknown query parameter).
  const errors: Record<string, string[]> = Object.create(null);
  const fieldCodes: FieldCodes = Object.create(null);
  for (const [field, codes] of Object.entries(fields)) {
    errors[field] = codes.map((c, i) => english?.[field]?.[i] ?? englishText(c));
    fieldCodes[field] = codes;
  }
  for (const [field, words] of Object.entries(english ?? {})) if (!Object.hasOwn(fields, field)) errors[field] = words;
  const named = Object.keys(errors).filter((k) => k !== "_");
  const text = detail ?? (named.length ? `Invalid ${where}: check ${named.join(", ")}.` : `Invalid ${where}.`);
  return new DomainError(code, text, { ...extra, errors, fieldCodes });
}

/** Zod issues as the one validation problem, grouped by field ("_" for the whole input). */
export function issuesFailed(issues: readonly IssueLike[], where = "input"): DomainError {
  const fields: FieldCodes = Object.create(null);
  const english: Record<string, string[]> = Object.create(null);
  for (const issue of issues) {
    const field = issue.path?.length ? issue.path.map(String).join(".") : "_";
    (fields[field] ??= []).push(issueCode(issue));
    (english[field] ??= []).push(validationMessage(issue));
  }
  return validationFailed(fields, { where, english });
}

/** A refusal whose detail is a catalog text (and, given `fields`, its field messages too): English for API callers, the codes for pages. */
export function refusal(code: ProblemCode, text: TextCode, extra?: Record<string, unknown>, fields?: FieldCodes): DomainError {
  const members = { ...extra, detailCode: text };
  return fields ? validationFailed(fields, { code, detail: englishText(text), extra: members }) : new DomainError(code, englishText(text), members);
}
