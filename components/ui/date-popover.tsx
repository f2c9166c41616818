"use client";

import * as PopoverPrimitive from "@radix-ui/react-popover";
import { lazy, Suspense, useState } from "react";
import type { Locale } from "@/lib/i18n/config";
import { floatingPanelClass } from "@/components/ui/styles";

const Calendar = lazy(() => import("@/components/ui/calendar").then((m) => ({ default: m.Calendar })));

/** Radix's popover around the date button; the calendar's code loads on the first opening. Loaded by date-field.tsx. */
export function DatePopover({
  value,
  onChange,
  min,
  max,
  locale,
  label,
  children,
}: {
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  locale: Locale;
  label: string;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
      <PopoverPrimitive.Trigger asChild>{children}</PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content role="dialog" aria-label={label} align="start" sideOffset={4} collisionPadding={8} className={`z-50 p-2 ${floatingPanelClass}`} data-testid="date-picker">
          <Suspense fallback={<div className="h-72 w-72" aria-busy="true" />}>
            <Calendar
              value={value}
              min={min}
              max={max}
              locale={locale}
              onChange={(v) => {
                onChange(v);
                setOpen(false);
              }}
            />
          </Suspense>
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
