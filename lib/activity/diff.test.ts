import { describe, expect, it } from "vitest";
import { diffValues, displayValue, summarizeChange } from "@/lib/activity/diff";

describe("diffValues", () => {
  it("lists changed, added and removed fields of an edit", () => {
    expect(diffValues({ name: "A", city: "Ankara", code: "D1", old: 1 }, { name: "B", city: "Ankara", code: "D1", phone: "555" })).toEqual([
      { field: "name", kind: "changed", before: "A", after: "B" },
      { field: "old", kind: "removed", before: 1, after: null },
      { field: "phone", kind: "added", before: null, after: "555" },
    ]);
  });

  it("walks nested objects and compares arrays whole", () => {
    expect(diffValues({ address: { city: "A", zip: "1" }, tags: [1, 2] }, { address: { city: "B", zip: "1" }, tags: [1, 2] })).toEqual([
      { field: "address.city", kind: "changed", before: "A", after: "B" },
    ]);
    expect(diffValues({ tags: [1] }, { tags: [1, 2] })).toEqual([{ field: "tags", kind: "changed", before: [1], after: [1, 2] }]);
  });

  it("treats a create as every field added and a delete as every field removed", () => {
    expect(diffValues(null, { name: "A" })).toEqual([{ field: "name", kind: "added", before: null, after: "A" }]);
    expect(diffValues({ name: "A" }, undefined)).toEqual([{ field: "name", kind: "removed", before: "A", after: null }]);
  });

  it("compares non-objects as one value", () => {
    expect(diffValues("viewer", "admin")).toEqual([{ field: "", kind: "changed", before: "viewer", after: "admin" }]);
    expect(diffValues(null, null)).toEqual([]);
    expect(diffValues({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

describe("summaries", () => {
  it("shows the first fields and how many more", () => {
    expect(summarizeChange({ a: 1, b: 2, c: 3 }, { a: 9, b: 8, c: 7 })).toEqual({ text: "a: 1 → 9; b: 2 → 8", more: 1 });
    expect(summarizeChange(null, { name: "Depo" })).toEqual({ text: "name: — → Depo", more: 0 });
    expect(summarizeChange(null, null)).toBeNull();
  });

  it("shortens long values", () => {
    expect(displayValue("x".repeat(50), 10)).toBe(`${"x".repeat(9)}…`);
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
    expect(displayValue(null)).toBe("—");
  });
});
