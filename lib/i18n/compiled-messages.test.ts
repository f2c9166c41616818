import format from "icu-minify/format";
import { createTranslator, type AbstractIntlMessages } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { compiledMessagesFor } from "@/lib/i18n/compiled-messages";
import { messagesFor } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/config";

// The pages format compiled messages (use-intl's format-only formatter, aliased in next.config.mjs); this checks
// every message of both catalogs reads the same as the ICU parser makes of the catalog's text, for every plural
// and select branch.

type Values = Record<string, string | number | Date | ((chunks: unknown) => string)>;

function leaves(node: unknown, prefix = ""): [string, unknown][] {
  if (typeof node === "string" || Array.isArray(node)) return [[prefix, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

/** Values for each argument the compiled message names: one set per plural count and select branch. */
function valueSets(message: unknown): Values[] {
  const base: Values = {};
  const variants: Values[] = [];
  const visit = (node: unknown) => {
    if (!Array.isArray(node)) return;
    const [name, kind, ...rest] = node as [unknown, unknown, ...unknown[]];
    if (typeof name !== "string") {
      node.forEach(visit);
      return;
    }
    if (kind === undefined) base[name] ??= "Xy";
    else if (kind === 2 || kind === 3) {
      base[name] = 1;
      for (const n of [0, 2, 5, 21]) variants.push({ [name]: n });
      Object.values(rest[0] as object).forEach(visit);
    } else if (kind === 1) {
      const options = Object.keys(rest[0] as object);
      base[name] = options[0] ?? "other";
      for (const option of [...options, "not-an-option"]) variants.push({ [name]: option });
      Object.values(rest[0] as object).forEach(visit);
    } else if (kind === 4) base[name] = 1234.5;
    else if (kind === 5 || kind === 6) base[name] = new Date(Date.UTC(2026, 10, 23, 13, 5));
    else {
      base[name] = (chunks: unknown) => `<${name}>${([] as unknown[]).concat(chunks).join("")}</${name}>`;
      [kind, ...rest].forEach(visit);
    }
  };
  if (Array.isArray(message)) message.forEach(visit);
  return [base, ...variants.map((v) => ({ ...base, ...v }))];
}

const formatters = {
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
};

describe.each(["en", "tr"] as Locale[])("compiled %s catalog", (locale) => {
  const compiled = compiledMessagesFor(locale);
  const raw = createTranslator({ locale, messages: messagesFor(locale) as AbstractIntlMessages, timeZone: "Europe/Istanbul", onError: () => undefined });

  it("has every message of the catalog, in plain objects the server can hand to the client", () => {
    expect(leaves(compiled).map(([id]) => id)).toEqual(leaves(messagesFor(locale)).map(([id]) => id));
    const plain = (node: unknown): boolean =>
      Array.isArray(node) ? node.every(plain) : node && typeof node === "object" ? Object.getPrototypeOf(node) === Object.prototype && Object.values(node).every(plain) : true;
    expect(plain(compiled)).toBe(true);
  });

  it("formats every message, branch and argument as the catalog's text does", () => {
    let checked = 0;
    for (const [id, message] of leaves(compiled)) {
      // Not valid ICU: kept as written (the parser refuses it, so the translator would show the key).
      if (id === "validation.warehouses.sort") {
        expect(typeof message).toBe("string");
        continue;
      }
      for (const values of valueSets(message)) {
        const expected = raw.markup(id as never, values as never);
        const got = format<string>(message as never, locale, values, { formatters, timeZone: "Europe/Istanbul" });
        expect([id, Array.isArray(got) ? got.join("") : String(got)]).toEqual([id, expected]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
