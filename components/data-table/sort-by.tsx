"use client";

import type { ReactTable, RowData } from "@tanstack/react-table";
import { ArrowDownWideNarrow, ArrowUpNarrowWide, ChevronDown } from "lucide-react";
import { useTranslations } from "next-intl";
import { lazy, Suspense } from "react";
import type { DataTableFeatures } from "@/components/data-table/features";
import { reverseSort, sortByColumn, type SortChoice, type SortState } from "@/components/data-table/sort-choices";
import { AfterMount } from "@/components/ui/menu";
import { buttonClass } from "@/components/ui/styles";

// The headers' sorting on a phone, where a row of header buttons would wrap: same table state, so the same URL.

const SortByPanel = lazy(() => import("@/components/data-table/sort-by-panel").then((m) => ({ default: m.SortByPanel })));

export const SORT_TRIGGER_CLASS = `${buttonClass.secondary.replace("justify-center", "justify-between")} min-h-11 min-w-0 flex-1`;

export interface SortByMenuProps {
  label: string;
  heading: string;
  choices: SortChoice[];
  value: string;
  onPick: (id: string) => void;
}

export function SortBy<TData extends RowData>({ table, choices }: { table: ReactTable<DataTableFeatures, TData>; choices: SortChoice[] }) {
  const t = useTranslations("table");
  const sorted = table.getAllLeafColumns().find((column) => column.getIsSorted());
  const current: SortState[] = sorted ? [{ id: sorted.id, desc: sorted.getIsSorted() === "desc" }] : [];
  const chosen = choices.find((c) => c.id === current[0]?.id);
  const desc = current[0]?.desc ?? false;
  const direction = desc ? t("descending") : t("ascending");
  const menu: SortByMenuProps = {
    label: chosen ? t("sortByColumn", { column: chosen.label }) : t("sortBy"),
    heading: t("sortBy"),
    choices,
    value: chosen?.id ?? "",
    onPick: (id) => table.setSorting(sortByColumn(current, id)),
  };
  const placeholder = (
    <button type="button" disabled className={SORT_TRIGGER_CLASS}>
      <SortByLabel text={menu.label} />
    </button>
  );
  const Arrow = desc ? ArrowDownWideNarrow : ArrowUpNarrowWide;
  return (
    <div className="flex w-full items-center gap-2" data-testid="sort-by">
      <AfterMount placeholder={placeholder}>
        <Suspense fallback={placeholder}>
          <SortByPanel {...menu} />
        </Suspense>
      </AfterMount>
      <button
        type="button"
        className={`${buttonClass.secondary} min-h-11 shrink-0`}
        aria-label={t("reverse", { direction })}
        data-testid="sort-direction"
        data-direction={desc ? "desc" : "asc"}
        onClick={() => table.setSorting(reverseSort(current, choices[0]!.id))}
      >
        <Arrow className="h-4 w-4" aria-hidden="true" />
        {direction}
      </button>
    </div>
  );
}

export function SortByLabel({ text }: { text: string }) {
  return (
    <>
      <span className="truncate">{text}</span>
      <ChevronDown className="h-4 w-4 shrink-0" aria-hidden="true" />
    </>
  );
}
