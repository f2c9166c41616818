"use client";

import { MoreHorizontal } from "lucide-react";
import Link from "next/link";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";

// A menu button on Radix's dropdown menu: it stays on screen (collision-aware, portalled so a
// scrolling table does not clip it); disallowed actions stay listed and focusable, with their reason.

export type MenuItem =
  | { kind: "link"; key: string; label: string; href: string }
  | { kind: "action"; key: string; label: string; onSelect: () => void; disabledReason?: string | null; tone?: "danger" };

export function MenuButton({
  label,
  items,
  testId,
  children,
  triggerClassName,
}: {
  label: string;
  items: MenuItem[];
  testId?: string;
  children?: React.ReactNode;
  triggerClassName?: string;
}) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        data-testid={testId}
        aria-label={label}
        className={
          triggerClassName ??
          "inline-flex h-8 w-8 items-center justify-center rounded-md border border-slate-400 text-slate-800 hover:bg-slate-100 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800 max-sm:h-11 max-sm:w-11"
        }
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
