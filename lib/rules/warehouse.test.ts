import { describe, expect, it } from "vitest";
import {
  accountFacts,
  attentionOf,
  CODE_MAX,
  codeKey,
  codeLookalikeOf,
  codeRuleBreak,
  deleteRuleBreak,
  READINESS_CHECKS,
  saveRuleBreak,
  warehouseReadiness,
  type ReadinessSubject,
} from "@/lib/rules/warehouse";
import { warehouseCodeSchema } from "@/lib/warehouses/schemas";

const plain = { isDefault: false, isActive: true };
const passive = { isDefault: false, isActive: false };
const theDefault = { isDefault: true, isActive: true };

describe("saveRuleBreak", () => {
  it("creates a default only when it is active", () => {
    expect(saveRuleBreak({ isDefault: true, isActive: false })).toEqual({ field: "isActive", key: "defaultMustBeActive" });
    expect(saveRuleBreak({ isDefault: true, isActive: true })).toBeNull();
    expect(saveRuleBreak({ isDefault: false, isActive: false })).toBeNull();
  });

  it("does not make a passive warehouse the default, unless the same save activates it", () => {
    expect(saveRuleBreak({ isDefault: true }, passive)).toEqual({ field: "isActive", key: "defaultMustBeActive" });
    expect(saveRuleBreak({ isDefault: true, isActive: true }, passive)).toBeNull();
    expect(saveRuleBreak({ isDefault: true }, plain)).toBeNull();
  });

  it("keeps the default active and default", () => {
    expect(saveRuleBreak({ isActive: false }, theDefault)).toEqual({ field: "isActive", key: "defaultMustBeActive" });
    expect(saveRuleBreak({ isDefault: false }, theDefault)).toEqual({ field: "isDefault", key: "defaultCannotBeUnset" });
    expect(saveRuleBreak({ isDefault: true, isActive: true }, theDefault)).toBeNull();
    expect(saveRuleBreak({}, theDefault)).toBeNull();
  });

  it("lets ordinary warehouses be deactivated and activated", () => {
    expect(saveRuleBreak({ isActive: false }, plain)).toBeNull();
    expect(saveRuleBreak({ isActive: true }, passive)).toBeNull();
  });
});

describe("deleteRuleBreak", () => {
  it("keeps the default", () => {
    expect(deleteRuleBreak(theDefault)).toEqual({ field: "isDefault", key: "defaultCannotBeDeleted" });
    expect(deleteRuleBreak(plain)).toBeNull();
    expect(deleteRuleBreak(passive)).toBeNull();
  });
});

const wh = (id: number, extra: Partial<ReadinessSubject> = {}): ReadinessSubject => ({
  id,
  name: `Depo ${id}`,
  code: `D${id}`,
  erpWarehouseId: String(100 + id),
  isDefault: false,
  isActive: true,
  ...extra,
});
const states = (results: ReturnType<typeof warehouseReadiness>) => Object.fromEntries(results.map((r) => [r.check, `${r.state}:${r.reason}`]));

describe("codeRuleBreak", () => {
  it.each([
    ["ANK01", null],
    ["", "required"],
    ["   ", "required"],
    ["A".repeat(CODE_MAX), null],
    ["A".repeat(CODE_MAX + 1), "tooLong"],
    ["AN\tK", "controlCharacters"],
    ["AN\u202eK", "controlCharacters"],
    ["ANK 01", "codeSpaces"],
    [" ANK01", "codeSpaces"],
  ] as const)("%j -> %s", (code, expected) => {
    expect(codeRuleBreak(code)).toBe(expected);
  });

  it("agrees with the form's code field on trimmed codes", () => {
    for (const code of ["ANK01", "", "A".repeat(CODE_MAX), "A".repeat(CODE_MAX + 1), "AN\u0007K", "ANK 01", "İZM-01"]) {
      const form = warehouseCodeSchema.safeParse(code);
      const rule = codeRuleBreak(code);
      expect(rule && `validation.warehouses.${rule}`, code).toBe(form.success ? null : form.error.issues[0]?.message);
    }
  });
});

describe("warehouseReadiness", () => {
  const theDefault = wh(1, { isDefault: true, erpWarehouseId: "001" });

  it("passes a mapped warehouse with its own ERP id, a valid code and one active default in the account", () => {
    const all = [theDefault, wh(2), wh(3)];
    expect(states(warehouseReadiness(all[1]!, all))).toEqual({
      erpIdPresent: "pass:erpPresent",
      erpIdUnique: "pass:erpUnique",
      oneActiveDefault: "pass:otherDefault",
      codePolicy: "pass:codeValid",
    });
    expect(warehouseReadiness(all[1]!, all).find((r) => r.check === "oneActiveDefault")?.others).toEqual([{ id: 1, name: "Depo 1", code: "D1" }]);
    expect(attentionOf(theDefault, accountFacts(all))).toEqual([]);
    expect(READINESS_CHECKS).toEqual(warehouseReadiness(theDefault, all).map((r) => r.check));
  });

  it("fails a missing ERP id, and does not judge its uniqueness", () => {
    const all = [theDefault, wh(2, { erpWarehouseId: null }), wh(3, { erpWarehouseId: "  " })];
    for (const w of all.slice(1)) {
      expect(states(warehouseReadiness(w, all))).toMatchObject({ erpIdPresent: "fail:erpMissing", erpIdUnique: "skip:noErpId" });
      expect(attentionOf(w, accountFacts(all))).toEqual(["erpIdPresent"]);
    }
  });

  it("fails an ERP id that another warehouse uses too, naming it; leading zeros and blanks around it count as typed", () => {
    const all = [theDefault, wh(2, { erpWarehouseId: "42" }), wh(3, { erpWarehouseId: " 42 " }), wh(4, { erpWarehouseId: "042" })];
    const second = warehouseReadiness(all[1]!, all).find((r) => r.check === "erpIdUnique");
    expect(second).toEqual({ check: "erpIdUnique", state: "fail", reason: "erpShared", others: [{ id: 3, name: "Depo 3", code: "D3" }] });
    expect(attentionOf(all[2]!, accountFacts(all))).toEqual(["erpIdUnique"]);
    expect(attentionOf(all[3]!, accountFacts(all))).toEqual([]);
  });

  it("judges the warehouse as given over its older copy in the set", () => {
    const all = [theDefault, wh(2, { erpWarehouseId: "7" }), wh(3, { erpWarehouseId: "7" })];
    expect(attentionOf({ ...all[1]!, erpWarehouseId: "8" }, accountFacts(all))).toEqual([]);
    expect(attentionOf(wh(9, { erpWarehouseId: "7" }), accountFacts(all))).toEqual(["erpIdUnique"]);
  });

  it("wants exactly one default in the account, and the default active", () => {
    const none = [wh(1), wh(2)];
    expect(states(warehouseReadiness(none[0]!, none)).oneActiveDefault).toBe("fail:noDefault");
    const two = [theDefault, wh(2, { isDefault: true }), wh(3)];
    for (const w of two) expect(states(warehouseReadiness(w, two)).oneActiveDefault).toBe("fail:severalDefaults");
    expect(warehouseReadiness(two[2]!, two).find((r) => r.check === "oneActiveDefault")?.others.map((o) => o.id)).toEqual([1, 2]);
    const passive = [{ ...theDefault, isActive: false }, wh(2)];
    expect(states(warehouseReadiness(passive[0]!, passive)).oneActiveDefault).toBe("fail:defaultPassive");
    expect(states(warehouseReadiness(passive[1]!, passive)).oneActiveDefault).toBe("pass:otherDefault");
    expect(states(warehouseReadiness(theDefault, [theDefault])).oneActiveDefault).toBe("pass:isTheDefault");
  });

  it("fails a code the form would refuse", () => {
    const all = [theDefault, wh(2, { code: "ANK 01" }), wh(3, { code: "" })];
    expect(states(warehouseReadiness(all[1]!, all)).codePolicy).toBe("fail:codeSpaces");
    expect(states(warehouseReadiness(all[2]!, all)).codePolicy).toBe("fail:codeRequired");
    expect(attentionOf(all[1]!, accountFacts(all))).toEqual(["codePolicy"]);
  });

  it("fails a code that reads as another warehouse's, naming the other; a distinct code passes", () => {
    const all = [theDefault, wh(2, { code: "ANK01" }), wh(3, { code: "ank01" }), wh(4, { code: "ANK02" })];
    expect(warehouseReadiness(all[1]!, all).find((r) => r.check === "codePolicy")).toEqual({
      check: "codePolicy",
      state: "fail",
      reason: "codeLookalike",
      others: [{ id: 3, name: "Depo 3", code: "ank01" }],
    });
    expect(attentionOf(all[2]!, accountFacts(all))).toEqual(["codePolicy"]);
    expect(states(warehouseReadiness(all[3]!, all)).codePolicy).toBe("pass:codeValid");
    // A policy break is said first: the lookalike is the lesser news.
    const spaced = [theDefault, wh(2, { code: "A B" }), wh(3, { code: "a b" })];
    expect(states(warehouseReadiness(spaced[1]!, spaced)).codePolicy).toBe("fail:codeSpaces");
  });

  it("lists every failed check in checklist order", () => {
    const broken = wh(2, { code: "A B", erpWarehouseId: null });
    expect(attentionOf(broken, accountFacts([broken]))).toEqual(["erpIdPresent", "oneActiveDefault", "codePolicy"]);
  });
});

describe("code lookalikes", () => {
  it("folds case, invisible characters and the Turkish i, but not other letters", () => {
    expect(codeKey("ANK01")).toBe(codeKey("ank01"));
    for (const hidden of ["\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF", "\u00AD", "\u200E", "\u202E", "\uFE00", "\uFE0E", "\uFE0F", "\u{E0100}", "\u{E01EF}", "\u180B", "\u180D", "\u180F", "\u2800", "\u115F", "\u3164", "\u034F"])
      expect(codeKey(`ANK${hidden}01`), hidden.codePointAt(0)!.toString(16)).toBe("ank01");
    expect(codeKey("IST01\uFE0F")).toBe(codeKey("IST01"));
    expect(codeKey("İZM01")).toBe(codeKey("izm01"));
    expect(codeKey("IZM01")).toBe(codeKey("ızm01"));
    expect(codeKey("ＡＮＫ０１")).toBe("ank01");
    expect(codeKey("ŞUB01")).not.toBe(codeKey("SUB01"));
    expect(codeKey("ANK01")).not.toBe(codeKey("ANK-01"));
    expect(codeKey("\u200B")).toBe("");
  });

  it("finds another warehouse whose code reads as the given one, never the warehouse itself", () => {
    const all = [wh(1, { code: "ANK01" }), wh(2, { code: "IST\u200B01" })];
    expect(codeLookalikeOf("ank01", all)?.id).toBe(1);
    expect(codeLookalikeOf("ist01", all)?.id).toBe(2);
    expect(codeLookalikeOf("ank01", all, 1)).toBeNull();
    expect(codeLookalikeOf("ANK02", all)).toBeNull();
    expect(codeLookalikeOf("\u200B", all)).toBeNull();
  });
});
