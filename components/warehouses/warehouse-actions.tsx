"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { GatedButton } from "@/components/ui/gated-button";
import { linkClass } from "@/components/ui/styles";
import type { Warehouse } from "@/lib/warehouses/schemas";
import { actionAvailability, type WarehousePermissions } from "@/components/warehouses/rules";
import { useWarehouseActions } from "@/components/warehouses/use-warehouse-actions";
import { withListQuery } from "@/lib/warehouses/lists";

export function WarehouseActions({ warehouse, perms }: { warehouse: Warehouse; perms: WarehousePermissions }) {
  const t = useTranslations("warehouses");
  const router = useRouter();
  const onChanged = useCallback(() => router.refresh(), [router]);
  const onDeleted = useCallback(() => router.push("/warehouses"), [router]);
  const { askMakeDefault, askDelete, toggleActive, pendingId, dialogs } = useWarehouseActions({ onChanged, onDeleted });
  const can = actionAvailability(warehouse, perms);
  const list = useSearchParams().get("list") ?? "";
  const reason = (key: string | null) => (key ? t(`reasons.${key}`) : null);
  const defaultRule = perms.canWrite && warehouse.isDefault;

  return (
    <div className="flex flex-col items-end gap-2" data-testid="warehouse-actions">
      <div className="flex flex-wrap items-start justify-end gap-2">
        <GatedButton href={withListQuery(`/warehouses/${warehouse.id}/edit`, list)} variant="primary" disabledReason={reason(can.edit)} testId="action-edit">
          {t("actions.edit")}
        </GatedButton>
        <GatedButton
          onClick={() => askMakeDefault(warehouse)}
          disabledReason={reason(can.makeDefault)}
          showReason={!can.edit && can.makeDefault !== "alreadyDefault"}
          testId="action-make-default"
        >
          {t("actions.makeDefault")}
        </GatedButton>
        <GatedButton
          onClick={() => toggleActive(warehouse)}
          disabledReason={reason(can.toggleActive)}
          showReason={!can.edit && !defaultRule}
          pending={pendingId === warehouse.id}
          testId="action-toggle-active"
        >
          {warehouse.isActive ? t("actions.deactivate") : t("actions.activate")}
        </GatedButton>
        <GatedButton
          variant="danger"
          onClick={() => askDelete(warehouse)}
          disabledReason={reason(can.remove)}
          showReason={!defaultRule}
          testId="action-delete"
        >
          {t("actions.delete")}
        </GatedButton>
      </div>
      {defaultRule ? (
        <p className="max-w-md text-right text-sm text-slate-700 dark:text-slate-200" data-testid="default-rule">
          {t("detail.defaultRule")}{" "}
          <Link href="/warehouses?status=active" className={linkClass}>
            {t("detail.chooseAnotherDefault")}
          </Link>
        </p>
      ) : null}
      {dialogs}
    </div>
  );
}
