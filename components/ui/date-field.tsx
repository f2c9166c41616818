"use client";

import { CalendarDays, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { lazy } from "react";
import { AfterMount } from "@/components/ui/menu";
import { useDateTime } from "@/components/ui/time";
import { formatDate } from "@/lib/i18n/datetime";

// A date ("YYYY-MM-DD") chosen from a calendar in the console's language; the popover and the calendar load after the page.

export interface DateFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  className?: string;
  clearable?: boolean;
  "aria-invalid"?: true | undefined;
  "aria-describedby"?: string | undefined;
}

const DatePopover = lazy(() => import("@/components/ui/date-popover").then((m) => ({ default: m.DatePopover })));

export function DateField({ id, value, onChange, min, max, className = "", clearable = true, ...aria }: DateFieldProps) {
  const t = useTranslations("time");
  const { locale } = useDateTime();
  const text = value ? formatDate(`${value}T12:00:00Z`, locale, "UTC") : t("pickDate");
  const trigger = (disabled: boolean) => (
    <button type="button" id={id} disabled={disabled} data-value={value} className={`inline-flex items-center gap-2 text-left ${className}`} {...aria}>
      <CalendarDays className="h-4 w-4 shrink-0 opacity-70" aria-hidden="true" />
      <span className={value ? "" : "text-slate-600 dark:text-slate-300"}>{text}</span>
    </button>
  );
  return (
    <span className="inline-flex items-center gap-1">
      <AfterMount placeholder={trigger(true)}>
        <DatePopover value={value} onChange={onChange} min={min} max={max} locale={locale} label={t("calendar")}>
          {trigger(false)}
        </DatePopover>
      </AfterMount>
      {clearable && value ? (
        <button type="button" className="rounded p-1 text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800" aria-label={t("clearDate", { date: text })} onClick={() => onChange("")}>
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      ) : null}
    </span>
  );
}
