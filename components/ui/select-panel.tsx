"use client";

import * as SelectPrimitive from "@radix-ui/react-select";
import { Check, ChevronDown } from "lucide-react";
import { menuItemClass } from "@/components/ui/dropdown-menu";
import type { SelectProps } from "@/components/ui/select";
import { floatingPanelClass } from "@/components/ui/styles";

// Radix keeps "" for "nothing chosen"; an "All" option with an empty value travels under this name instead.
const EMPTY = "__empty__";

/** Styled parts of Radix's select (focus, typeahead, keyboard and positioning are Radix's). Loaded by select.tsx. */
export function SelectPanel({ value, onValueChange, options, className = "", disabled, name, onBlur, testId, ref, ...trigger }: SelectProps) {
  return (
    <SelectPrimitive.Root value={value === "" ? EMPTY : value} onValueChange={(v) => onValueChange(v === EMPTY ? "" : v)} disabled={disabled} name={name}>
      <SelectPrimitive.Trigger ref={ref} onBlur={onBlur} data-testid={testId} data-select-trigger="" className={`inline-flex items-center justify-between gap-2 text-left ${className}`} {...trigger}>
        <SelectPrimitive.Value />
        <SelectPrimitive.Icon asChild>
          <ChevronDown className="h-4 w-4 shrink-0 opacity-70" aria-hidden="true" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          collisionPadding={8}
          className={`z-50 max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] max-w-[calc(100vw-1rem)] overflow-y-auto p-1 ${floatingPanelClass}`}
        >
          <SelectPrimitive.Viewport>
            {options.map((o) => (
              <SelectPrimitive.Item key={o.value} value={o.value === "" ? EMPTY : o.value} textValue={o.text} className={`${menuItemClass} pl-8`}>
                <span className="absolute left-2 flex h-4 w-4 items-center justify-center" aria-hidden="true">
                  <SelectPrimitive.ItemIndicator>
                    <Check className="h-4 w-4" />
                  </SelectPrimitive.ItemIndicator>
                </span>
                <SelectPrimitive.ItemText>{o.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
