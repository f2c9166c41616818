import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { validationMessage } from "@/lib/i18n/validation";
import { defineListBase, field, limit, oneOf, optional, page } from "@/lib/list/base";
import { defineList } from "@/lib/list/definition";

const digits = (v: string) => (/^\d+$/.test(v) ? v : null);
const inverted = (v: { from?: string; to?: string }) => Boolean(v.from && v.to && Number(v.from) > Number(v.to));

const list = defineList(
  defineListBase({
    path: "/api/things",
    pageSizes: [10, 25],
    fields: {
      color: optional(oneOf(["red", "blue"]), "validation.color"),
      from: optional(digits, "validation.digits"),
      to: optional(digits, "validation.digits"),
      sort: field({ fallback: "a" as "a" | "b", message: "validation.sort" }, oneOf(["a", "b"])),
      page: page(100),
      limit: limit([10, 25] as const, 10),
    },
    filters: ["color", "from", "to"],
    urlKeys: { page: "tpage" },
    reject: (v) => (inverted(v) ? { field: "to" as const, message: "validation.range" } : undefined),
    repair: (v) => (inverted(v) ? { ...v, from: undefined, to: undefined } : v),
  }),
);

const messages = (r: z.ZodSafeParseResult<unknown>) => (r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message])));

describe("defineList", () => {
  it("gives each field's default", () => {
    expect(list.defaults).toEqual({ color: undefined, from: undefined, to: undefined, sort: "a", page: 1, limit: 10 });
  });

  it("strict query: names unknown parameters, bad values and the cross-field rule in one answer", () => {
    expect(list.querySchema.parse({ color: "red", page: "2", limit: "25" })).toEqual({ ...list.defaults, color: "red", page: 2, limit: 25 });
    const bad = list.querySchema.safeParse({ color: "green", page: "0", limit: "11", nope: "1" });
    expect(messages(bad)).toEqual({ color: "validation.color", page: "validation.pageNumber", limit: "validation.pageSize", nope: "validation.unknownParameter" });
    expect(messages(list.querySchema.safeParse({ from: "5", to: "2" }))).toEqual({ to: "validation.range" });
    const limit = list.querySchema.safeParse({ limit: "11" });
    expect(limit.success ? null : validationMessage(limit.error.issues[0]!)).toBe("Use one of 10, 25.");
    // Only the input's own keys count: a prototype's `sort` is no parameter.
    expect(list.querySchema.parse([])).toEqual(list.defaults);
  });

  it("tolerant load: a bad value falls back to its default, URL keys are read, the repair runs", () => {
    expect(list.load({ color: "green", tpage: "3", limit: "999", sort: "b" })).toEqual({ ...list.defaults, page: 3, sort: "b" });
    expect(list.load("?from=5&to=2&color=blue")).toEqual({ ...list.defaults, color: "blue" });
    expect(list.load({ color: ["blue", "red"] }).color).toBe("blue");
  });

  it("keys: canonical order, defaults left out, API keys; links drop paging; the URL uses URL keys", () => {
    const state = { ...list.defaults, limit: 25 as const, page: 2, color: "red" as const, sort: "b" as const };
    expect(list.key(list.defaults)).toBe("/api/things");
    expect(list.key(state)).toBe("/api/things?color=red&sort=b&page=2&limit=25");
    expect(list.href("export", state)).toBe("/api/things/export?color=red&sort=b");
    expect(list.urlSearch(state)).toBe("?color=red&sort=b&tpage=2&limit=25");
    expect(list.load(list.urlSearch(state))).toEqual(state);
  });

  it("update: a filter, sort or size change goes back to page 1; a default is cleared; a page change keeps the rest", () => {
    const current = { ...list.defaults, page: 4, color: "red" as const };
    expect(list.update(current, { color: "blue" })).toEqual({ color: "blue", page: null });
    expect(list.update(current, { color: undefined })).toEqual({ color: null, page: null });
    expect(list.update(current, { sort: "a" })).toEqual({ sort: null });
    expect(list.update(current, { page: 1 })).toEqual({ page: null });
    expect(list.update(current, { page: 7 })).toEqual({ page: 7 });
  });

  it("tells filters from sort and paging", () => {
    expect(list.isFiltered(list.defaults)).toBe(false);
    expect(list.isFiltered({ ...list.defaults, sort: "b", page: 3 })).toBe(false);
    expect(list.isFiltered({ ...list.defaults, from: "1" })).toBe(true);
  });

  it("nuqs parsers read what the fields accept and nothing else", () => {
    expect(list.parsers.color.parse("red")).toBe("red");
    expect(list.parsers.color.parse("green")).toBeNull();
    expect(list.parsers.page.parse("0")).toBeNull();
    expect(list.normalize({ color: null, page: null })).toEqual(list.defaults);
  });
});
