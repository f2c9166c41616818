import { describe, expect, it } from "vitest";
import type { Warehouse } from "@/lib/warehouses/schemas";
import { actionAvailability, changedValues, conflictRows, snapshotOf } from "@/components/warehouses/rules";

const ADMIN = { canWrite: true, canDelete: true };
const OPERATOR = { canWrite: true, canDelete: false };
const VIEWER = { canWrite: false, canDelete: false };

const w = (over: Partial<Warehouse> = {}): Warehouse => ({ id: 7, name: "Gaziantep Depo", code: "GAZ01", erpWarehouseId: "0042", isDefault: false, isActive: true, ...over });

describe("actionAvailability", () => {
  it("lets an admin do everything to an ordinary active warehouse", () => {
    expect(actionAvailability(w(), ADMIN)).toEqual({ edit: null, makeDefault: null, toggleActive: null, remove: null });
  });

  it("tells a viewer about the role first, even for the default", () => {
    expect(actionAvailability(w({ isDefault: true }), VIEWER)).toEqual({ edit: "writeRole", makeDefault: "writeRole", toggleActive: "writeRole", remove: "deleteRole" });
  });

  it("lets an operator edit but not delete", () => {
    expect(actionAvailability(w(), OPERATOR)).toMatchObject({ edit: null, remove: "deleteRole" });
  });

  it("keeps the default active, undeleted and default", () => {
    expect(actionAvailability(w({ isDefault: true }), ADMIN)).toEqual({
      edit: null,
      makeDefault: "alreadyDefault",
      toggleActive: "defaultCannotBeDeactivated",
      remove: "defaultCannotBeDeleted",
    });
  });

  it("does not make a passive warehouse the default, but lets it be activated", () => {
    expect(actionAvailability(w({ isActive: false }), ADMIN)).toMatchObject({ makeDefault: "passiveCannotBeDefault", toggleActive: null });
  });
});

describe("changedValues", () => {
  it("keeps only the fields that differ from what was loaded", () => {
    const loaded = snapshotOf(w());
    expect(changedValues(loaded, loaded)).toEqual({});
    expect(changedValues(loaded, { ...loaded, name: "Yeni", erpWarehouseId: null })).toEqual({ name: "Yeni", erpWarehouseId: null });
  });
});

describe("conflictRows", () => {
  const loaded = snapshotOf(w());

  it("lists the fields changed by either side, and marks a clash", () => {
    const theirs = w({ name: "Theirs", isActive: false });
    const rows = conflictRows({ theirs, yours: { name: "Mine", code: "GAZ02" }, fields: ["name", "isActive"] }, loaded);
    expect(rows.map((r) => r.field)).toEqual(["name", "code", "isActive"]);
    expect(rows[0]).toMatchObject({ loaded: "Gaziantep Depo", theirs: "Theirs", yours: "Mine", changedByThem: true, changedByYou: true, clash: true });
    expect(rows[1]).toMatchObject({ theirs: "GAZ01", yours: "GAZ02", changedByThem: false, changedByYou: true, clash: false });
    expect(rows[2]).toMatchObject({ theirs: false, yours: true, changedByThem: true, changedByYou: false, clash: false });
  });

  it("is no clash when both sides saved the same value", () => {
    const rows = conflictRows({ theirs: w({ name: "Same" }), yours: { name: "Same" }, fields: ["name"] }, loaded);
    expect(rows).toEqual([expect.objectContaining({ field: "name", clash: false })]);
  });
});
