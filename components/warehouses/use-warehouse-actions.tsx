"use client";

import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toast";
import type { Warehouse } from "@/lib/warehouses/schemas";
import { deleteWarehouseRequest, updateWarehouseRequest, useRevalidateWarehouses } from "@/lib/warehouses/client";
import { DeleteWarehouseDialog } from "@/components/warehouses/delete-warehouse-dialog";
import { MakeDefaultDialog } from "@/components/warehouses/make-default-dialog";
import { useWarehouseProblemText } from "@/components/warehouses/use-warehouse-text";

export const UNDO_MS = 10_000;

export function useWarehouseActions({ onChanged, onDeleted }: { onChanged?: () => void; onDeleted?: (w: Warehouse) => void } = {}) {
  const t = useTranslations("warehouses.toast");
  const tDeactivate = useTranslations("warehouses.deactivate");
  const problemText = useWarehouseProblemText();
  const revalidate = useRevalidateWarehouses();
  const [makingDefault, setMakingDefault] = useState<Warehouse | null>(null);
  const [deleting, setDeleting] = useState<Warehouse | null>(null);
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [deactivating, setDeactivating] = useState<Warehouse | null>(null);
  const [deactivateFailure, setDeactivateFailure] = useState<string | null>(null);

  const settle = useCallback(() => {
    void revalidate();
    onChanged?.();
  }, [revalidate, onChanged]);

  const reactivate = useCallback(
    async (w: Warehouse) => {
      try {
        await updateWarehouseRequest(w.id, { isActive: true });
        toast.success(t("activated", { name: w.name }));
      } catch (error) {
        toast.error(t("failed", { name: w.name, reason: problemText(error) }));
      } finally {
        settle();
      }
    },
    [problemText, settle, t],
  );

  const setActive = useCallback(
    async (w: Warehouse, isActive: boolean): Promise<string | null> => {
      setPendingId(w.id);
      try {
        await updateWarehouseRequest(w.id, { isActive });
        // A deactivation can be taken back for a few seconds from its toast.
        const undo = isActive ? undefined : { action: { label: t("undo"), onClick: () => void reactivate(w) }, duration: UNDO_MS };
        toast.success(t(isActive ? "activated" : "deactivated", { name: w.name }), undo);
        return null;
      } catch (error) {
        const text = problemText(error);
        toast.error(t("failed", { name: w.name, reason: text }));
        return text;
      } finally {
        setPendingId(null);
        settle();
      }
    },
    [problemText, reactivate, settle, t],
  );

  // Activating needs no confirmation; deactivating asks first (a passive warehouse takes no orders).
  const toggleActive = useCallback(
    (w: Warehouse) => {
      if (!w.isActive) return void setActive(w, true);
      setDeactivateFailure(null);
      setDeactivating(w);
    },
    [setActive],
  );

  const confirmDeactivate = useCallback(async () => {
    if (!deactivating) return;
    const problem = await setActive(deactivating, false);
    if (problem) setDeactivateFailure(problem);
    else setDeactivating(null);
  }, [deactivating, setActive]);

  const makeDefault = useCallback(
    async (w: Warehouse): Promise<string | null> => {
      try {
        const { warning } = await updateWarehouseRequest(w.id, { isDefault: true });
        toast.success(t("madeDefault", { name: w.name }));
        // The change was made; only unmarking the previous default failed.
        if (warning === "defaultNotSettled") toast.warning(t("defaultNotSettled", { name: w.name }), { duration: Infinity });
        setMakingDefault(null);
        return null;
      } catch (error) {
        return problemText(error);
      } finally {
        settle();
      }
    },
    [problemText, settle, t],
  );

  const remove = useCallback(
    async (w: Warehouse): Promise<string | null> => {
      try {
        await deleteWarehouseRequest(w.id);
        toast.success(t("deleted", { name: w.name }));
        setDeleting(null);
        void revalidate();
        onDeleted?.(w);
        return null;
      } catch (error) {
        settle();
        return t("deleteFailed", { name: w.name, reason: problemText(error) });
      }
    },
    [onDeleted, problemText, revalidate, settle, t],
  );

  const deactivateInstead = useCallback(
    async (w: Warehouse): Promise<string | null> => {
      const problem = await setActive(w, false);
      if (!problem) setDeleting(null);
      return problem;
    },
    [setActive],
  );

  const dialogs = (
    <>
      <ConfirmDialog
        open={deactivating !== null}
        testId="deactivate-dialog"
        title={tDeactivate("title", { name: deactivating?.name ?? "" })}
        description={tDeactivate("body")}
        confirmLabel={tDeactivate("confirm")}
        cancelLabel={tDeactivate("cancel")}
        tone="warning"
        pending={deactivating !== null && pendingId === deactivating.id}
        failure={deactivateFailure}
        onCancel={() => setDeactivating(null)}
        onConfirm={() => void confirmDeactivate()}
      />
      <MakeDefaultDialog
        open={makingDefault !== null}
        name={makingDefault?.name ?? ""}
        warehouseId={makingDefault?.id}
        onCancel={() => setMakingDefault(null)}
        onConfirm={() => (makingDefault ? makeDefault(makingDefault) : Promise.resolve(null))}
      />
      <DeleteWarehouseDialog
        warehouse={deleting}
        onCancel={() => setDeleting(null)}
        onDelete={remove}
        onDeactivateInstead={deleting?.isActive ? deactivateInstead : null}
      />
    </>
  );

  return { askMakeDefault: setMakingDefault, askDelete: setDeleting, toggleActive, pendingId, dialogs };
}
