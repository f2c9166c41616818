"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDefaultWarehouse } from "@/lib/warehouses/client";

export function MakeDefaultDialog({
  open,
  name,
  warehouseId,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  name: string;
  warehouseId?: number;
  onConfirm: () => Promise<string | null>;
  onCancel: () => void;
}) {
  const t = useTranslations("warehouses.makeDefault");
  const { warehouse: current, known, error } = useDefaultWarehouse(open);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const description = error
    ? t("currentUnknown")
    : !known
      ? t("checking")
      : current && current.id !== warehouseId
        ? t("replaces", { current: current.name, code: current.code })
        : t("noCurrent");

  const close = () => {
    setFailure(null);
    onCancel();
  };

  return (
    <ConfirmDialog
      open={open}
      testId="make-default-dialog"
      title={t("title", { name })}
      description={
        <>
          <p aria-live="polite">{description}</p>
          <p>{t("rule")}</p>
        </>
      }
      confirmLabel={t("confirm")}
      cancelLabel={t("cancel")}
      pending={pending}
      confirmDisabled={!known && !error}
      failure={failure}
      onCancel={close}
      onConfirm={async () => {
        setPending(true);
        setFailure(null);
        const problem = await onConfirm();
        setPending(false);
        if (problem) setFailure(problem);
      }}
    />
  );
}
