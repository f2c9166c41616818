import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en/warehouses.json";
import tr from "@/lib/i18n/messages/tr/warehouses.json";
import { validationMessage } from "@/lib/i18n/validation";
import { createWarehouseBodySchema, exportWarehousesQuerySchema, warehouseCodeSchema, warehouseNameSchema } from "./warehouse";

const issueOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe("warehouse text fields", () => {
  it.each(["\u202E", "\u202D", "\u2066", "\u2069", "\u0000", "\u0085", "\u2028"])("refuses %j in a name with the catalog's control-character message", (c) => {
    expect(issueOf(warehouseNameSchema.safeParse(`Depo ${c}1`))).toBe("controlCharacters");
  });

  it("speaks a key both catalogs hold", () => {
    expect(en.warehouses.validation.controlCharacters).toBeTruthy();
    expect(tr.warehouses.validation.controlCharacters).toBeTruthy();
  });

  it("refuses a bidi override in a code and in a create body", () => {
    expect(issueOf(warehouseCodeSchema.safeParse("GAZ\u202E01"))).toBe("controlCharacters");
    expect(issueOf(createWarehouseBodySchema.safeParse({ name: "Ana \u202EopeD", code: "ANA" }))).toBe("controlCharacters");
  });

  it("refuses a bidi isolate in the search text", () => {
    expect(validationMessage(exportWarehousesQuerySchema.safeParse({ q: "ana\u2067" }).error!.issues[0]!)).toBe("q has control characters");
  });

  it("keeps accepting ordinary Turkish names", () => {
    expect(warehouseNameSchema.safeParse("  İstanbul Şişli Depo  ")).toEqual({ success: true, data: "İstanbul Şişli Depo" });
  });
});
