import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en/validation.json";
import tr from "@/lib/i18n/messages/tr/validation.json";
import { validationMessage } from "@/lib/i18n/validation";
import {
  DEFAULT_LIST_STATE,
  hasListFilters,
  listStateUpdate,
  loadWarehouseListState,
  serializeWarehouseListState,
  sortFromSorting,
  sortingFromSort,
  toggleSort,
  warehouseExportHref,
  warehouseListKey,
  type WarehouseListState,
  createWarehouseBodySchema,
  exportWarehousesQuerySchema,
  warehouseCodeSchema,
  warehouseIdParamSchema,
  warehouseList,
  warehouseNameSchema,
} from "@/lib/warehouses/schemas";

const load = (query: string) => loadWarehouseListState(query);

describe("loadWarehouseListState", () => {
  it("gives the defaults for an empty URL", () => {
    expect(load("")).toEqual({ page: 1, limit: 25, q: "", status: "all", sort: "id.asc" });
    expect(load("")).toEqual(DEFAULT_LIST_STATE);
  });

  it("reads every known value", () => {
    expect(load("?page=3&limit=100&q=istanbul&status=passive&sort=name.desc")).toEqual({
      page: 3,
      limit: 100,
      q: "istanbul",
      status: "passive",
      sort: "name.desc",
    });
    for (const status of ["all", "active", "passive", "default"]) expect(load(`?status=${status}`).status).toBe(status);
    for (const limit of [10, 25, 50, 100]) expect(load(`?limit=${limit}`).limit).toBe(limit);
    for (const column of ["id", "name", "code", "erpWarehouseId", "isActive", "isDefault"]) {
      expect(load(`?sort=${column}.asc`).sort).toBe(`${column}.asc`);
      expect(load(`?sort=${column}.desc`).sort).toBe(`${column}.desc`);
    }
  });

  it.each([
    ["page", ["0", "-1", "1.5", "abc", "01", "12345678", " 2", "2e3"], 1],
    ["limit", ["5", "20", "101", "25abc", "1e2", ""], 25],
    ["status", ["ALL", "deleted", "active,passive", ""], "all"],
    ["sort", ["name", "name.up", "price.asc", "name.asc.x", "NAME.asc", ".asc"], "id.asc"],
  ] as const)("falls back to the default for a bad %s", (key, values, fallback) => {
    for (const value of values) expect(load(`?${key}=${encodeURIComponent(value)}`)[key]).toBe(fallback);
  });

  it("ignores a search that is too long or has control characters", () => {
    expect(load(`?q=${"a".repeat(100)}`).q).toHaveLength(100);
    expect(load(`?q=${"a".repeat(101)}`).q).toBe("");
    expect(load(`?q=${encodeURIComponent("a\u0000b")}`).q).toBe("");
    expect(load(`?q=${encodeURIComponent("İSTANBUL Şube")}`).q).toBe("İSTANBUL Şube");
  });

  it("ignores unknown parameters", () => {
    expect(load("?foo=bar&page=2")).toEqual({ ...DEFAULT_LIST_STATE, page: 2 });
  });
});

describe("serializeWarehouseListState", () => {
  it("leaves defaults out, so a default view has a clean URL", () => {
    expect(serializeWarehouseListState(DEFAULT_LIST_STATE)).toBe("");
    expect(serializeWarehouseListState({ ...DEFAULT_LIST_STATE, page: 2, status: "active" })).toBe("?page=2&status=active");
  });

  it("round-trips through the loader", () => {
    const state: WarehouseListState = { page: 2, limit: 10, q: "Şube ı", status: "default", sort: "code.desc" };
    expect(load(serializeWarehouseListState(state))).toEqual(state);
  });
});

describe("listStateUpdate (page reset rules)", () => {
  const current: WarehouseListState = { page: 4, limit: 25, q: "depo", status: "all", sort: "id.asc" };

  it("resets the page when the search, status, sort or page size changes", () => {
    expect(listStateUpdate(current, { q: "şube" })).toEqual({ q: "şube", page: null });
    expect(listStateUpdate(current, { status: "passive" })).toEqual({ status: "passive", page: null });
    expect(listStateUpdate(current, { sort: "name.asc" })).toEqual({ sort: "name.asc", page: null });
    expect(listStateUpdate(current, { limit: 50 })).toEqual({ limit: 50, page: null });
  });

  it("clears keys set back to their default", () => {
    expect(listStateUpdate(current, { q: "" })).toEqual({ q: null, page: null });
    expect(listStateUpdate({ ...current, status: "active" }, { status: "all" })).toEqual({ status: null, page: null });
    expect(listStateUpdate({ ...current, limit: 50 }, { limit: 25 })).toEqual({ limit: null, page: null });
  });

  it("keeps the page when nothing actually changed", () => {
    expect(listStateUpdate(current, { q: "depo" })).toEqual({ q: "depo" });
    expect(listStateUpdate(current, {})).toEqual({});
  });

  it("changes only the page for a page change; page 1 is the default", () => {
    expect(listStateUpdate(current, { page: 5 })).toEqual({ page: 5 });
    expect(listStateUpdate(current, { page: 1 })).toEqual({ page: null });
  });
});

describe("keys and links", () => {
  it("builds one canonical API key per view", () => {
    expect(warehouseListKey(DEFAULT_LIST_STATE)).toBe("/api/warehouses");
    expect(warehouseListKey({ page: 2, limit: 50, q: "  istanbul ", status: "active", sort: "name.desc" })).toBe(
      "/api/warehouses?page=2&limit=50&q=istanbul&status=active&sort=name.desc",
    );
    expect(warehouseListKey({ ...DEFAULT_LIST_STATE, q: "   " })).toBe("/api/warehouses");
  });

  it("exports every match of the filter and sort, without paging", () => {
    expect(warehouseExportHref(DEFAULT_LIST_STATE)).toBe("/api/warehouses/export");
    expect(warehouseExportHref({ q: "ş&x", status: "passive", sort: "code.asc" })).toBe("/api/warehouses/export?q=%C5%9F%26x&status=passive&sort=code.asc");
  });

  it("tells filters from sorting and paging", () => {
    expect(hasListFilters(DEFAULT_LIST_STATE)).toBe(false);
    expect(hasListFilters({ q: "  ", status: "all" })).toBe(false);
    expect(hasListFilters({ q: "a", status: "all" })).toBe(true);
    expect(hasListFilters({ q: "", status: "default" })).toBe(true);
  });
});

describe("sorting", () => {
  it("maps the URL's sort to the table's sorting state and back", () => {
    expect(sortingFromSort("name.desc")).toEqual([{ id: "name", desc: true }]);
    expect(sortFromSorting([{ id: "code", desc: false }])).toBe("code.asc");
    expect(sortFromSorting([])).toBe("id.asc");
    expect(sortFromSorting([{ id: "select", desc: false }])).toBe("id.asc");
  });

  it("flips the direction of the same column and starts another column ascending", () => {
    expect(toggleSort("id.asc", "name")).toBe("name.asc");
    expect(toggleSort("name.asc", "name")).toBe("name.desc");
    expect(toggleSort("name.desc", "name")).toBe("name.asc");
    expect(toggleSort("name.desc", "code")).toBe("code.asc");
  });
});

const issueOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe("warehouse text fields", () => {
  it.each(["\u202E", "\u202D", "\u2066", "\u2069", "\u0000", "\u0085", "\u2028"])("refuses %j in a name with the catalog's control-character message", (c) => {
    expect(issueOf(warehouseNameSchema.safeParse(`Depo ${c}1`))).toBe("validation.warehouses.controlCharacters");
  });

  it("speaks a key both catalogs hold", () => {
    expect(en.validation.warehouses.controlCharacters).toBeTruthy();
    expect(tr.validation.warehouses.controlCharacters).toBeTruthy();
  });

  it("refuses a bidi override in a code and in a create body", () => {
    expect(issueOf(warehouseCodeSchema.safeParse("GAZ\u202E01"))).toBe("validation.warehouses.controlCharacters");
    expect(issueOf(createWarehouseBodySchema.safeParse({ name: "Ana \u202EopeD", code: "ANA" }))).toBe("validation.warehouses.controlCharacters");
  });

  it("refuses a bidi isolate in the search text", () => {
    expect(validationMessage(exportWarehousesQuerySchema.safeParse({ q: "ana\u2067" }).error!.issues[0]!)).toBe("q has control or invisible characters");
  });

  it("keeps accepting ordinary Turkish names", () => {
    expect(warehouseNameSchema.safeParse("  İstanbul Şişli Depo  ")).toEqual({ success: true, data: "İstanbul Şişli Depo" });
  });
});

describe("the export query, derived from the list's", () => {
  it("reads the list's filters and sort, the search trimmed", () => {
    expect(exportWarehousesQuerySchema.parse({})).toEqual({ q: "", status: "all", sort: "id.asc", format: "csv" });
    expect(exportWarehousesQuerySchema.parse({ q: "  Şube ", status: "passive", sort: "code.desc" })).toEqual({ q: "Şube", status: "passive", sort: "code.desc", format: "csv" });
  });

  it("reads the file's format: csv unless xlsx is asked for, nothing else", () => {
    expect(exportWarehousesQuerySchema.parse({ format: "xlsx" }).format).toBe("xlsx");
    expect(validationMessage(exportWarehousesQuerySchema.safeParse({ format: "pdf" }).error!.issues[0]!)).toBe("Use csv or xlsx.");
  });

  it("refuses paging and unknown parameters", () => {
    for (const extra of [{ page: "1" }, { limit: "25" }, { foo: "bar" }]) expect(exportWarehousesQuerySchema.safeParse(extra).success).toBe(false);
    expect(validationMessage(exportWarehousesQuerySchema.safeParse({ page: "1" }).error!.issues[0]!)).toBe('Unknown parameter "page".');
  });

  it("refuses what the list refuses", () => {
    expect(validationMessage(warehouseList.querySchema.safeParse({ status: "" }).error!.issues[0]!)).toBe("status must be one of all, active, passive, default, attention");
    for (const bad of [{ status: "ALL" }, { sort: "name.up" }, { q: "a".repeat(101) }, { q: "a\u0000b" }]) {
      expect(warehouseList.querySchema.safeParse(bad).success).toBe(false);
      expect(exportWarehousesQuerySchema.safeParse(bad).success).toBe(false);
    }
  });

  it("takes blanks around the search as blanks, not control characters", () => {
    expect(warehouseList.querySchema.safeParse({ q: "\tist\n" }).success).toBe(true);
    expect(exportWarehousesQuerySchema.parse({ q: "\tist\n" }).q).toBe("ist");
  });
});

describe("the warehouse id in a path", () => {
  it("reads a positive id written plainly", () => {
    expect(warehouseIdParamSchema.parse({ id: "12" })).toEqual({ id: 12 });
  });

  it.each(["0", "012", "1.5", "-1", "1e3", " 1", "", "9999999999999999", "12345678901234567"])("refuses %j with the catalog's key", (id) => {
    expect(issueOf(warehouseIdParamSchema.safeParse({ id }))).toBe("validation.warehouses.invalidId");
  });
});
