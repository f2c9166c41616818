"use client";

import { useTranslations } from "next-intl";
import { useDateTime, useNow } from "@/components/ui/time";
import { useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { buttonClass, helpTextClass } from "@/components/ui/styles";
import { useDurationText } from "@/components/erp/format";
import { ProgressBar } from "@/components/erp/progress-bar";
import { warningBoxClass } from "@/components/erp/styles";
import { useErpProblemText } from "@/components/erp/use-problem-text";
import { runProgress } from "@/lib/erp/transfers/progress";
import type { TransferRunSummary } from "@/lib/erp/schemas";
import { isRunActive } from "@/lib/erp/transfers/status";
import { stopperArgs } from "@/lib/erp/outcomes/reasons";
import { stopTransferRun } from "@/lib/erp/transfers/client";

// A running run's progress and its stop button; the run page's polling brings each new count.

export function RunWatch({ run, canRun, onStopped }: { run: TransferRunSummary; canRun: boolean; onStopped: () => void }) {
  const t = useTranslations("erp.run.watch");
  const tRun = useTranslations("erp.run");
  const duration = useDurationText();
  const now = useNow(1000);
  const problemText = useErpProblemText();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pendingRef = useRef(false);
  const p = runProgress(run, now ?? Date.parse(run.createdAt));

  const confirm = async () => {
    if (pendingRef.current) return;
    pendingRef.current = true;
    setPending(true);
    try {
      await stopTransferRun(run.id);
      setOpen(false);
      onStopped();
    } catch (error) {
      setFailure(t("stopFailed", { reason: problemText(error) }));
    } finally {
      pendingRef.current = false;
      setPending(false);
    }
  };

  return (
    <section aria-label={t("label")} className="space-y-2" data-testid="run-watch" data-settled={p.settled} data-total={p.total}>
      <ProgressBar label={t("settled", { settled: p.settled, total: p.total })} value={p.settled} max={p.total} testId="run-watch-bar" />
      <p className={helpTextClass}>
        <span data-testid="run-watch-wire">{t("onTheWire", { count: p.batchesOnTheWire })}</span>
        {" · "}
        <span data-testid="run-watch-left">{p.msLeft === null ? t("timeLeftUnknown") : t("timeLeft", { left: duration(p.msLeft) })}</span>
      </p>
      {run.stop ? (
        <p className={warningBoxClass} data-testid="run-stopping">
          {t("stopping")}
        </p>
      ) : canRun ? (
        <button type="button" className={buttonClass.secondary} onClick={() => {
            setFailure(null);
            setOpen(true);
          }} data-testid="run-stop">
          {t("stop")}
        </button>
      ) : null}
      <ConfirmDialog
        open={open}
        testId="stop-dialog"
        title={t("dialogTitle")}
        description={<p>{t("dialogBody", { count: p.batchesOnTheWire, pending: run.counts.pending })}</p>}
        confirmLabel={t("dialogConfirm")}
        cancelLabel={tRun("cancel")}
        tone="warning"
        pending={pending}
        failure={failure}
        onCancel={() => setOpen(false)}
        onConfirm={() => void confirm()}
      />
    </section>
  );
}

export function StoppedNote({ run }: { run: TransferRunSummary }) {
  const t = useTranslations("erp.run.watch");
  const dt = useDateTime();
  if (!run.stop || isRunActive(run.state)) return null;
  return (
    <p className={warningBoxClass} data-testid="run-stopped-note">
      {t("stoppedNote", {
        ...stopperArgs(run.stop.by),
        when: dt.dateTime(run.stop.requestedAt),
        count: run.meanings.notSent,
      })}
    </p>
  );
}
