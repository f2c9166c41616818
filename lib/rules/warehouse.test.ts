import { describe, expect, it } from "vitest";
import { deleteRuleBreak, saveRuleBreak } from "@/lib/rules/warehouse";

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
