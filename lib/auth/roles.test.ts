import { describe, expect, it } from "vitest";
import { can, PERMISSIONS, requirePermission, type Permission } from "@/lib/auth/roles";
import { ROLES, type Role } from "@/lib/auth/roles";
import { DomainError } from "@/lib/rules/problems";

const refusal = (role: Role, permission: Permission) => {
  try {
    requirePermission(role, permission);
    return null;
  } catch (error) {
    return error;
  }
};

describe("the permission table", () => {
  it("gives alert channels and team views to admins only", () => {
    expect(ROLES.filter((r) => can(r, "alerts.manage"))).toEqual(["admin"]);
    expect(ROLES.filter((r) => can(r, "views.publish"))).toEqual(["admin"]);
    expect(ROLES.filter((r) => can(r, "erp.run"))).toEqual(["operator", "admin"]);
    expect(ROLES.every((r) => can(r, "read"))).toBe(true);
  });

  it("refuses with 403 naming the role needed, for every permission a role lacks, and lets the rest through", () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
      for (const role of ROLES) {
        const error = refusal(role, permission);
        if (can(role, permission)) {
          expect(error, `${role} ${permission}`).toBeNull();
          continue;
        }
        expect(error, `${role} ${permission}`).toBeInstanceOf(DomainError);
        expect(error).toMatchObject({ code: "forbidden", extra: { requiredRole: PERMISSIONS[permission] } });
      }
    }
    expect(refusal("operator", "alerts.manage")).toMatchObject({ detail: "Your role (operator) may not manage alert channels; it needs admin or above." });
    expect(refusal("viewer", "views.publish")).toMatchObject({ detail: "Your role (viewer) may not publish team views or change them; it needs admin or above." });
  });
});
