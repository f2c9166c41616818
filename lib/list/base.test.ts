import { describe, expect, it } from "vitest";
import { z } from "zod";
import { activityListBase } from "@/lib/activity/lists";
import { activityList } from "@/lib/activity/schemas";
import { importListBase, runOrderListBase, transferRunListBase } from "@/lib/erp/lists";
import { importList, runOrderList, transferRunList } from "@/lib/erp/schemas";
import { EMAIL_PATTERN, type Field } from "@/lib/list/base";
import { teamListBase } from "@/lib/team/lists";
import { teamList } from "@/lib/team/schemas";
import { warehouseListBase } from "@/lib/warehouses/lists";
import { warehouseList } from "@/lib/warehouses/schemas";

// The browser reads list URLs with light fields; the server with the zod ones. Both must read every value alike,
// or the page the server renders and the one the browser hydrates would differ.

const PAIRS = [
  ["warehouses", warehouseList, warehouseListBase],
  ["activity", activityList, activityListBase],
  ["team", teamList, teamListBase],
  ["transfer runs", transferRunList, transferRunListBase],
  ["run orders", runOrderList("0f8fe0c5-4e0a-4f39-9d53-4c8a8e6d7a10"), runOrderListBase("0f8fe0c5-4e0a-4f39-9d53-4c8a8e6d7a10")],
  ["imports", importList, importListBase],
] as const;

const long = (n: number, c = "x") => c.repeat(n);
const CORPUS: unknown[] = [
  undefined, null, 7, "", " ", "  \t", "0", "1", "2", "01", "-1", "1.5", "1e2", "0x10", " 3 ", "10", "25", "50", "100", "1000", "1001",
  "99999", "100000", "100001", "1234567", "12345678", "9007199254740993", "Infinity", "NaN", "abc",
  "all", "active", "passive", "default", "ALL", " all", "id.asc", "name.desc", "code.asc", "erpWarehouseId.desc", "isActive.asc", "isDefault.desc",
  "readiness.asc", "name", "name.up",
  "success", "failure", "denied", "Success",
  "running", "all_transferred", "with_failures", "interrupted", "pending", "sending", "transferred", "not_transferred", "unknown",
  "products", "prices", "stock", "Stock",
  "a@b.co", " A@B.CO ", "ops@labs.example", "x@y", "a..b@c.de", "a@b.c", `${long(250)}@b.co`, `${long(240)}@b.co`, "a b@c.de", "ä@b.de",
  "warehouse.create", "warehouse.update", "Warehouse.create", "warehouse", "view.delete ",
  "warehouse:12", " warehouse:12 ", "warehouse:", ":12", "Warehouse:12", "erp_run:0f8fe0c5-4e0a-4f39-9d53-4c8a8e6d7a10", "team_member:3", "warehouse:1 2",
  "2026-01-31", "2026-02-30", "2026-2-3", "2024-02-29", "2023-02-29", " 2026-01-01",
  "izmir", "  İzmir  ", long(100), long(101), `${long(100)}  `, "a\u0000b", " a\u0007", "tab\tinside", "\u200b",
];

const verdict = (r: { success: boolean; data?: unknown }) => (r.success ? { ok: true, data: r.data } : { ok: false });

describe("light list fields read URLs as the zod fields do", () => {
  for (const [name, server, browser] of PAIRS) {
    it(`${name}: same fields, defaults, keys and paths`, () => {
      expect(Object.keys(browser.fields)).toEqual(Object.keys(server.fields));
      expect(browser.defaults).toEqual(server.defaults);
      expect(browser.urlKeys).toEqual(server.urlKeys);
      expect(browser.pageSizes).toEqual(server.pageSizes);
      expect(browser.path).toBe(server.path);
    });

    it(`${name}: every field takes and refuses the same values, with the same result`, () => {
      const fields = server.fields as Record<string, z.ZodType>;
      for (const [key, light] of Object.entries(browser.fields as Record<string, Field>)) {
        for (const value of CORPUS) {
          expect(verdict(light.safeParse(value)), `${key} = ${JSON.stringify(value)}`).toEqual(verdict(fields[key]!.safeParse(value)));
        }
      }
    });

    it(`${name}: the tolerant loader, the keys and the links agree`, () => {
      for (const query of ["", "page=2&limit=50", "status=passive&q=%20izm%20&sort=name.desc", "outcome=failure&from=2026-02-01&to=2026-01-01&target=bad", "import=stock&ipage=3&limit=25", "page=0&limit=7&by=A@B.CO"]) {
        const state = server.load(query);
        expect(browser.load(query), query).toEqual(state);
        expect(browser.key(state as never)).toBe(server.key(state as never));
        expect(browser.urlSearch(state as never)).toBe(server.urlSearch(state as never));
        expect(browser.isFiltered(state as never)).toBe(server.isFiltered(state as never));
      }
    });
  }

  it("uses zod's own email pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });
});
