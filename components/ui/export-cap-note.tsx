"use client";

import { useFormatter, useTranslations } from "next-intl";

export function ExportCapNote({ maxRows }: { maxRows: number }) {
  const t = useTranslations("exports");
  const format = useFormatter();
  return (
    <span className="text-xs text-slate-600 dark:text-slate-300" data-testid="export-cap">
      {t("capNote", { max: format.number(maxRows) })}
    </span>
  );
}
