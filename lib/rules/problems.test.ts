import { describe, expect, it } from "vitest";
import { DomainError, isProblemCode, problemBody } from "@/lib/rules/problems";

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
