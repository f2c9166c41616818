"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useRef } from "react";

/** The Dialog of components/ui/dialog.tsx, which loads this module when a dialog first opens. */
export type DialogProps = {
  open: boolean;
  title: string;
  description?: React.ReactNode;
  onClose: () => void;
  /** False while something is pending: Escape is then ignored. */
  closable?: boolean;
  size?: "md" | "lg";
  testId?: string;
  children?: React.ReactNode;
};

export function DialogPanel({
  open,
  title,
  description,
  onClose,
  closable = true,
  size = "lg",
  testId,
  children,
}: DialogProps) {
  // Like a native modal, closing gives focus back to what had it when the dialog opened (there is no Radix trigger here).
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && closable) onClose();
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <DialogPrimitive.Content
          data-testid={testId}
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={() => {
            returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (returnFocus.current?.isConnected) returnFocus.current.focus();
          }}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto ${size === "md" ? "max-w-md" : "max-w-lg"} rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}
        >
          <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description asChild>
              <div className="mt-2 space-y-2 text-sm text-slate-700 dark:text-slate-200">{description}</div>
            </DialogPrimitive.Description>
          ) : null}
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
