import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { cardClass } from "@/components/ui/styles";
import type { Warehouse } from "@/lib/warehouses/schemas";
import { ReadinessChecklist } from "@/components/warehouses/readiness-checklist";
import { WarehouseBadges } from "@/components/warehouses/warehouse-badges";

export async function WarehouseDetails({ warehouse }: { warehouse: Warehouse }) {
  const t = await getTranslations("warehouses");
  const mapped = warehouse.erpWarehouseId !== null;
  const rows: [string, ReactNode, string?][] = [
    [t("fields.id"), warehouse.id, "tabular-nums"],
    [t("fields.name"), warehouse.name],
    [t("fields.code"), warehouse.code, "font-mono"],
    [
      t("fields.erpWarehouseId"),
      warehouse.erpWarehouseId ?? <span className="font-sans text-slate-600 dark:text-slate-300">{t("detail.notMapped")}</span>,
      "font-mono",
    ],
    [t("fields.isDefault"), warehouse.isDefault ? t("detail.isDefaultYes") : t("detail.isDefaultNo")],
    [t("fields.isActive"), warehouse.isActive ? t("detail.isActiveYes") : t("detail.isActiveNo")],
  ];
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="warehouse-fields" className={`${cardClass} lg:col-span-2`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="warehouse-fields" className="text-lg font-semibold">
              {t("detail.fieldsTitle")}
            </h2>
            <WarehouseBadges warehouse={warehouse} />
          </div>
          <dl className="mt-2 divide-y divide-slate-100 dark:divide-slate-800" data-testid="warehouse-fields">
            {rows.map(([label, content, extra = ""]) => (
              <div key={label} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
                <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{label}</dt>
                <dd className={`text-sm sm:col-span-2 ${extra}`.trim()}>{content}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="warehouse-erp" className={cardClass} data-testid="erp-mapping">
          <h2 id="warehouse-erp" className="text-lg font-semibold">
            {t("detail.erpTitle")}
          </h2>
          {mapped ? (
            <p className="mt-2 text-sm">
              {t.rich("detail.erpMapped", {
                erp: warehouse.erpWarehouseId ?? "",
                code: (chunks) => <span className="font-mono font-semibold">{chunks}</span>,
              })}
            </p>
          ) : (
            <p className="mt-2 text-sm">{t("detail.erpUnmapped")}</p>
          )}
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("detail.erpHint")}</p>
        </section>
      </div>
      <ReadinessChecklist warehouse={warehouse} />
    </>
  );
}
