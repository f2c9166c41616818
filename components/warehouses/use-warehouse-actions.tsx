"use client";

import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { toast } from "@/components/ui/toast";
import type { Warehouse } from "@/lib/warehouses/schemas";
import { deleteWarehouseRequest, updateWarehouseRequest, useRevalidateWarehouses } from "@/lib/warehouses/client";
import { DeleteWarehouseDialog } from "@/components/warehouses/delete-warehouse-dialog";
import { MakeDefaultDialog } from "@/components/warehouses/make-default-dialog";
import { useWarehouseProblemText } from "@/components/warehouses/use-warehouse-text";

export function useWarehouseActions({ onChanged, onDeleted }: { onChanged?: () => void; onDeleted?: (w: Warehouse) => void } = {}) {
  const t = useTranslations("warehouses.toast");
  const problemText = useWarehouseProblemText();
  const revalidate = useRevalidateWarehouses();
  const [makingDefault, setMakingDefault] = useState<Warehouse | null>(null);
  const [deleting, setDeleting] = useState<Warehouse | null>(null);
  const [pendingId, setPendingId] = useState<number | null>(null);

  const settle = useCallback(() => {
    void revalidate();
    onChanged?.();
  }, [revalidate, onChanged]);

  const setActive = useCallback(
    async (w: Warehouse, isActive: boolean): Promise<string | null> => {
      setPendingId(w.id);
      try {
        await updateWarehouseRequest(w.id, { isActive });
        toast.success(t(isActive ? "activated" : "deactivated", { name: w.name }));
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
    [problemText, settle, t],
  );

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

  return { askMakeDefault: setMakingDefault, askDelete: setDeleting, setActive, pendingId, dialogs };
}
