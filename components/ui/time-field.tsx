"use client";

import { useTranslations } from "next-intl";
import { CLOCK_PATTERN, normalizeClock } from "@/lib/rules/clock";

/** A 24-hour "HH:MM" text field (the native time input follows the browser's language, "11:00 PM"); tidied on leaving it. */
export function TimeField({
  value,
  onChange,
  onBlur,
  className = "",
  ...input
}: {
  id: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  className?: string;
  ref?: React.Ref<HTMLInputElement>;
  "aria-invalid"?: true | undefined;
  "aria-describedby"?: string | undefined;
}) {
  const t = useTranslations("time");
  return (
    <input
      {...input}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      pattern={CLOCK_PATTERN}
      placeholder={t("clockPlaceholder")}
      className={`tabular-nums ${className}`}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={() => {
        const tidy = normalizeClock(value);
        if (tidy !== null && tidy !== value) onChange(tidy);
        onBlur?.();
      }}
    />
  );
}
