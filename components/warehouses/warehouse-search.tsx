"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { inputClass, labelClass, selectClass } from "@/components/ui/styles";
import { useDebouncedCommit } from "@/components/ui/use-debounced-commit";
import { SEARCH_MAX, WAREHOUSE_STATUSES, type WarehouseStatus } from "@/lib/rules/warehouse";
import { Select } from "@/components/ui/select";

export const SEARCH_DEBOUNCE_MS = 300;

export function WarehouseSearch({
  q,
  status,
  onSearch,
  onStatus,
}: {
  q: string;
  status: WarehouseStatus;
  onSearch: (q: string) => void;
  onStatus: (status: WarehouseStatus) => void;
}) {
  const t = useTranslations("warehouses.filters");
  const id = useId();
  const { text, setText, commit } = useDebouncedCommit(q, onSearch, SEARCH_DEBOUNCE_MS);

  return (
    <form role="search" aria-label={t("label")} className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
      <div className="w-full sm:w-80">
        <label htmlFor={`${id}-q`} className={labelClass}>
          {t("search")}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className={inputClass}
          value={text}
          maxLength={SEARCH_MAX}
          placeholder={t("searchPlaceholder")}
          autoComplete="off"
          spellCheck={false}
          data-testid="warehouse-search"
          data-shortcut-search
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") commit();
          }}
        />
      </div>
      <div>
        <label htmlFor={`${id}-status`} className={labelClass}>
          {t("status")}
        </label>
        <Select
          id={`${id}-status`}
          className={selectClass}
          value={status}
          testId="warehouse-status-filter"
          onValueChange={(v) => {
            const next = WAREHOUSE_STATUSES.find((s) => s === v);
            if (next) onStatus(next);
          }}
          options={WAREHOUSE_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        />
      </div>
    </form>
  );
}
