"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { RUN_OPEN_FILTERS, RUN_ORIGIN_GROUPS } from "@/lib/erp/lists";
import { RUN_RESULTS } from "@/lib/erp/outcomes/meanings";
import type { TransferRunListState } from "@/lib/erp/schemas";
import { FilterSelect } from "@/components/erp/list";
import { selectClass } from "@/components/erp/styles";
import { DateField } from "@/components/ui/date-field";

type Patch = Partial<Pick<TransferRunListState, "result" | "open" | "origin" | "from" | "to">>;

export function RunFilters({ state, update }: { state: TransferRunListState; update: (patch: Patch) => void }) {
  const t = useTranslations("erp.history");
  const tResult = useTranslations("erp.result");
  const id = useId();
  return (
    <>
      <FilterSelect
        label={t("resultFilter")}
        allLabel={t("resultAll")}
        value={state.result}
        options={RUN_RESULTS.map((r) => ({ value: r, label: tResult(r) }))}
        onChange={(result) => update({ result })}
      />
      <FilterSelect
        label={t("openFilter")}
        allLabel={t("openAll")}
        value={state.open}
        options={RUN_OPEN_FILTERS.map((o) => ({ value: o, label: t("openRetry") }))}
        onChange={(open) => update({ open })}
      />
      <FilterSelect
        label={t("originFilter")}
        allLabel={t("originAll")}
        value={state.origin}
        options={RUN_ORIGIN_GROUPS.map((o) => ({ value: o, label: t(`originGroup.${o}`) }))}
        onChange={(origin) => update({ origin })}
      />
      <div>
        <label htmlFor={`${id}-from`} className="mb-1 block text-sm font-medium">
          {t("fromFilter")}
        </label>
        <DateField id={`${id}-from`} className={selectClass} value={state.from ?? ""} max={state.to} onChange={(v) => update({ from: v || undefined })} />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className="mb-1 block text-sm font-medium">
          {t("toFilter")}
        </label>
        <DateField id={`${id}-to`} className={selectClass} value={state.to ?? ""} min={state.from} onChange={(v) => update({ to: v || undefined })} />
      </div>
    </>
  );
}
