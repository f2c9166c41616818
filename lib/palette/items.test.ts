import { describe, expect, it } from "vitest";
import { ACTION_KEYS, ACTION_TARGETS, COMMAND_KEYS, PAGES, matchesQuery, matchingActions, matchingCommands, matchingPages, pageHref, pagesFor, type ActionKey } from "@/lib/palette/items";
import en from "@/lib/i18n/messages/en/palette.json";
import tr from "@/lib/i18n/messages/tr/palette.json";
import erpEn from "@/lib/i18n/messages/en/erp.json";
import erpTr from "@/lib/i18n/messages/tr/erp.json";
import { PAGE_KEYS } from "@/lib/palette/recent";

describe("matchesQuery", () => {
  it("matches everything on an empty or blank query", () => {
    expect(matchesQuery("", ["Team"])).toBe(true);
    expect(matchesQuery("   ", ["Team"])).toBe(true);
  });

  it("folds Turkish letters and case like the warehouse index", () => {
    expect(matchesQuery("izmir", ["İzmir Şube"])).toBe(true);
    expect(matchesQuery("IZMIR SUBE", ["İzmir Şube"])).toBe(true);
    expect(matchesQuery("ıçe", ["İçe aktarma başlat"])).toBe(true);
    expect(matchesQuery("aktarma", ["Siparişleri ERP’ye aktar"])).toBe(false);
  });

  it("needs every word, in any of the texts", () => {
    expect(matchesQuery("new ware", ["New warehouse"])).toBe(true);
    expect(matchesQuery("new team", ["New warehouse"])).toBe(false);
    expect(matchesQuery("erp import", ["Start an import", "ERP"])).toBe(true);
  });
});

describe("the palette's places", () => {
  it("has a page for every page key, each with its own address", () => {
    expect(PAGES.map((p) => p.key).sort()).toEqual([...PAGE_KEYS].sort());
    expect(new Set(PAGES.map((p) => p.href)).size).toBe(PAGES.length);
    expect(pageHref("schedules")).toBe("/erp/schedules");
  });

  it("offers the keys page to admins only, the API reference to every role", () => {
    const keys = (role: "viewer" | "operator" | "admin") => pagesFor(role).map((p) => p.key);
    expect(keys("admin")).toEqual(expect.arrayContaining(["apiKeys", "apiReference", "team"]));
    expect(keys("operator")).not.toContain("apiKeys");
    expect(keys("viewer")).not.toContain("apiKeys");
    expect(keys("viewer")).toEqual(expect.arrayContaining(["apiReference", "home", "alerts"]));
    expect(pageHref("apiReference")).toBe("/team/api");
  });

  it("starts the ERP actions at their sections of the ERP page, each import at its own dialog", () => {
    expect(ACTION_TARGETS.transfer).toEqual({ href: "/erp#transfer", focus: "transfer" });
    expect(ACTION_TARGETS.importStock).toEqual({ href: "/erp?start=stock#imports" });
    expect(ACTION_TARGETS.importPrices).toEqual({ href: "/erp?start=prices#imports" });
    expect(ACTION_TARGETS.importProducts).toEqual({ href: "/erp?start=products#imports" });
    expect(ACTION_TARGETS.newWarehouse.href).toBe("/warehouses/new");
  });
});

describe("matchingActions", () => {
  const labels = { en: en.palette.actions, tr: tr.palette.actions };
  const find = (query: string, lang: "en" | "tr" = "en") => matchingActions(query, (key: ActionKey) => labels[lang][key]);

  it("finds each import by its own word, in Turkish or English, on a page in either language", () => {
    for (const lang of ["en", "tr"] as const) {
      for (const word of ["stok", "stock", "STOK"]) expect(find(word, lang), `${word} (${lang})`).toEqual(["importStock"]);
      for (const word of ["fiyat", "price", "prices"]) expect(find(word, lang), `${word} (${lang})`).toEqual(["importPrices"]);
      for (const word of ["ürün", "urun", "product", "products"]) expect(find(word, lang), `${word} (${lang})`).toEqual(["importProducts"]);
    }
  });

  it("finds every import by import, and one import by two words", () => {
    expect(find("import")).toEqual(["importStock", "importPrices", "importProducts"]);
    expect(find("içe aktar", "tr")).toEqual(["importStock", "importPrices", "importProducts"]);
    expect(find("start stock import")).toEqual(["importStock"]);
    expect(find("stok başlat", "tr")).toEqual(["importStock"]);
    expect(find("stock fiyat")).toEqual([]);
  });

  it("lists every action on an empty query, and none for an unrelated word", () => {
    expect(find("")).toEqual([...ACTION_KEYS]);
    expect(find("izmir")).toEqual([]);
    expect(find("team")).toEqual([]);
  });

  it("has a label for every action in both catalogs", () => {
    for (const key of ACTION_KEYS) {
      expect(labels.en[key]).toBeTruthy();
      expect(labels.tr[key]).toBeTruthy();
    }
  });
});

describe("pages and commands in either language", () => {
  const catalogs = { en: en.palette, tr: tr.palette };
  const pages = (query: string, lang: "en" | "tr", role: "viewer" | "admin" = "admin") => matchingPages(query, pagesFor(role), (key) => catalogs[lang].pages[key]).map((p) => p.key);
  const commands = (query: string, lang: "en" | "tr") => matchingCommands(query, (key) => catalogs[lang].commands[key]);

  it("finds the failures inbox, the queue and the keys page by Turkish words, whatever the member's language, with Turkish case", () => {
    for (const lang of ["en", "tr"] as const) {
      expect(pages("başarısız", lang), lang).toEqual(["failures"]);
      expect(pages("BAŞARISIZ", lang), lang).toEqual(["failures"]);
      expect(pages("kuyruk", lang), lang).toEqual(["queue"]);
      expect(pages("KUYRUK", lang), lang).toEqual(["queue"]);
      expect(pages("anahtar", lang), lang).toEqual(["apiKeys"]);
      expect(pages("failures", lang), lang).toEqual(["failures"]);
      expect(pages("queue", lang), lang).toEqual(["queue"]);
    }
    expect(pageHref("failures")).toBe("/erp/failures");
    expect(pageHref("queue")).toBe("/erp#queue");
  });

  it("finds sign-out and the themes by Turkish and English words, dotted and dotless I alike", () => {
    for (const lang of ["en", "tr"] as const) {
      expect(commands("çıkış", lang), lang).toEqual(["signOut"]);
      expect(commands("ÇIKIŞ", lang), lang).toEqual(["signOut"]);
      expect(commands("sign out", lang), lang).toEqual(["signOut"]);
      expect(commands("karanlık", lang), lang).toEqual(["themeDark"]);
      expect(commands("KARANLIK", lang), lang).toEqual(["themeDark"]);
      expect(commands("dark", lang), lang).toEqual(["themeDark"]);
      expect(commands("tema", lang), lang).toEqual(["themeDark", "themeLight", "themeSystem"]);
      expect(commands("izmir", lang), lang).toEqual([]);
    }
  });

  it("has a label for every page and command in both catalogs", () => {
    for (const lang of ["en", "tr"] as const) {
      for (const p of PAGES) expect(catalogs[lang].pages[p.key], `${lang} ${p.key}`).toBeTruthy();
      for (const key of COMMAND_KEYS) expect(catalogs[lang].commands[key], `${lang} ${key}`).toBeTruthy();
    }
  });
});

describe("one name per import kind", () => {
  it("the palette starts each import by the name the ERP page gives it, in both languages, and no other name is used", () => {
    const pairs = [["importStock", "stock"], ["importPrices", "prices"], ["importProducts", "products"]] as const;
    for (const [palette, erp] of [[en.palette, erpEn.erp], [tr.palette, erpTr.erp]] as const) {
      for (const [action, kind] of pairs) expect(palette.actions[action]).toBe(erp.imports.kinds[kind].start);
      const texts = JSON.stringify([palette, erp]);
      expect(texts).not.toMatch(/stock update|stok güncellemesi|içe aktarmayı/i);
    }
  });
});
