"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { warningBoxClass } from "@/components/erp/styles";
import { useErpProblemText } from "@/components/erp/use-problem-text";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { GatedButton } from "@/components/ui/gated-button";
import { helpTextClass } from "@/components/ui/styles";
import { toast } from "@/components/ui/toast";
import { RECONCILE_QUEUE_MAX } from "@/lib/reconcile/constants";
import { queueNeverSeenRequest } from "@/lib/reconcile/client";
import type { Reconciliation } from "@/lib/reconcile/schemas";
import { useRevalidateUnder } from "@/lib/swr/revalidate";

export function QueueNeverSeen({ reconciliation: r, canRun, disabledReason, backfill }: { reconciliation: Reconciliation; canRun: boolean; disabledReason: string | null; backfill: boolean }) {
  const t = useTranslations("reconcile.queue");
  const format = useFormatter();
  const problemText = useErpProblemText();
  const revalidate = useRevalidateUnder();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const count = r.buckets?.neverSeen ?? 0;
  const reason = !canRun ? disabledReason : r.status !== "done" ? t("notDone") : count === 0 ? t("none") : null;

  const confirm = async () => {
    setPending(true);
    setFailure(null);
    try {
      const result = await queueNeverSeenRequest(r.id);
      setOpen(false);
      toast.success(t("queued", { queued: result.queued, skipped: result.alreadyQueued + result.alreadyTransferred + result.unknown }));
      await revalidate("/api/erp/queue");
    } catch (error) {
      setFailure(problemText(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-2" data-testid="queue-never-seen">
      {backfill && !reason ? <p className={warningBoxClass} data-testid="backfill-notice">{t("backfill")}</p> : null}
      <GatedButton variant={backfill ? "primary" : "secondary"} disabledReason={reason} onClick={() => setOpen(true)} testId="queue-never-seen-button">
        {t("button")}
      </GatedButton>
      <p className={helpTextClass}>{t("cap", { cap: format.number(RECONCILE_QUEUE_MAX) })}</p>
      <ConfirmDialog
        open={open}
        title={t("confirmTitle", { count })}
        description={
          <>
            <span className="block">{t("confirmBody")}</span>
            {count > RECONCILE_QUEUE_MAX ? <span className="mt-2 block">{t("confirmCapped", { cap: format.number(RECONCILE_QUEUE_MAX), left: format.number(count - RECONCILE_QUEUE_MAX) })}</span> : null}
          </>
        }
        confirmLabel={t("confirm")}
        cancelLabel={t("cancel")}
        pending={pending}
        failure={failure}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
        testId="queue-never-seen-confirm"
      />
    </div>
  );
}
