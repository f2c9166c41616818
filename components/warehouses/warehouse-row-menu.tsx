"use client";

import { useTranslations } from "next-intl";
import { MenuButton, type MenuItem } from "@/components/ui/menu";
import type { Warehouse } from "@/lib/warehouses/schemas";
import { actionAvailability, type WarehousePermissions } from "@/components/warehouses/rules";
import { withListQuery } from "@/lib/warehouses/lists";

export interface RowActions {
  askMakeDefault: (w: Warehouse) => void;
  askDelete: (w: Warehouse) => void;
  toggleActive: (w: Warehouse) => void;
}

export function WarehouseRowMenu({ warehouse, perms, actions, listQuery = "" }: { warehouse: Warehouse; perms: WarehousePermissions; actions: RowActions; listQuery?: string }) {
  const t = useTranslations("warehouses");
  const can = actionAvailability(warehouse, perms);
  const reason = (key: string | null) => (key ? t(`reasons.${key}`) : null);
  const href = `/warehouses/${warehouse.id}`;
  const items: MenuItem[] = [
    { kind: "link", key: "view", label: t("actions.view"), href: withListQuery(href, listQuery) },
    can.edit
      ? { kind: "action", key: "edit", label: t("actions.edit"), onSelect: () => {}, disabledReason: reason(can.edit) }
      : { kind: "link", key: "edit", label: t("actions.edit"), href: withListQuery(`${href}/edit`, listQuery) },
    { kind: "action", key: "makeDefault", label: t("actions.makeDefault"), onSelect: () => actions.askMakeDefault(warehouse), disabledReason: reason(can.makeDefault) },
    {
      kind: "action",
      key: "toggleActive",
      label: warehouse.isActive ? t("actions.deactivate") : t("actions.activate"),
      onSelect: () => actions.toggleActive(warehouse),
      disabledReason: reason(can.toggleActive),
    },
    { kind: "action", key: "delete", label: t("actions.delete"), tone: "danger", onSelect: () => actions.askDelete(warehouse), disabledReason: reason(can.remove) },
  ];
  return <MenuButton label={t("actions.menuFor", { name: warehouse.name })} items={items} testId="row-menu" />;
}
