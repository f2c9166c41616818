"use client";

import { DayPicker, type Matcher } from "react-day-picker";
import { enUS, tr } from "react-day-picker/locale";
import "react-day-picker/style.css";
import type { Locale } from "@/lib/i18n/config";

const LOCALES = { en: enUS, tr };

// Calendar days carry no zone: "YYYY-MM-DD" maps to the browser's local midnight and back.
const toDate = (ymd: string) => {
  const [y, m, d] = ymd.split("-").map(Number);
  return new Date(y!, m! - 1, d!);
};
const toYmd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/** react-day-picker in the console's language and theme. Loaded by date-popover.tsx on the first opening. */
export function Calendar({ value, onChange, min, max, locale }: { value: string; onChange: (value: string) => void; min?: string; max?: string; locale: Locale }) {
  const selected = value ? toDate(value) : undefined;
  const disabled: Matcher[] = [...(min ? [{ before: toDate(min) }] : []), ...(max ? [{ after: toDate(max) }] : [])];
  return (
    <DayPicker
      mode="single"
      autoFocus
      locale={LOCALES[locale]}
      weekStartsOn={1}
      selected={selected}
      defaultMonth={selected}
      disabled={disabled}
      onSelect={(d) => d && onChange(toYmd(d))}
      className="[--rdp-accent-background-color:var(--color-brand-100)] [--rdp-accent-color:var(--color-brand-700)] [--rdp-day-height:2.5rem] [--rdp-day-width:2.5rem] [--rdp-day_button-height:2.375rem] [--rdp-day_button-width:2.375rem] dark:[--rdp-accent-background-color:var(--color-slate-700)] dark:[--rdp-accent-color:var(--color-brand-100)]"
    />
  );
}
