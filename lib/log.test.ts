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

describe("log lines", () => {
  const written = (write: () => void) => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    write();
    return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  };

  it("are one JSON object a line with a stable event, snake_case keys and the unit in a duration's name", () => {
    const [named, derived] = written(() => {
      log.warn("upstream call failed", { event: "upstream.call_failed", runId: "r-1", requestId: "q-1", ms: 412 });
      log.info("Schedules ticked: 2");
    });
    expect(named).toMatchObject({ level: "warn", event: "upstream.call_failed", msg: "upstream call failed", run_id: "r-1", request_id: "q-1", duration_ms: 412 });
    expect(Object.keys(named!)).not.toEqual(expect.arrayContaining(["runId", "ms"]));
    expect(derived).toMatchObject({ event: "schedules_ticked_2" });
  });

  it("carry no e-mail address, whatever a message passed on held", () => {
    const [line] = written(() => log.error("auth error", { event: "auth.error", message: "no account for ayse.yilmaz@example.com.tr", actorId: 7 }));
    expect(JSON.stringify(line)).not.toContain("@example");
    expect(line).toMatchObject({ message: "no account for [email]", actor_id: 7 });
  });
});
