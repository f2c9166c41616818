import en from "@/lib/i18n/messages/en/validation.json";

// Schema messages are catalog keys: pages translate them, API answers and the CLI resolve them to English here.

export const VALIDATION_PREFIX = "validation.";

export interface IssueLike {
  message: string;
  minimum?: unknown;
  maximum?: unknown;
  params?: Record<string, unknown>;
}

export function englishValidationText(key: string): string | undefined {
  if (!key.startsWith(VALIDATION_PREFIX)) return undefined;
  let node: unknown = en;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function issueValues(issue: IssueLike): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries({ minimum: issue.minimum, maximum: issue.maximum, ...issue.params })) {
    if (v !== undefined && v !== null) values[k] = String(v);
  }
  return values;
}

export function validationMessage(issue: IssueLike): string {
  const text = englishValidationText(issue.message);
  if (text === undefined) return issue.message;
  const values = issueValues(issue);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

interface EnglishPattern {
  key: string;
  pattern: RegExp;
  names: string[];
}

let patterns: EnglishPattern[] | undefined;

function englishPatterns(): EnglishPattern[] {
  if (patterns) return patterns;
  const out: EnglishPattern[] = [];
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === "string") {
      const names: string[] = [];
      const source = node
        .split(/(\{\w+\})/)
        .map((part) => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1];
          if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          names.push(name);
          return "(.+?)";
        })
        .join("");
      out.push({ key: prefix, pattern: new RegExp(`^${source}$`, "s"), names });
    } else if (node && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
    }
  };
  walk(en, "");
  patterns = out;
  return patterns;
}

/** The key and values behind an English sentence `validationMessage` made, so a page can show it in its own language. */
export function validationKeyOf(english: string): { key: string; values: Record<string, string> } | undefined {
  for (const { key, pattern, names } of englishPatterns()) {
    const match = pattern.exec(english);
    if (match) return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ""])) };
  }
  return undefined;
}
