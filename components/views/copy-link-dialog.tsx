"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { buttonClass, inputClass } from "@/components/ui/styles";

// Shows a view's link when the clipboard could not take it (or was not offered), selected for copying by hand.
export function CopyLinkDialog({ url, onClose }: { url: string | null; onClose: () => void }) {
  const t = useTranslations("views");
  const id = useId();
  return (
    <Dialog open={url !== null} title={t("copy.title")} description={t("copy.body")} onClose={onClose} size="md" testId="view-link-dialog">
      <div className="mt-4">
        <label htmlFor={id} className="block text-sm font-medium">
          {t("copy.label")}
        </label>
        <input id={id} readOnly value={url ?? ""} className={`${inputClass} font-mono`} onFocus={(e) => e.currentTarget.select()} autoFocus data-testid="view-link" />
      </div>
      <DialogActions>
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          {t("copy.close")}
        </button>
      </DialogActions>
    </Dialog>
  );
}
