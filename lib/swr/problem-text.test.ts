import { describe, expect, it } from "vitest";
import type { ProblemDocument } from "@/lib/rules/problems";
import { NETWORK_PROBLEM, ProblemError } from "@/lib/swr/fetcher";
import { isUpstreamCode, UPSTREAM_CODES } from "@/lib/rules/problems";
import { firstFieldError, problemText, type ProblemTexts } from "@/lib/swr/problem-text";

const SHARED: ProblemTexts = {
  generic: "generic",
  network: "network",
  badResponse: "badResponse",
  unauthenticated: "unauthenticated",
  forbidden: "forbidden",
  crossOrigin: "crossOrigin",
  notFound: "notFound",
  conflict: null,
  upstream: Object.fromEntries(UPSTREAM_CODES.map((c) => [c, `up:${c}`])) as ProblemTexts["upstream"],
  upstreamRejected: "rejected",
  upstreamRejectedWith: (detail) => `rejected: ${detail}`,
};

const text = (problem: ProblemDocument, texts: Partial<ProblemTexts> = {}, own?: (p: ProblemDocument) => string | undefined) =>
  problemText(new ProblemError(problem), { ...SHARED, ...texts }, own);

describe("problemText", () => {
  it("anything but a problem is the generic text", () => {
    expect(problemText(new Error("boom"), SHARED)).toBe("generic");
    expect(problemText(undefined, SHARED)).toBe("generic");
  });

  it("reads the status and the code", () => {
    expect(text(NETWORK_PROBLEM)).toBe("network");
    expect(text({ status: 200, code: "bad_response" })).toBe("badResponse");
    expect(text({ status: 401, code: "unauthenticated", detail: "x" })).toBe("unauthenticated");
    expect(text({ status: 403, code: "forbidden", detail: "x" })).toBe("forbidden");
    expect(text({ status: 403, code: "cross_origin", detail: "x" })).toBe("crossOrigin");
    expect(text({ status: 404, code: "not_found", detail: "x" })).toBe("notFound");
    for (const code of UPSTREAM_CODES) expect(text({ status: 502, code, detail: "x" })).toBe(`up:${code}`);
    expect(text({ status: 422, code: "upstream_rejected", detail: "dup" })).toBe("rejected: dup");
    expect(text({ status: 422, code: "upstream_rejected" })).toBe("rejected");
  });

  it("shows the console's detail for a refusal it has no words for, never for a server failure", () => {
    expect(text({ status: 409, code: "conflict", detail: "taken" })).toBe("taken");
    expect(text({ status: 409, code: "conflict", detail: "taken" }, { conflict: "conflict" })).toBe("conflict");
    expect(text({ status: 422, code: "validation_failed" })).toBe("generic");
    expect(text({ status: 500, code: "internal", detail: "stack" })).toBe("generic");
  });

  it("a feature without words for a case falls through to the detail", () => {
    const none = { crossOrigin: null, badResponse: null, notFound: null, upstreamRejected: null, upstreamRejectedWith: null };
    expect(text({ status: 403, code: "cross_origin", detail: "refused" }, none)).toBe("refused");
    expect(text({ status: 0, code: "bad_response", detail: "odd" }, none)).toBe("odd");
    expect(text({ status: 404, code: "not_found", detail: "gone" }, none)).toBe("gone");
    expect(text({ status: 422, code: "upstream_rejected" }, none)).toBe("generic");
  });

  it("a feature's own reading comes first", () => {
    const own = (p: ProblemDocument) => (p.reason === "last_admin" ? "lastAdmin" : undefined);
    expect(text({ status: 409, code: "conflict", reason: "last_admin", detail: "x" }, {}, own)).toBe("lastAdmin");
    expect(text({ status: 401 }, {}, own)).toBe("unauthenticated");
  });
});

describe("helpers", () => {
  it("firstFieldError and isUpstreamCode", () => {
    expect(firstFieldError({ status: 422, errors: { a: [], b: ["first", "second"] } })).toBe("first");
    expect(firstFieldError({ status: 422 })).toBeUndefined();
    expect(isUpstreamCode("upstream_timeout")).toBe(true);
    expect(isUpstreamCode("upstream_rejected")).toBe(false);
    expect(isUpstreamCode(undefined)).toBe(false);
  });
});

describe("a page not in English", () => {
  const turkish: Partial<ProblemTexts> = {
    say: ({ code, params }) => (code === "validation.tooLong" ? `En fazla ${params?.maximum} karakter kullanın.` : code === "validation.views.tooFast" ? `${params?.seconds} saniye bekleyin.` : undefined),
    byCode: { conflict: "tr:conflict", validation_failed: "tr:validation" },
  };

  it("never shows the console's English detail or field message", () => {
    expect(text({ status: 409, code: "conflict", detail: "taken" }, turkish)).toBe("tr:conflict");
    expect(text({ status: 422, code: "validation_failed", detail: "Invalid input: check name." }, turkish)).toBe("tr:validation");
    expect(text({ status: 400, code: "bad_request", detail: "Send JSON." }, turkish)).toBe("generic");
    const own = (p: ProblemDocument) => firstFieldError(p);
    const tooLong = { code: "validation.tooLong", params: { maximum: "40" } };
    expect(text({ status: 422, code: "validation_failed", errors: { name: ["Use at most 40 characters."] }, fieldCodes: { name: [tooLong] } }, turkish, own)).toBe(
      "En fazla 40 karakter kullanın.",
    );
    // The code speaks, never the English words: a sentence the page could word is not parsed back into a key.
    expect(text({ status: 422, code: "validation_failed", errors: { name: ["Use at most 40 characters."] } }, turkish, own)).toBe("tr:validation");
    expect(text({ status: 422, code: "validation_failed", errors: { name: ["Something else."] } }, turkish, own)).toBe("tr:validation");
    expect(text({ status: 422, code: "validation_failed", errors: { name: ["a", "b"] }, fieldCodes: { name: [{ code: "nope" }, tooLong] } }, turkish, (p) => p.errors?.name?.[1])).toBe(
      "En fazla 40 karakter kullanın.",
    );
    const tooFast = { status: 429, code: "too_many_requests", detail: "Wait 5 seconds.", detailCode: { code: "validation.views.tooFast", params: { seconds: "5" } } };
    expect(text(tooFast, turkish)).toBe("5 saniye bekleyin.");
    expect(text({ ...tooFast, detailCode: { code: 7 } }, turkish)).toBe("generic");
  });

  it("keeps the page's own words and the platform's message inside them", () => {
    expect(text({ status: 409, code: "conflict", detail: "taken" }, { ...turkish, conflict: "çakışma" })).toBe("çakışma");
    expect(text({ status: 422, code: "upstream_rejected", detail: "dup" }, turkish)).toBe("rejected: dup");
    const own = (p: ProblemDocument) => (p.reason === "last_admin" ? "son yönetici" : undefined);
    expect(text({ status: 409, code: "conflict", reason: "last_admin", detail: "x" }, turkish, own)).toBe("son yönetici");
  });
});
