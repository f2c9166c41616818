import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage } from "@/lib/i18n/config";
import { CATALOG_FILES, messagesFor } from "@/lib/i18n/messages";

const en = messagesFor("en");
const tr = messagesFor("tr");

function keys(obj: object, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === "object" ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

function placeholders(obj: object): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const walk = (o: object, prefix: string) => {
    for (const [k, v] of Object.entries(o)) {
      if (v && typeof v === "object") walk(v as object, `${prefix}${k}.`);
      else out[`${prefix}${k}`] = [...String(v).matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1] ?? "").sort();
    }
  };
  walk(obj, "");
  return out;
}

describe("message catalogs", () => {
  it("never define one namespace in two files", () => {
    for (const files of Object.values(CATALOG_FILES)) {
      const namespaces = Object.values(files).flatMap((f) => Object.keys(f));
      expect(new Set(namespaces).size).toBe(namespaces.length);
    }
  });

  it("English and Turkish have the same keys", () => {
    expect(keys(tr).sort()).toEqual(keys(en).sort());
  });

  it("use the same placeholders in both languages", () => {
    expect(placeholders(tr)).toEqual(placeholders(en));
  });

  it("have no empty texts", () => {
    for (const [key, names] of Object.entries(placeholders(en))) expect(key && names).toBeTruthy();
    const empty = (o: object): boolean =>
      Object.values(o).some((v) => (v && typeof v === "object" ? empty(v as object) : String(v).trim() === ""));
    expect(empty(en)).toBe(false);
    expect(empty(tr)).toBe(false);
  });
});

describe("localeFromAcceptLanguage", () => {
  it.each([
    [undefined, "en"],
    ["tr-TR,tr;q=0.9,en;q=0.8", "tr"],
    ["de-DE,en;q=0.5,tr;q=0.7", "tr"],
    ["fr", "en"],
  ])("%s -> %s", (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
