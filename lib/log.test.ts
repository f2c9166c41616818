import { afterEach, describe, expect, it, vi } from "vitest";
import { log, redact, registerSecret } from "@/lib/log";

// Bytes 0x3e/0x3f ("> ?") give "+" and "/" in base64 and "-" and "_" in base64url, so the two differ.
const TOKEN = "log-test-token-7c1e9a>>??>>??-4b2d";
registerSecret(TOKEN);

/** The token inside a longer text, encoded, with `lead` bytes before it (its byte alignment). */
const encoded = (lead: number, encoding: "base64" | "base64url") =>
  Buffer.concat([Buffer.from("x".repeat(lead)), Buffer.from(TOKEN), Buffer.from(" and more")]).toString(encoding);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("redact", () => {
  it("removes the token as is, URL-encoded and after bearer", () => {
    expect(redact(`token=${TOKEN}`)).toBe("token=[redacted]");
    expect(redact(`q=${encodeURIComponent(TOKEN)}`)).toBe("q=[redacted]");
    expect(redact("Authorization: Bearer abc.def")).toBe("Authorization: Bearer [redacted]");
  });

  it.each([0, 1, 2].flatMap((lead) => (["base64", "base64url"] as const).map((encoding) => [lead, encoding] as const)))(
    "removes the token base64-encoded inside a longer text (%i leading bytes, %s)",
    (lead, encoding) => {
      const text = encoded(lead, encoding);
      const out = redact(`body=${text}`);
      expect(out).toContain("[redacted]");
      expect(Buffer.from(out.slice("body=".length), encoding).toString("latin1")).not.toContain(TOKEN.slice(4, -4));
    },
  );

  it("leaves other text alone", () => {
    expect(redact('{"msg":"upstream call","path":"/v1/stores"}')).toBe('{"msg":"upstream call","path":"/v1/stores"}');
  });
});

describe("the configured upstream token", () => {
  it("is known from the log's first import, before any upstream call (a CSV of stored text may come first)", async () => {
    const configured = "configured/upstream+token-3e9d";
    const before = process.env.LABS_API_TOKEN;
    process.env.LABS_API_TOKEN = configured;
    try {
      vi.resetModules();
      const fresh = await import("@/lib/log");
      expect(fresh.redact(`stored: ${configured.replace("+", "\\u002B")}`)).toBe("stored: [redacted]");
      const { redactSecrets } = await import("@/lib/rules/secrets");
      expect(redactSecrets(`kept: ${encodeURIComponent(configured)}`)).toBe("kept: [redacted]");
    } finally {
      if (before === undefined) delete process.env.LABS_API_TOKEN;
      else process.env.LABS_API_TOKEN = before;
    }
  });
});

describe("log", () => {
  it("never writes the token in any of its forms", () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    log.warn("upstream call failed", { echoed: encoded(1, "base64"), url: encoded(2, "base64url"), raw: TOKEN });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(TOKEN);
    expect(lines[0]).not.toContain(encoded(1, "base64").slice(4, -8));
    expect(lines[0]).not.toContain(encoded(2, "base64url").slice(4, -8));
  });
});
