"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { inputClass, labelClass, selectClass } from "@/components/ui/styles";
import { useDebouncedCommit } from "@/components/ui/use-debounced-commit";
import { SEARCH_MAX, WAREHOUSE_STATUSES, type WarehouseStatus } from "@/lib/rules/warehouse";

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
        <select
          id={`${id}-status`}
          className={selectClass}
          value={status}
          data-testid="warehouse-status-filter"
          onChange={(e) => {
            const next = WAREHOUSE_STATUSES.find((s) => s === e.target.value);
            if (next) onStatus(next);
          }}
        >
          {WAREHOUSE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
