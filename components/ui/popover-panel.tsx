"use client";

import * as PopoverPrimitive from "@radix-ui/react-popover";
import type { PopoverProps } from "@/components/ui/popover";
import { buttonClass, floatingPanelClass } from "@/components/ui/styles";

/** A button that opens a panel of controls (Radix's popover: positioned on screen, Escape and a click outside close it). Loaded by components/ui/popover.tsx. */
export function PopoverPanel({ label, panelLabel, testId, children }: PopoverProps) {
  return (
    <PopoverPrimitive.Root>
      <PopoverPrimitive.Trigger data-testid={testId} className={buttonClass.secondary}>
        {label}
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          role="group"
          aria-label={panelLabel}
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className={`z-40 w-60 max-w-[calc(100vw-1rem)] p-3 ${floatingPanelClass}`}
        >
          {children}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
