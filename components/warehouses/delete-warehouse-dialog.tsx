"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { buttonClass, inputClass, labelClass } from "@/components/ui/styles";
import type { Warehouse } from "@/lib/warehouses/schemas";

export function DeleteWarehouseDialog({
  warehouse,
  onDelete,
  onDeactivateInstead,
  onCancel,
}: {
  warehouse: Warehouse | null;
  /** Resolves to an error text, or null when deleted. */
  onDelete: (w: Warehouse) => Promise<string | null>;
  onDeactivateInstead: ((w: Warehouse) => Promise<string | null>) | null;
  onCancel: () => void;
}) {
  const t = useTranslations("warehouses.delete");
  const inputId = useId();
  const [typed, setTyped] = useState("");
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const matches = warehouse !== null && typed.trim() === warehouse.code;

  const reset = () => {
    setTyped("");
    setFailure(null);
    setPending(false);
  };
  const run = async (action: (w: Warehouse) => Promise<string | null>) => {
    if (!warehouse) return;
    setPending(true);
    setFailure(null);
    const problem = await action(warehouse);
    if (problem) {
      setPending(false);
      setFailure(problem);
    } else {
      reset();
    }
  };

  return (
    <ConfirmDialog
      open={warehouse !== null}
      testId="delete-dialog"
      tone="danger"
      title={warehouse ? t("title", { name: warehouse.name }) : ""}
      description={warehouse ? <p>{t("body", { name: warehouse.name, code: warehouse.code })}</p> : null}
      confirmLabel={t("confirm")}
      cancelLabel={t("cancel")}
      pending={pending}
      confirmDisabled={!matches}
      failure={failure}
      onCancel={() => {
        reset();
        onCancel();
      }}
      onConfirm={() => void run(onDelete)}
      extraActions={
        warehouse && onDeactivateInstead ? (
          <button type="button" className={buttonClass.secondary} disabled={pending} onClick={() => void run(onDeactivateInstead)}>
            {t("deactivateInstead")}
          </button>
        ) : null
      }
    >
      {warehouse ? (
        <div className="mt-4">
          <label htmlFor={inputId} className={labelClass}>
            {t("typeCode", { code: warehouse.code })}
          </label>
          <input
            id={inputId}
            className={`${inputClass} font-mono`}
            value={typed}
            autoComplete="off"
            spellCheck={false}
            disabled={pending}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && matches && !pending) void run(onDelete);
            }}
          />
          {onDeactivateInstead ? <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">{t("deactivateHint")}</p> : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
