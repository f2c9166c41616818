import { describe, expect, it } from "vitest";
import { backToListHref, listQueryOf, withListQuery } from "@/lib/warehouses/lists";

describe("the list's query carried to a warehouse and back", () => {
  it("keeps the search, filters, sort, page, size and hidden columns, and only those", () => {
    const list = "q=%C4%B0zmir+%C5%9Fube&status=passive&sort=name.desc&page=2&limit=50&hide=code&evil=1&callbackUrl=%2F%2Fx";
    expect(listQueryOf(list)).toBe("q=%C4%B0zmir+%C5%9Fube&status=passive&sort=name.desc&page=2&limit=50&hide=code");
    const detail = withListQuery("/warehouses/7", list);
    expect(detail).toBe(`/warehouses/7?list=${encodeURIComponent("q=%C4%B0zmir+%C5%9Fube&status=passive&sort=name.desc&page=2&limit=50&hide=code")}`);
    const back = new URL(detail, "http://x").searchParams.get("list");
    expect(backToListHref(back)).toBe("/warehouses?q=%C4%B0zmir+%C5%9Fube&status=passive&sort=name.desc&page=2&limit=50&hide=code");
    expect(new URL(backToListHref(back), "http://x").searchParams.get("q")).toBe("İzmir şube");
  });

  it("links plainly when the list had no query, and never off the list", () => {
    expect(withListQuery("/warehouses/7", "")).toBe("/warehouses/7");
    expect(withListQuery("/warehouses/7", "evil=1")).toBe("/warehouses/7");
    expect(backToListHref(null)).toBe("/warehouses");
    expect(backToListHref("//evil.example")).toBe("/warehouses");
    expect(backToListHref(`q=${"a".repeat(501)}&status=active`)).toBe("/warehouses?status=active");
  });
});
