"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { Warehouse } from "@/lib/warehouses/schemas";

export function DefaultBadge() {
  const t = useTranslations("warehouses.badges");
  return (
    <Badge tone="info" testId="default-badge">
      {t("default")}
    </Badge>
  );
}

export function StatusBadge({ isActive }: { isActive: boolean }) {
  const t = useTranslations("warehouses.badges");
  return (
    <Badge tone={isActive ? "success" : "warning"} testId="status-badge">
      {isActive ? t("active") : t("passive")}
    </Badge>
  );
}

export function WarehouseBadges({ warehouse }: { warehouse: Pick<Warehouse, "isDefault" | "isActive"> }) {
  return (
    <span className="inline-flex flex-wrap gap-2">
      {warehouse.isDefault ? <DefaultBadge /> : null}
      <StatusBadge isActive={warehouse.isActive} />
    </span>
  );
}
