import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "@/lib/auth/callback-url";

describe("safeCallbackUrl", () => {
  it.each([
    ["/warehouses?page=2&q=ist", "/warehouses?page=2&q=ist"],
    ["/erp/transfers/12", "/erp/transfers/12"],
    ["/", "/"],
    ["https://evil.example/x", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/ok\nLocation: x", "/"],
    ["/login?callbackUrl=/x", "/"],
    ["/api/team", "/"],
    [undefined, "/"],
    [42, "/"],
  ])("%s -> %s", (input, expected) => {
    expect(safeCallbackUrl(input)).toBe(expected);
  });
});
