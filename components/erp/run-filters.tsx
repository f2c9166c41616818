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
      <DateFilter id={`${id}-from`} label={t("fromFilter")} value={state.from} max={state.to} onChange={(from) => update({ from })} />
      <DateFilter id={`${id}-to`} label={t("toFilter")} value={state.to} min={state.from} onChange={(to) => update({ to })} />
    </>
  );
}

function DateFilter({ id, label, value, min, max, onChange }: { id: string; label: string; value?: string; min?: string; max?: string; onChange: (value: string | undefined) => void }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <DateField id={id} className={selectClass} value={value ?? ""} min={min} max={max} onChange={(v) => onChange(v || undefined)} />
    </div>
  );
}
