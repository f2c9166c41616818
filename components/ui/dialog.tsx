"use client";

import { useEffect, useId, useRef } from "react";

/** A modal on the native <dialog> (the page goes inert, Escape closes); content mounts only while open, so each opening starts fresh. */
export function Dialog({
  open,
  title,
  description,
  onClose,
  closable = true,
  size = "lg",
  testId,
  children,
}: {
  open: boolean;
  title: string;
  description?: React.ReactNode;
  onClose: () => void;
  /** False while something is pending: Escape is then ignored. */
  closable?: boolean;
  size?: "md" | "lg";
  testId?: string;
  children?: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      data-testid={testId}
      aria-labelledby={open ? titleId : undefined}
      aria-describedby={open && description ? descriptionId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        if (closable) onClose();
      }}
      className={`m-auto w-full ${size === "md" ? "max-w-md" : "max-w-lg"} rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}
    >
      {open ? (
        <>
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className="mt-2 space-y-2 text-sm text-slate-700 dark:text-slate-200">
              {description}
            </div>
          ) : null}
          {children}
        </>
      ) : null}
    </dialog>
  );
}

export function DialogActions({ children }: { children: React.ReactNode }) {
  return <div className="mt-6 flex flex-wrap justify-end gap-2">{children}</div>;
}
