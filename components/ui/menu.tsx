"use client";

import Link from "next/link";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { floatingPanelClass } from "@/components/ui/styles";
import { useOutsideClose } from "@/components/ui/use-outside-close";

// WAI-ARIA menu button; fixed-positioned so a scrolling table does not clip it, disallowed actions listed with their reason.

export type MenuItem =
  | { kind: "link"; key: string; label: string; href: string }
  | { kind: "action"; key: string; label: string; onSelect: () => void; disabledReason?: string | null; tone?: "danger" };

interface Position {
  top?: number;
  bottom?: number;
  right: number;
}

const MENU_HEIGHT_GUESS = 320;

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
  const [position, setPosition] = useState<Position | null>(null);
  const open = position !== null;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const focusIndex = useRef(0);
  const menuId = useId();
  const triggerId = useId();

  const openAt = (index: number) => {
    const rect = triggerRef.current?.getBoundingClientRect();
    if (!rect) return;
    const right = Math.max(8, window.innerWidth - rect.right);
    const below = window.innerHeight - rect.bottom;
    focusIndex.current = index < 0 ? items.length - 1 : index;
    setPosition(below < MENU_HEIGHT_GUESS && rect.top > below ? { bottom: window.innerHeight - rect.top + 4, right } : { top: rect.bottom + 4, right });
  };

  const close = useCallback((returnFocus: boolean) => {
    setPosition(null);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[focusIndex.current]?.focus();
    const onMove = (e: Event) => {
      if (e.target instanceof Node && menuRef.current?.contains(e.target)) return;
      close(false);
    };
    window.addEventListener("resize", onMove);
    window.addEventListener("scroll", onMove, true);
    return () => {
      window.removeEventListener("resize", onMove);
      window.removeEventListener("scroll", onMove, true);
    };
  }, [open, close]);

  const inside = useMemo(() => [menuRef, triggerRef], []);
  const closeOutside = useCallback(() => close(false), [close]);
  useOutsideClose(open, inside, closeOutside);

  const move = (delta: number | "first" | "last") => {
    const count = items.length;
    if (count === 0) return;
    const current = itemRefs.current.findIndex((el) => el === document.activeElement);
    const next = delta === "first" ? 0 : delta === "last" ? count - 1 : (Math.max(current, 0) + delta + count) % count;
    itemRefs.current[next]?.focus();
  };

  const onMenuKeyDown = (e: React.KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(1),
      ArrowUp: () => move(-1),
      Home: () => move("first"),
      End: () => move("last"),
      Escape: () => close(true),
      Tab: () => close(true),
    };
    const handler = keys[e.key];
    if (!handler) return;
    e.preventDefault();
    e.stopPropagation();
    handler();
  };

  return (
    <>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        data-testid={testId}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className={
          triggerClassName ??
          "inline-flex h-8 w-8 items-center justify-center rounded-md border border-slate-400 text-slate-800 hover:bg-slate-100 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800"
        }
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            openAt(e.key === "ArrowDown" ? 0 : -1);
          }
        }}
      >
        {children ?? <span aria-hidden="true">⋯</span>}
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={triggerId}
          onKeyDown={onMenuKeyDown}
          style={{ position: "fixed", top: position.top, bottom: position.bottom, right: position.right }}
          className={`z-50 w-64 max-w-[calc(100vw-1rem)] p-1 text-left ${floatingPanelClass}`}
        >
          {items.map((item, index) => {
            const itemClass = "block w-full rounded px-3 py-2 text-left focus:bg-slate-100 focus:outline-none hover:bg-slate-100 dark:focus:bg-slate-800 dark:hover:bg-slate-800";
            if (item.kind === "link") {
              return (
                <Link
                  key={item.key}
                  ref={(el) => {
                    itemRefs.current[index] = el;
                  }}
                  href={item.href}
                  role="menuitem"
                  tabIndex={-1}
                  className={itemClass}
                  onClick={() => close(false)}
                >
                  {item.label}
                </Link>
              );
            }
            const disabled = Boolean(item.disabledReason);
            return (
              <button
                key={item.key}
                ref={(el) => {
                  itemRefs.current[index] = el;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-disabled={disabled || undefined}
                className={`${itemClass} ${disabled ? "cursor-not-allowed" : ""}`}
                onClick={() => {
                  if (disabled) return;
                  close(true);
                  item.onSelect();
                }}
              >
                {/* The name is the label and, when unavailable, the reason: both are on screen. */}
                <span
                  className={
                    disabled
                      ? "text-slate-600 dark:text-slate-400"
                      : item.tone === "danger"
                        ? "font-medium text-red-800 dark:text-red-300"
                        : "font-medium"
                  }
                >
                  {item.label}
                </span>
                {disabled ? (
                  <span className="mt-0.5 block text-xs text-slate-700 dark:text-slate-300">
                    {item.disabledReason}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      ) : null}
    </>
  );
}
