import format from "icu-minify/format";
import type { Locale } from "@/lib/i18n/config";
import { compiledMessagesFor } from "@/lib/i18n/compiled-messages";

type Values = Record<string, string | number>;

export interface CatalogTranslator {
  (key: string, values?: Values): string;
  has(key: string): boolean;
}

const formatters = {
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
};

function lookup(messages: Record<string, unknown>, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const isMessage = (node: unknown) => typeof node === "string" || Array.isArray(node);

/** The catalogs' texts for server-made files and mails: formats the compiled messages itself, as the pages' formatter does. */
export function catalogTranslator(locale: Locale, timeZone: string): CatalogTranslator {
  const messages = compiledMessagesFor(locale);
  const t = (key: string, values?: Values): string => {
    const message = lookup(messages, key);
    if (!isMessage(message)) return key;
    const out = format<string>(message as never, locale, values, { formatters, timeZone });
    return Array.isArray(out) ? out.join("") : String(out);
  };
  return Object.assign(t, { has: (key: string) => isMessage(lookup(messages, key)) });
}
