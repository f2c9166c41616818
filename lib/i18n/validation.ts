import { messagesFor } from "@/lib/i18n/messages";
import { DomainError, issueText, type FieldCodes, type ProblemCode, type TextCode } from "@/lib/rules/problems";

// The one text path of a 422: catalog keys with parameters, in English here for API callers and the CLI, in the member's language on pages.

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

export function englishText({ code, params }: TextCode): string {
  const text = lookup(code);
  if (text === undefined) return code;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => params?.[name] ?? whole);
}

export function issueCode(issue: IssueLike): TextCode {
  const text = issueText(issue);
  return isCatalogKey(text.code) ? text : { ...text, code: FALLBACK_CODE };
}

export function validationMessage(issue: IssueLike): string {
  return isCatalogKey(issue.message) ? englishText(issueCode(issue)) : issue.message;
}

export interface ValidationOptions {
  where?: string;
  detail?: string;
  english?: Record<string, string[]>;
  code?: ProblemCode;
  extra?: Record<string, unknown>;
}

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

export function refusal(code: ProblemCode, text: TextCode, extra?: Record<string, unknown>, fields?: FieldCodes): DomainError {
  const members = { ...extra, detailCode: text };
  return fields ? validationFailed(fields, { code, detail: englishText(text), extra: members }) : new DomainError(code, englishText(text), members);
}
