import { describe, expect, it } from "vitest";
import { isKeyUnder } from "@/lib/swr/revalidate";

describe("isKeyUnder", () => {
  it("takes the resource, its queries and its items, and nothing else", () => {
    expect(isKeyUnder("/api/erp/transfers", "/api/erp/transfers")).toBe(true);
    expect(isKeyUnder("/api/erp/transfers?page=2", "/api/erp/transfers")).toBe(true);
    expect(isKeyUnder("/api/erp/transfers/abc?outcome=unknown", "/api/erp/transfers")).toBe(true);
    expect(isKeyUnder("/api/erp/transfersX", "/api/erp/transfers")).toBe(false);
    expect(isKeyUnder("/api/warehouses", "/api/erp/transfers")).toBe(false);
    expect(isKeyUnder(["/api/erp/transfers"], "/api/erp/transfers")).toBe(false);
  });
});
