import { describe, expect, it } from "vitest";
import { UpstreamError, type UpstreamErrorKind } from "@/lib/upstream/errors";
import { tokenNeedles } from "@/test/token-needles";
import { registerSecret } from "@/lib/log";
import { problem, upstreamProblem } from "@/lib/http/problem";
import { toProblem } from "@/lib/server/to-problem";
import { DomainError } from "@/lib/rules/problems";

const err = (kind: UpstreamErrorKind, status: number | null, extra: Partial<{ upstreamMessage: string; fieldErrors: Record<string, string[]> }> = {}) =>
  new UpstreamError({ kind, status, operation: "op", detail: "d", mayHaveActed: false, ...extra });

describe("upstreamProblem", () => {
  it.each([
    ["timeout", null, 504, "upstream_timeout"],
    ["network", null, 502, "upstream_unreachable"],
    ["invalid-response", 200, 502, "upstream_bad_response"],
    ["http", 401, 502, "upstream_auth"],
    ["http", 404, 404, "not_found"],
    ["http", 409, 409, "conflict"],
    ["http", 422, 422, "upstream_rejected"],
    ["http", 429, 503, "upstream_rate_limited"],
    ["http", 500, 502, "upstream_error"],
    ["http", 503, 503, "upstream_unavailable"],
  ] as const)("%s %s -> %s %s", async (kind, status, httpStatus, code) => {
    const res = upstreamProblem(err(kind, status));
    expect(res.status).toBe(httpStatus);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    const body = await res.json();
    expect(body).toMatchObject({ status: httpStatus, code });
    expect(typeof body.title).toBe("string");
  });

  it("passes a 4xx message and field errors through, but never a 5xx body", async () => {
    const rejected = await upstreamProblem(
      err("http", 422, { upstreamMessage: "Bu depo kodu zaten kullanılıyor.", fieldErrors: { code: ["Bu depo kodu zaten kullanılıyor."] } }),
    ).json();
    expect(rejected.detail).toBe("Bu depo kodu zaten kullanılıyor.");
    expect(rejected.errors).toEqual({ code: ["Bu depo kodu zaten kullanılıyor."] });
    const failed = await upstreamProblem(err("http", 500, { upstreamMessage: "stack trace at db.js:12" })).json();
    expect(JSON.stringify(failed)).not.toContain("stack trace");
  });
});

describe("no form of a registered secret leaves in a problem", () => {
  const SECRET = "problem-test/secret+77a1";
  registerSecret(SECRET);
  const forms = [SECRET, SECRET.replace("/", "\\/"), encodeURIComponent(SECRET), Buffer.from(SECRET).toString("base64")];
  const leaks = (body: unknown) => tokenNeedles(SECRET).filter((n) => JSON.stringify(body).includes(n.value)).map((n) => n.name);

  it("in an upstream refusal's detail and field messages, answered or mapped for a page", async () => {
    const error = err("http", 422, { upstreamMessage: `Anahtar ${forms.join(" ")}`, fieldErrors: { [`k ${SECRET}`]: forms } });
    const answered = await upstreamProblem(error).json();
    expect(answered.detail).toBe(`Anahtar ${forms.map(() => "[redacted]").join(" ")}`);
    expect(leaks(answered)).toEqual([]);
    expect(Object.keys(answered.errors)).toEqual(["k [redacted]"]);
    const mapped = toProblem(error);
    expect(mapped?.detail).toBe(answered.detail);
    expect(leaks(mapped)).toEqual([]);
    expect(error.upstreamMessage, "the error itself is left as it was").toContain(SECRET);
  });

  it("in a domain refusal's detail and extra fields, and in a problem made by hand", async () => {
    const error = new DomainError("upstream_rejected", `refused: ${SECRET}`, { upstreamMessage: `x ${forms[1]}`, nested: { list: [forms[2]] } });
    const mapped = toProblem(error, "req-1");
    expect(mapped).toMatchObject({ detail: "refused: [redacted]", upstreamMessage: "x [redacted]", nested: { list: ["[redacted]"] }, requestId: "req-1" });
    expect(leaks(await problem("conflict", `c ${forms[3]}`, { why: SECRET }).json())).toEqual([]);
  });
});
