import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "@/lib/auth/callback-url";

describe("safeCallbackUrl", () => {
  it.each([
    ["/warehouses?page=2&q=ist", "/warehouses?page=2&q=ist"],
    ["/erp/transfers/12", "/erp/transfers/12"],
    ["https://evil.example/x", "/warehouses"],
    ["//evil.example", "/warehouses"],
    ["/\\evil.example", "/warehouses"],
    ["/ok\nLocation: x", "/warehouses"],
    ["/login?callbackUrl=/x", "/warehouses"],
    ["/api/team", "/warehouses"],
    [undefined, "/warehouses"],
    [42, "/warehouses"],
  ])("%s -> %s", (input, expected) => {
    expect(safeCallbackUrl(input)).toBe(expected);
  });
});
