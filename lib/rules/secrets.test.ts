import { describe, expect, it } from "vitest";
import { Redactor, secretForms } from "@/lib/rules/secrets";

// Bytes 0x3e/0x3f ("> ?") give "+" and "/" in base64 and "-" and "_" in base64url.
const TOKEN = "rules-test-token>>??>>??-9f";

describe("secretForms", () => {
  it("lists the secret as is, URL-encoded and base64/base64url at each alignment, longest first", () => {
    const forms = secretForms(TOKEN);
    expect(forms).toContain(TOKEN);
    expect(forms).toContain(encodeURIComponent(TOKEN));
    for (const lead of [0, 1, 2]) {
      for (const encoding of ["base64", "base64url"] as const) {
        const text = Buffer.concat([Buffer.from("x".repeat(lead)), Buffer.from(TOKEN), Buffer.from(" tail")]).toString(encoding);
        const form = forms.find((f) => text.includes(f));
        expect(form, `${encoding} after ${lead} bytes`).toBeDefined();
        // What is left around the form cannot decode to the token.
        expect(Buffer.from(text.replace(form!, ""), encoding).toString("latin1")).not.toContain(TOKEN.slice(4, -4));
      }
    }
    expect(forms).toEqual([...forms].sort((a, b) => b.length - a.length));
  });

  it("ignores values too short to be secrets", () => {
    expect(secretForms("abc")).toEqual([]);
    expect(secretForms("abcd")).toEqual(["abcd"]);
  });
});

describe("Redactor", () => {
  it("removes every form and any bearer credential, and leaves other text alone", () => {
    const r = new Redactor();
    r.add(TOKEN);
    r.add(undefined);
    for (const form of secretForms(TOKEN)) expect(r.redact(`a ${form} b`)).toBe("a [redacted] b");
    expect(r.redact("Authorization: Bearer abc.def")).toBe("Authorization: Bearer [redacted]");
    expect(r.redact("nothing secret here")).toBe("nothing secret here");
  });
});
