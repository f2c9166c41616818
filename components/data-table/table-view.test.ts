import { describe, expect, it } from "vitest";
import { headerClassOf } from "@/components/data-table/table-view";

describe("headerClassOf", () => {
  it("keeps a column's widths and sizes on its header but not the cells' code face (warehouse code, order id, key prefix)", () => {
    expect(headerClassOf("font-mono")).toBe("");
    expect(headerClassOf("break-all font-mono text-xs")).toBe("text-xs");
    expect(headerClassOf("w-10")).toBe("w-10");
    expect(headerClassOf(undefined)).toBe("");
  });
});
