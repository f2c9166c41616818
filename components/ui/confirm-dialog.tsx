"use client";

import { Dialog, DialogActions } from "@/components/ui/dialog";
import { alertClass, buttonClass } from "@/components/ui/styles";

const CONFIRM_CLASS = { default: buttonClass.primary, danger: buttonClass.dangerSolid, warning: buttonClass.warningSolid } as const;

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = "default",
  size,
  pending = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
  extraActions,
  failure,
  testId,
  children,
}: {
  open: boolean;
  title: string;
  description?: React.ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  tone?: keyof typeof CONFIRM_CLASS;
  size?: "md" | "lg";
  pending?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  extraActions?: React.ReactNode;
  /** Said (as an alert) when confirming failed; the dialog stays open. */
  failure?: string | null;
  testId?: string;
  children?: React.ReactNode;
}) {
  return (
    <Dialog open={open} title={title} description={description} onClose={onCancel} closable={!pending} size={size} testId={testId}>
      {children}
      {failure ? (
        <p role="alert" className={`${alertClass.error} mt-4 text-sm`}>
          {failure}
        </p>
      ) : null}
      <DialogActions>
        {extraActions}
        <button type="button" className={buttonClass.secondary} onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={CONFIRM_CLASS[tone]}
          onClick={onConfirm}
          disabled={pending || confirmDisabled}
          aria-busy={pending || undefined}
        >
          {confirmLabel}
        </button>
      </DialogActions>
    </Dialog>
  );
}
