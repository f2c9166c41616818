"use client";

import { MoreHorizontal } from "lucide-react";
import Link from "next/link";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";

import { MENU_TRIGGER_CLASS, type MenuButtonProps } from "@/components/ui/menu";

// Portalled so a scrolling table does not clip it; disallowed actions stay listed and focusable, with their reason.

export function MenuPanel({ label, items, testId, children, triggerClassName }: MenuButtonProps) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        data-testid={testId}
        aria-label={label}
        className={triggerClassName ?? MENU_TRIGGER_CLASS}
      >
        {children ?? <MoreHorizontal className="h-4 w-4" aria-hidden="true" />}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        {items.map((item) => {
          if (item.kind === "link") {
            return (
              <DropdownMenuItem key={item.key} asChild>
                <Link href={item.href} className="font-medium">
                  {item.label}
                </Link>
              </DropdownMenuItem>
            );
          }
          const disabled = Boolean(item.disabledReason);
          return (
            <DropdownMenuItem
              key={item.key}
              // Not Radix's `disabled`: that would skip the item, and its reason, when moving by keyboard.
              aria-disabled={disabled || undefined}
              className={`flex-col items-start gap-0 ${disabled ? "cursor-not-allowed" : ""}`}
              onSelect={(e) => {
                if (disabled) {
                  e.preventDefault();
                  return;
                }
                item.onSelect();
              }}
            >
              {/* The name is the label and, when unavailable, the reason: both are on screen. */}
              <span
                className={
                  disabled ? "text-slate-600 dark:text-slate-400" : item.tone === "danger" ? "font-medium text-red-800 dark:text-red-300" : "font-medium"
                }
              >
                {item.label}
              </span>
              {disabled ? <span className="mt-0.5 block text-xs text-slate-700 dark:text-slate-300">{item.disabledReason}</span> : null}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
