"use client";

import * as DropdownMenuPrimitive from "@radix-ui/react-dropdown-menu";
import { Circle } from "lucide-react";
import { floatingPanelClass } from "@/components/ui/styles";

// Styled parts of Radix's dropdown menu (focus, keyboard, positioning and dismissal are Radix's).

export const DropdownMenu = DropdownMenuPrimitive.Root;
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;
export const DropdownMenuGroup = DropdownMenuPrimitive.Group;
export const DropdownMenuRadioGroup = DropdownMenuPrimitive.RadioGroup;

export const menuItemClass =
  "relative flex min-h-11 w-full cursor-default select-none items-center gap-2 rounded px-3 py-2 text-left outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800 sm:min-h-9";

export function DropdownMenuContent({ className = "", sideOffset = 4, ...props }: React.ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        sideOffset={sideOffset}
        collisionPadding={8}
        className={`z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-[12rem] max-w-[calc(100vw-1rem)] overflow-y-auto p-1 ${floatingPanelClass} ${className}`}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

export function DropdownMenuItem({ className = "", ...props }: React.ComponentProps<typeof DropdownMenuPrimitive.Item>) {
  return <DropdownMenuPrimitive.Item className={`${menuItemClass} ${className}`} {...props} />;
}

export function DropdownMenuRadioItem({ className = "", children, ...props }: React.ComponentProps<typeof DropdownMenuPrimitive.RadioItem>) {
  return (
    <DropdownMenuPrimitive.RadioItem className={`${menuItemClass} pl-8 ${className}`} {...props}>
      <span className="absolute left-2 flex h-4 w-4 items-center justify-center" aria-hidden="true">
        <DropdownMenuPrimitive.ItemIndicator>
          <Circle className="h-2.5 w-2.5 fill-current" />
        </DropdownMenuPrimitive.ItemIndicator>
      </span>
      {children}
    </DropdownMenuPrimitive.RadioItem>
  );
}

export function DropdownMenuLabel({ className = "", ...props }: React.ComponentProps<typeof DropdownMenuPrimitive.Label>) {
  return <DropdownMenuPrimitive.Label className={`px-3 py-1.5 text-xs font-semibold text-slate-700 dark:text-slate-300 ${className}`} {...props} />;
}

export function DropdownMenuSeparator({ className = "", ...props }: React.ComponentProps<typeof DropdownMenuPrimitive.Separator>) {
  return <DropdownMenuPrimitive.Separator className={`-mx-1 my-1 h-px bg-slate-200 dark:bg-slate-700 ${className}`} {...props} />;
}
