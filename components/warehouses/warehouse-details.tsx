import { getTranslations } from "next-intl/server";
import { cardClass } from "@/components/ui/styles";
import type { Warehouse } from "@/lib/schemas/warehouse";
import { WarehouseBadges } from "./warehouse-badges";

/** Every field of a warehouse, and what its ERP mapping means. */
export async function WarehouseDetails({ warehouse }: { warehouse: Warehouse }) {
  const t = await getTranslations("warehouses");
  const mapped = warehouse.erpWarehouseId !== null;
  const row = "grid gap-1 py-3 sm:grid-cols-3 sm:gap-4";
  const term = "text-sm font-medium text-slate-700 dark:text-slate-300";
  const value = "text-sm sm:col-span-2";
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <section aria-labelledby="warehouse-fields" className={`${cardClass} lg:col-span-2`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="warehouse-fields" className="text-lg font-semibold">
            {t("detail.fieldsTitle")}
          </h2>
          <WarehouseBadges warehouse={warehouse} />
        </div>
        <dl className="mt-2 divide-y divide-slate-100 dark:divide-slate-800" data-testid="warehouse-fields">
          <div className={row}>
            <dt className={term}>{t("fields.id")}</dt>
            <dd className={`${value} tabular-nums`}>{warehouse.id}</dd>
          </div>
          <div className={row}>
            <dt className={term}>{t("fields.name")}</dt>
            <dd className={value}>{warehouse.name}</dd>
          </div>
          <div className={row}>
            <dt className={term}>{t("fields.code")}</dt>
            <dd className={`${value} font-mono`}>{warehouse.code}</dd>
          </div>
          <div className={row}>
            <dt className={term}>{t("fields.erpWarehouseId")}</dt>
            <dd className={`${value} font-mono`}>{warehouse.erpWarehouseId ?? <span className="font-sans text-slate-600 dark:text-slate-300">{t("detail.notMapped")}</span>}</dd>
          </div>
          <div className={row}>
            <dt className={term}>{t("fields.isDefault")}</dt>
            <dd className={value}>{warehouse.isDefault ? t("detail.isDefaultYes") : t("detail.isDefaultNo")}</dd>
          </div>
          <div className={row}>
            <dt className={term}>{t("fields.isActive")}</dt>
            <dd className={value}>{warehouse.isActive ? t("detail.isActiveYes") : t("detail.isActiveNo")}</dd>
          </div>
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
  );
}
