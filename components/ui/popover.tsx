"use client";

import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { buttonClass, floatingPanelClass } from "@/components/ui/styles";
import { useOutsideClose } from "@/components/ui/use-outside-close";

export function Popover({
  label,
  panelLabel,
  testId,
  children,
}: {
  label: React.ReactNode;
  panelLabel: string;
  testId?: string;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>("input, button, select, a[href]")?.focus();
  }, [open]);
  const closeOutside = useCallback(() => close(false), [close]);
  const inside = useMemo(() => [rootRef], []);
  useOutsideClose(open, inside, closeOutside, { focus: true });

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        data-testid={testId}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        className={buttonClass.secondary}
        onClick={() => setOpen((v) => !v)}
      >
        {label}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="group"
          aria-label={panelLabel}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.preventDefault();
              e.stopPropagation();
              close(true);
            }
          }}
          className={`absolute right-0 z-40 mt-1 w-60 p-3 ${floatingPanelClass}`}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
