import { describe, expect, it } from "vitest";
import { z } from "zod";
import { UpstreamError, type UpstreamErrorKind } from "@/lib/upstream/errors";
import { upstreamProblem, validationProblem } from "@/lib/http/problem";

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

describe("validationProblem", () => {
  it("answers 422 naming the fields at fault", async () => {
    const parsed = z.object({ name: z.string().min(1), page: z.number() }).safeParse({ name: "", page: "x" });
    expect(parsed.success).toBe(false);
    const res = validationProblem(parsed.error!);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe("validation_failed");
    expect(Object.keys(body.errors).sort()).toEqual(["name", "page"]);
    expect(body.detail).toContain("name");
  });

  it("names fields called like Object.prototype members (constructor, toString...)", async () => {
    const parsed = z.object({ constructor: z.string(), toString: z.string(), valueOf: z.string() }).safeParse({});
    const body = await validationProblem(parsed.error!).json();
    expect(Object.keys(body.errors).sort()).toEqual(["constructor", "toString", "valueOf"]);
  });
});
