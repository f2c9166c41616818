"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { PlainTable, type PlainColumn } from "@/components/data-table/plain-table";
import { alertClass, buttonClass } from "@/components/ui/styles";
import type { WarehouseField } from "@/lib/rules/warehouse";
import type { WarehouseConflict, WarehouseValues } from "@/lib/warehouses/schemas";
import { conflictRows, type ConflictRow } from "@/components/warehouses/rules";

export function ConflictPanel({
  conflict,
  loaded,
  pending,
  onKeepMine,
  onTakeTheirs,
}: {
  conflict: WarehouseConflict;
  loaded: WarehouseValues;
  pending: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const t = useTranslations("warehouses");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rows = conflictRows(conflict, loaded);

  useEffect(() => {
    headingRef.current?.focus();
  }, [conflict]);

  const show = (field: WarehouseField, value: WarehouseValues[WarehouseField]) => {
    if (field === "isActive") return value ? t("badges.active") : t("badges.passive");
    if (field === "isDefault") return value ? t("conflict.yes") : t("conflict.no");
    return value === null || value === "" ? t("conflict.empty") : String(value);
  };
  const side = (id: "theirs" | "yours", changed: (row: ConflictRow) => boolean): PlainColumn<ConflictRow> => ({
    id,
    header: t(`conflict.${id}`),
    cellProps: () => ({ "data-testid": `conflict-${id}` }),
    cell: (row) => (
      <>
        {show(row.field, row[id])}
        {changed(row) ? <span className="ml-2 text-xs text-slate-700 dark:text-slate-300">({t("conflict.changed")})</span> : null}
      </>
    ),
  });

  return (
    <section aria-labelledby="conflict-title" data-testid="conflict-panel" className={`${alertClass.warning} mb-6`}>
      <h2 id="conflict-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {t("conflict.title")}
      </h2>
      <p className="mt-1 text-sm">{t("conflict.body")}</p>
      <div className="mt-4 overflow-x-auto rounded-md border border-amber-300 bg-white text-slate-900 dark:border-amber-700 dark:bg-slate-900 dark:text-slate-100">
        <PlainTable
          caption={t("conflict.caption")}
          headClassName="bg-slate-50 dark:bg-slate-800"
          rowClassName="border-t border-slate-200 dark:border-slate-700"
          rows={rows}
          rowKey={(row) => row.field}
          rowProps={(row) => ({ "data-testid": "conflict-row", "data-field": row.field })}
          columns={[
            {
              id: "field",
              header: t("conflict.field"),
              rowHeader: true,
              className: "font-medium",
              cell: (row) => (
                <>
                  {t(`fields.${row.field}`)}
                  {row.clash ? <span className="ml-2 text-xs font-normal">({t("conflict.both")})</span> : null}
                </>
              ),
            },
            side("theirs", (row) => row.changedByThem),
            side("yours", (row) => row.changedByYou),
          ]}
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={buttonClass.primary} onClick={onKeepMine} disabled={pending} aria-busy={pending || undefined}>
          {t("conflict.keepMine")}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onTakeTheirs} disabled={pending}>
          {t("conflict.takeTheirs")}
        </button>
      </div>
      <p className="mt-2 text-xs">{t("conflict.hint")}</p>
    </section>
  );
}
