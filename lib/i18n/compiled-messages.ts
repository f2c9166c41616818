import compile from "icu-minify/compile";
import type { Locale } from "@/lib/i18n/config";
import { messagesFor } from "@/lib/i18n/messages";

// The catalogs as next-intl formats them: each message parsed once per process on the server, so neither the
// browser nor the server parses ICU at run time and the browser ships no ICU parser (use-intl's format-only
// formatter, aliased in next.config.mjs; about 8.6 KiB gzipped off every page's first load).
// The catalog files stay plain JSON: the code that reads them as text (API validation messages) is unchanged.

type Node = string | ReturnType<typeof compile> | { [key: string]: Node };

function compileTree(node: unknown): Node {
  if (typeof node === "string") {
    try {
      return compile(node);
    } catch {
      // Not valid ICU (e.g. "<column>" read as a tag): shown as written.
      return node;
    }
  }
  const out: { [key: string]: Node } = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) out[key] = compileTree(value);
  return out;
}

const compiled = new Map<Locale, Record<string, unknown>>();

export function compiledMessagesFor(locale: Locale): Record<string, unknown> {
  let messages = compiled.get(locale);
  if (!messages) {
    // Through JSON, as next-intl's own loader emits them: plain objects only (the compiler makes null-prototype
    // ones, which React refuses to pass to the client provider).
    messages = JSON.parse(JSON.stringify(compileTree(messagesFor(locale)))) as Record<string, unknown>;
    compiled.set(locale, messages);
  }
  return messages;
}
