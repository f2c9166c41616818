import { describe, expect, it } from "vitest";
import { ACTION_TARGETS, PAGES, matchesQuery, pageHref } from "@/lib/palette/items";
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

  it("starts the ERP actions at their sections of the ERP page", () => {
    expect(ACTION_TARGETS.transfer).toEqual({ href: "/erp#transfer", focus: "transfer" });
    expect(ACTION_TARGETS.import).toEqual({ href: "/erp#imports", focus: "imports" });
    expect(ACTION_TARGETS.newWarehouse.href).toBe("/warehouses/new");
  });
});
