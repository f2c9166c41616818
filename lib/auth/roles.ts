import type { Role } from "@/lib/store/schema";

const RANK: Record<Role, number> = { viewer: 0, operator: 1, admin: 2 };

export const PERMISSIONS = {
  read: "viewer",
  "warehouse.write": "operator",
  "erp.run": "operator",
  "warehouse.delete": "admin",
  "team.manage": "admin",
} as const satisfies Record<string, Role>;

export type Permission = keyof typeof PERMISSIONS;

export function hasRole(role: Role, atLeast: Role): boolean {
  return RANK[role] >= RANK[atLeast];
}

export function can(role: Role, permission: Permission): boolean {
  return hasRole(role, PERMISSIONS[permission]);
}
