import { describe, expect, it } from "vitest";
import { detailCodeOf, DomainError, fieldCodesOf, isProblemCode, issueText, problemBody } from "@/lib/rules/problems";

describe("problem catalog", () => {
  it("knows its own codes and nothing else (upstream error kinds and prototype names are no codes)", () => {
    expect(isProblemCode("conflict")).toBe(true);
    expect(isProblemCode("upstream_timeout")).toBe(true);
    for (const other of ["timeout", "http", "toString", "", undefined, 409]) expect(isProblemCode(other)).toBe(false);
  });

  it("builds a document from a domain error's code", () => {
    const error = new DomainError("conflict", "Taken.", { reason: "x" });
    expect(problemBody(error.code, error.detail, error.extra)).toMatchObject({ status: 409, code: "conflict", detail: "Taken.", reason: "x" });
  });
});

describe("fieldCodesOf and detailCodeOf", () => {
  it("read the codes a problem carries and drop whatever is not a code", () => {
    const tooLong = { code: "validation.tooLong", params: { maximum: "9" } };
    expect(fieldCodesOf({ fieldCodes: { name: [tooLong], code: [{ code: "validation.invalid" }] } })).toEqual({ name: [tooLong], code: [{ code: "validation.invalid" }] });
    expect(fieldCodesOf({ fieldCodes: { a: [{ code: 7 }], b: [], c: "validation.tooLong", d: [{ code: "x", params: { n: 1 } }], e: [tooLong, null] } })).toEqual({});
    expect(fieldCodesOf({ fieldCodes: "validation.tooLong" })).toEqual({});
    expect(fieldCodesOf({})).toEqual({});
    expect(detailCodeOf({ detailCode: tooLong })).toEqual(tooLong);
    expect(detailCodeOf({ detailCode: "validation.tooLong" })).toBeUndefined();
  });

  it("issueText: a zod issue's message as the key, its limits and params as strings", () => {
    expect(issueText({ message: "validation.tooLong", maximum: 100 })).toEqual({ code: "validation.tooLong", params: { maximum: "100" } });
    expect(issueText({ message: "validation.pageSize", params: { sizes: "10, 25" }, minimum: null })).toEqual({ code: "validation.pageSize", params: { sizes: "10, 25" } });
    expect(issueText({ message: "validation.date" })).toEqual({ code: "validation.date" });
  });
});
