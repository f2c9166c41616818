import { describe, expect, it } from "vitest";
import { parseAllowList, roleForEmail } from "@/lib/rules/sso-allow";

describe("SSO allow-list", () => {
  const { entries } = parseAllowList("Boss@Acme.com:admin, @acme.com:viewer, ops@partner.io:operator");

  it("lets an exact email win over its domain, case-insensitively", () => {
    expect(roleForEmail(entries, "boss@acme.com")).toBe("admin");
    expect(roleForEmail(entries, "  BOSS@ACME.COM ")).toBe("admin");
    expect(roleForEmail(entries, "anyone@acme.com")).toBe("viewer");
    expect(roleForEmail(entries, "ops@partner.io")).toBe("operator");
  });

  it("refuses everything else, including look-alike domains", () => {
    expect(roleForEmail(entries, "someone@partner.io")).toBeNull();
    expect(roleForEmail(entries, "x@evilacme.com")).toBeNull();
    expect(roleForEmail(entries, "x@acme.com.evil.io")).toBeNull();
    expect(roleForEmail(entries, "not-an-email")).toBeNull();
  });

  it("never folds a non-ASCII address into an allowed one (Kelvin sign)", () => {
    expect(roleForEmail(entries, "\u212Aim@acme.com")).toBeNull();
    expect(roleForEmail(entries, "boss@acme.com\u200b")).toBeNull();
    expect(parseAllowList("\u212Aim@acme.com:admin").problems).toHaveLength(1);
  });

  it("reports malformed entries", () => {
    expect(parseAllowList("acme.com:viewer").problems).toHaveLength(1);
    expect(parseAllowList("a@b.c:root").problems).toHaveLength(1);
    expect(parseAllowList(" , ").entries).toEqual([]);
  });
});
