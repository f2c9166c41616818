"use client";

import { useEffect, useId, useRef } from "react";
import { primaryButtonClass, secondaryButtonClass, warningButtonClass } from "./styles";

/**
 * A modal confirmation on the native <dialog>: the browser traps focus, closes on Escape and
 * returns focus to the control that opened it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  tone = "default",
  pending = false,
  testId,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: React.ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  tone?: "default" | "warning";
  pending?: boolean;
  testId?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        if (!pending) onCancel();
      }}
      className="m-auto w-full max-w-lg rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {open ? (
        <>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <div id={bodyId} className="mt-2 space-y-2 text-sm text-slate-700 dark:text-slate-200">
            {children}
          </div>
          <div className="mt-6 flex justify-end gap-2">
            <button type="button" className={secondaryButtonClass} onClick={onCancel} disabled={pending}>
              {cancelLabel}
            </button>
            <button
              type="button"
              className={tone === "warning" ? warningButtonClass : primaryButtonClass}
              onClick={onConfirm}
              disabled={pending}
              aria-busy={pending || undefined}
            >
              {confirmLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
