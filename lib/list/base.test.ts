import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { activityList } from "@/lib/activity/schemas";
import { importList, runOrderList, transferRunList } from "@/lib/erp/schemas";
import { DATE_SCHEMA, described, EMAIL_PATTERN, EMAIL_SCHEMA, field, limit, oneOf, optional, page, readEmail, Refusal, type Field } from "@/lib/list/base";
import { teamList } from "@/lib/team/schemas";
import { warehouseList } from "@/lib/warehouses/schemas";

// The fields each list is declared on, and the three readers built from one declaration: the server's strict
// query, the page's tolerant loader and the browser's nuqs parsers.

const read = (f: Field, value: unknown) => {
  const r = f.safeParse(value);
  return r.success ? { data: r.data } : { refused: r.error.message, ...(r.error.params ? { params: r.error.params } : {}) };
};

describe("list fields", () => {
  it("page: a whole number from 1 to max as Number() reads it; absent or blank is 1", () => {
    const f = page(100);
    for (const [value, data] of [[undefined, 1], ["", 1], ["  \t", 1], ["1", 1], ["01", 1], [" 3 ", 3], ["1e2", 100], ["0x10", 16], ["100", 100]] as const) {
      expect(read(f, value), String(value)).toEqual({ data });
    }
    for (const value of ["0", "-1", "1.5", "abc", "NaN", "Infinity", "9007199254740993", 7, null]) expect(read(f, value), String(value)).toEqual({ refused: "validation.pageNumber" });
    expect(read(f, "101")).toEqual({ refused: "validation.pageMax", params: { maximum: 100 } });
  });

  it("limit: one of the sizes, written as the size; absent or blank is the fallback; a refusal names the sizes", () => {
    const f = limit([10, 25] as const, 25);
    expect([read(f, undefined), read(f, " "), read(f, "10"), read(f, "25")]).toEqual([{ data: 25 }, { data: 25 }, { data: 10 }, { data: 25 }]);
    for (const value of ["010", "10.0", " 10", "11", "1e1"]) expect(read(f, value), value).toEqual({ refused: "validation.pageSize", params: { sizes: "10, 25" } });
  });

  it("optional: absent or blank is no filter; anything else must read, or is refused with the field's message", () => {
    const f = optional(oneOf(["red", "blue"]), "validation.color");
    expect([read(f, undefined), read(f, ""), read(f, "   "), read(f, "red")]).toEqual([{ data: undefined }, { data: undefined }, { data: undefined }, { data: "red" }]);
    for (const value of ["Red", " red", "green", ["red"], 1]) expect(read(f, value), String(value)).toEqual({ refused: "validation.color" });
  });

  it("field: its own absent rule and fallback; `read` may refuse with a message of its own", () => {
    const f = field({ fallback: "", message: "validation.tooLong", absent: () => false }, (v) => (v.length > 3 ? null : v.includes("!") ? new Refusal("validation.bang", { at: v.indexOf("!") }) : v));
    expect([read(f, undefined), read(f, ""), read(f, " ab")]).toEqual([{ data: "" }, { data: "" }, { data: " ab" }]);
    expect(read(f, "abcd")).toEqual({ refused: "validation.tooLong" });
    expect(read(f, "a!")).toEqual({ refused: "validation.bang", params: { at: 1 } });
  });

  it("email: zod's own pattern, read trimmed and lower-case, at most 254 characters", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
    expect(readEmail(" A@B.CO ")).toBe("a@b.co");
    expect(readEmail(`${"x".repeat(249)}@b.co`)).toBe(`${"x".repeat(249)}@b.co`);
    for (const value of ["x@y", "a..b@c.de", "a@b.c", "a b@c.de", "ä@b.de", `${"x".repeat(250)}@b.co`]) expect(readEmail(value), value).toBeNull();
  });

  it("describes itself without zod: a calendar date as zod's pattern, sizes and choices as enums, a fallback as the default", () => {
    expect(DATE_SCHEMA.pattern).toBe(z.regexes.date.source);
    expect(page(9).schema).toEqual({ type: "integer", minimum: 1, maximum: 9, default: 1 });
    expect(limit([10, 25] as const, 25).schema).toEqual({ enum: [10, 25], default: 25 });
    expect(optional(oneOf(["a", "b"] as const), "validation.x").schema).toEqual({ type: "string", enum: ["a", "b"] });
    expect(described(optional(readEmail, "validation.x"), { description: "who" }).schema).toEqual({ ...EMAIL_SCHEMA, description: "who" });
  });
});

const LISTS = [
  ["warehouses", warehouseList],
  ["activity", activityList],
  ["team", teamList],
  ["transfer runs", transferRunList],
  ["run orders", runOrderList("0f8fe0c5-4e0a-4f39-9d53-4c8a8e6d7a10")],
  ["imports", importList],
] as const;

const CORPUS = [
  "", " ", "0", "1", "2", " 3 ", "10", "25", "50", "100", "1000", "1001", "100001", "abc", "all", "passive", "attention", " all", "name.desc", "name.up",
  "success", "Success", "running", "with_failures", "not_transferred", "stock", "Stock", "a@b.co", " A@B.CO ", "x@y", "warehouse.create", "Warehouse.create",
  " warehouse:12 ", "warehouse:", "2026-01-31", "2026-02-30", "izmir", "  İzmir  ", "x".repeat(101), "a\u0007b", "\u200b",
];

describe("one declaration per list: the strict query, the tolerant loader and the nuqs parsers read each value alike", () => {
  for (const [name, list] of LISTS) {
    it(name, () => {
      const urlKeys = list.urlKeys as Record<string, string>;
      const parsers = list.parsers as Record<string, { parse(v: string): unknown }>;
      const defaults = list.defaults as Record<string, unknown>;
      for (const key of Object.keys(list.fields)) {
        for (const value of CORPUS) {
          const strict = list.querySchema.safeParse({ [key]: value });
          const issue = strict.success ? undefined : strict.error.issues.find((i) => i.path[0] === key);
          const loaded = (list.load({ [urlKeys[key] ?? key]: value }) as Record<string, unknown>)[key];
          const label = `${key} = ${JSON.stringify(value)}`;
          if (issue) {
            expect(issue.message, label).toMatch(/^validation\./);
            expect(loaded, label).toEqual(defaults[key]);
            expect(parsers[key]!.parse(value), label).toBeNull();
          } else {
            const data = (strict.data as Record<string, unknown>)[key];
            if (name !== "imports" || key !== "limit") expect(loaded, label).toEqual(data);
            if (data !== undefined) expect(parsers[key]!.parse(value), label).toEqual(data);
          }
        }
      }
    });
  }
});

/** Value imports of a module, followed through `@/` paths (type-only imports are erased from the bundle). */
function valueImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  for (const [, spec] of source.matchAll(/^(?:import|export) (?!type )[^;]*? from "([^"]+)"/gms)) {
    if (!spec!.startsWith("@/")) seen.add(spec!);
    const target = [".ts", ".tsx"].map((ext) => path.join(process.cwd(), spec!.slice(2) + ext)).find((f) => spec!.startsWith("@/") && existsSync(f));
    if (target) valueImports(target, seen);
  }
  return seen;
}

describe("the browser's half of every list", () => {
  it("imports no zod (a page's first load would carry it)", () => {
    for (const feature of ["activity", "erp", "team", "views", "warehouses"]) {
      const imports = [...valueImports(path.join(process.cwd(), `lib/${feature}/lists.ts`))];
      expect(imports.filter((spec) => spec === "zod" || spec.startsWith("zod/")), feature).toEqual([]);
      expect(imports.some((spec) => spec.endsWith("lib/list/base.ts")), feature).toBe(true);
    }
  });
});
