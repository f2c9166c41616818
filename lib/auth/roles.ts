import { DomainError } from "@/lib/rules/problems";

export const ROLES = ["viewer", "operator", "admin"] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { viewer: 0, operator: 1, admin: 2 };

/** Every permission and the least role that has it; handlers, services and pages all ask this table. */
export const PERMISSIONS = {
  read: "viewer",
  "warehouse.write": "operator",
  "erp.run": "operator",
  "warehouse.delete": "admin",
  "team.manage": "admin",
  "alerts.manage": "admin",
  "views.publish": "admin",
  "keys.manage": "admin",
} as const satisfies Record<string, Role>;

export type Permission = keyof typeof PERMISSIONS;

const PERMISSION_TEXT: Record<Permission, string> = {
  read: "view this",
  "warehouse.write": "create or edit warehouses",
  "erp.run": "start ERP transfers or imports",
  "warehouse.delete": "delete warehouses",
  "team.manage": "manage team members",
  "alerts.manage": "manage alert channels",
  "views.publish": "publish team views or change them",
  "keys.manage": "manage API keys",
};

export function hasRole(role: Role, atLeast: Role): boolean {
  return RANK[role] >= RANK[atLeast];
}

export function can(role: Role, permission: Permission): boolean {
  return hasRole(role, PERMISSIONS[permission]);
}

export function requirePermission(role: Role, permission: Permission): void {
  if (can(role, permission)) return;
  const needed = PERMISSIONS[permission];
  throw new DomainError("forbidden", `Your role (${role}) may not ${PERMISSION_TEXT[permission]}; it needs ${needed} or above.`, { requiredRole: needed });
}
