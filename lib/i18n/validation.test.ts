import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createMemberBodySchema, memberNameSchema, memberPasswordSchema } from "@/lib/team/schemas";
import { englishText, FALLBACK_CODE, isCatalogKey, issueCode, issuesFailed, refusal, validationFailed, validationMessage } from "@/lib/i18n/validation";
import { toProblem } from "@/lib/server/to-problem";

describe("validationMessage", () => {
  it("gives the English text of a key, with the issue's limits filled in", () => {
    const tooLong = memberNameSchema.safeParse("x".repeat(101)).error!.issues[0]!;
    expect(tooLong.message).toBe("validation.tooLong");
    expect(validationMessage(tooLong)).toBe("Use at most 100 characters.");
    const tooShort = memberPasswordSchema.safeParse("short").error!.issues[0]!;
    expect(validationMessage(tooShort)).toBe("Use at least 12 characters.");
  });

  it("fills custom params and leaves a message that is no key as it is", () => {
    expect(validationMessage({ message: "validation.tooLong", params: { maximum: 7 } })).toBe("Use at most 7 characters.");
    expect(validationMessage({ message: "q is too long" })).toBe("q is too long");
    expect(validationMessage({ message: "validation.nope" })).toBe("validation.nope");
    expect(isCatalogKey("validation.team")).toBe(false);
    expect(isCatalogKey("validation.__proto__")).toBe(false);
    expect(englishText({ code: "validation.team" })).toBe("validation.team");
  });
});

describe("issueCode", () => {
  it("is the key and values behind the English sentence the console sends", () => {
    const tooLong = memberNameSchema.safeParse("x".repeat(101)).error!.issues[0]!;
    expect(issueCode(tooLong)).toMatchObject({ code: "validation.tooLong", params: { maximum: "100" } });
    expect(englishText(issueCode(tooLong))).toBe("Use at most 100 characters.");
    const email = createMemberBodySchema.safeParse({ email: "nope", name: "x", role: "viewer" }).error!.issues[0]!;
    expect(issueCode(email)).toEqual({ code: "validation.team.emailInvalid" });
    const repeated = issueCode({ message: "validation.erp.orderIdRepeated", params: { id: "0042" } });
    expect(repeated).toEqual({ code: "validation.erp.orderIdRepeated", params: { id: "0042" } });
    expect(englishText(repeated)).toBe('"0042" is given more than once.');
  });

  it("says the fallback for a message that is no key, never its English words", () => {
    expect(issueCode({ message: "The Labs platform is down." })).toEqual({ code: FALLBACK_CODE });
    expect(issueCode({ message: "" })).toEqual({ code: FALLBACK_CODE });
    expect(isCatalogKey(FALLBACK_CODE)).toBe(true);
  });
});

describe("the one validation problem", () => {
  it("is what the problem document's field errors say, with the codes beside them", () => {
    const r = createMemberBodySchema.safeParse({ email: "nope", name: "", role: "boss" });
    const problem = toProblem(issuesFailed(r.error!.issues, "body"))!;
    expect(problem.errors).toEqual({
      email: ["Enter a valid email address."],
      name: ["Enter a name."],
      role: ["Choose viewer, operator or admin."],
    });
    expect(problem.fieldCodes).toEqual({
      email: [{ code: "validation.team.emailInvalid" }],
      name: [{ code: "validation.team.nameRequired", params: { minimum: "1" } }],
      role: [{ code: "validation.team.role" }],
    });
    expect(problem).toMatchObject({ status: 422, code: "validation_failed", detail: "Invalid body: check email, name, role." });
  });

  it("answers 422 naming the fields at fault; a zod default keeps its words and says the fallback code", () => {
    const parsed = z.object({ name: z.string().min(1), page: z.number() }).safeParse({ name: "", page: "x" });
    const problem = toProblem(issuesFailed(parsed.error!.issues))!;
    expect(problem.status).toBe(422);
    expect(problem.code).toBe("validation_failed");
    expect(Object.keys(problem.errors!).sort()).toEqual(["name", "page"]);
    expect(problem.detail).toContain("name");
    expect(problem.errors!.page).toEqual([parsed.error!.issues[1]!.message]);
    expect(problem.fieldCodes).toMatchObject({ page: [{ code: FALLBACK_CODE }] });
  });

  it("names fields called like Object.prototype members (constructor, toString...)", () => {
    const parsed = z.object({ constructor: z.string(), toString: z.string(), valueOf: z.string() }).safeParse({});
    const problem = toProblem(issuesFailed(parsed.error!.issues))!;
    expect(Object.keys(problem.errors!).sort()).toEqual(["constructor", "toString", "valueOf"]);
    expect(Object.keys(problem.fieldCodes as object).sort()).toEqual(["constructor", "toString", "valueOf"]);
  });

  it("builds domain refusals the same way, with a detail of their own where given", () => {
    const problem = toProblem(validationFailed({ password: [{ code: "validation.team.passwordCommon" }] }, { where: "body" }))!;
    expect(problem).toMatchObject({ detail: "Invalid body: check password.", errors: { password: [englishText({ code: "validation.team.passwordCommon" })] } });
    const own = toProblem(validationFailed({ _: [{ code: "validation.jsonInvalid" }] }, { detail: "The body is not valid JSON." }))!;
    expect(own).toMatchObject({ detail: "The body is not valid JSON.", errors: { _: ["The body is not valid JSON."] }, fieldCodes: { _: [{ code: "validation.jsonInvalid" }] } });
    const limited = toProblem(refusal("too_many_requests", { code: "validation.views.tooFast", params: { seconds: "9" } }))!;
    expect(limited).toMatchObject({ status: 429, detail: "Saved views were changed too often. Wait 9 seconds and try again.", detailCode: { code: "validation.views.tooFast", params: { seconds: "9" } } });
  });
  it("builds a rule's refusal on a field as its own problem, with the field and the detail as codes", () => {
    const text = { code: "validation.warehouses.defaultCannotBeDeleted" };
    const problem = toProblem(refusal("conflict", text, { reason: "default" }, { isDefault: [text] }))!;
    const english = "The default warehouse cannot be deleted. Make another warehouse the default first.";
    expect(problem).toMatchObject({ status: 409, code: "conflict", detail: english, detailCode: text, reason: "default" });
    expect(problem.errors).toEqual({ isDefault: [english] });
    expect(problem.fieldCodes).toEqual({ isDefault: [text] });
  });

  it("passes another's words for a field it has no code for, and keeps them out of the codes", () => {
    const taken = { code: "validation.warehouses.codeTaken" };
    const problem = toProblem(
      validationFailed({ code: [taken] }, { code: "upstream_rejected", detail: "Kod kullanılıyor.", english: { name: ["Ad çok uzun."] }, extra: { upstreamMessage: "Kod kullanılıyor." } }),
    )!;
    expect(problem).toMatchObject({ status: 422, code: "upstream_rejected", detail: "Kod kullanılıyor.", upstreamMessage: "Kod kullanılıyor." });
    expect(problem.errors).toEqual({ code: ["This code is already used by another warehouse."], name: ["Ad çok uzun."] });
    expect(problem.fieldCodes).toEqual({ code: [taken] });
  });
});
