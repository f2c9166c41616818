"use client";

import * as TooltipPrimitive from "@radix-ui/react-tooltip";

// Styled parts of Radix's tooltip. A tooltip repeats what is already said elsewhere (it is not
// reachable on touch screens): a disabled action's reason belongs on screen, not only here.

export const TooltipProvider = TooltipPrimitive.Provider;
export const Tooltip = TooltipPrimitive.Root;
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({ className = "", sideOffset = 4, ...props }: React.ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        collisionPadding={8}
        className={`z-50 max-w-xs rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow dark:bg-slate-100 dark:text-slate-900 ${className}`}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
