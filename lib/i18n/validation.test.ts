import { describe, expect, it } from "vitest";
import { fieldErrors } from "@/lib/http/problem";
import { createMemberBodySchema, memberNameSchema, memberPasswordSchema } from "@/lib/team/schemas";
import { englishValidationText, validationKeyOf, validationMessage } from "@/lib/i18n/validation";

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
    expect(englishValidationText("validation.team")).toBeUndefined();
    expect(englishValidationText("validation.__proto__")).toBeUndefined();
  });

  it("is what the problem document's field errors say", () => {
    const r = createMemberBodySchema.safeParse({ email: "nope", name: "", role: "boss" });
    expect(fieldErrors(r.error!)).toEqual({
      email: ["Enter a valid email address."],
      name: ["Enter a name."],
      role: ["Choose viewer, operator or admin."],
    });
  });
});

describe("validationKeyOf", () => {
  it("finds the key and values behind an English sentence the console sent", () => {
    expect(validationKeyOf("Use at most 100 characters.")).toEqual({ key: "validation.tooLong", values: { maximum: "100" } });
    expect(validationKeyOf("Enter a valid email address.")).toEqual({ key: "validation.team.emailInvalid", values: {} });
    const sentence = validationMessage({ message: "validation.erp.orderIdRepeated", params: { id: "0042" } });
    expect(validationKeyOf(sentence)).toEqual({ key: "validation.erp.orderIdRepeated", values: { id: "0042" } });
  });

  it("leaves any other text alone", () => {
    expect(validationKeyOf("The Labs platform is down.")).toBeUndefined();
    expect(validationKeyOf("")).toBeUndefined();
    expect(validationKeyOf("Use at most 100 characters. And more")).toBeUndefined();
  });
});
