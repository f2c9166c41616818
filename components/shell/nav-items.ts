import { Activity, ArrowLeftRight, Bell, House, Users, Warehouse, type LucideIcon } from "lucide-react";

// The main sections, in the order the nav shows them (desktop links and the narrow-screen menu).
export const NAV_ITEMS: readonly { href: string; key: "home" | "warehouses" | "erp" | "reconciliations" | "activity" | "team" | "alerts"; icon: LucideIcon }[] = [
  { href: "/", key: "home", icon: House },
  { href: "/warehouses", key: "warehouses", icon: Warehouse },
  { href: "/erp", key: "erp", icon: ArrowLeftRight },
  { href: "/activity", key: "activity", icon: Activity },
  { href: "/team", key: "team", icon: Users },
  { href: "/alerts", key: "alerts", icon: Bell },
];

export function isCurrentSection(href: string, pathname: string): boolean {
  return pathname === href || (href !== "/" && pathname.startsWith(`${href}/`)) || (href === "/erp" && (pathname === "/reconciliations" || pathname.startsWith("/reconciliations/")));
}
