"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ExportCapNote } from "@/components/ui/export-cap-note";
import { buttonClass, cardClass, helpTextClass } from "@/components/ui/styles";
import { createTransfer, exportHref, fetchRunIds, useRevalidate } from "@/lib/erp/transfers/client";
import { describeReason } from "@/lib/erp/outcomes/reasons";
import { TRANSFERS_API, type OrderOutcome, type RetryKind } from "@/lib/erp/lists";
import type { TransferRunDetail } from "@/lib/erp/schemas";
import { isRunActive } from "@/lib/erp/transfers/status";
import { errorBoxClass, reasonTextClass, warningBoxClass } from "@/components/erp/styles";
import { useErpProblemText } from "@/components/erp/use-problem-text";

type PendingRetry = { kind: RetryKind; count: number; key: string } | null;

export function RunActions({
  run,
  canRun,
  disabledReason,
  outcome,
  exportMaxRows,
}: {
  run: TransferRunDetail;
  canRun: boolean;
  disabledReason: string | null;
  outcome: OrderOutcome | undefined;
  exportMaxRows: number;
}) {
  const t = useTranslations("erp.run");
  const tExports = useTranslations("exports");
  const router = useRouter();
  const problemText = useErpProblemText();
  const revalidate = useRevalidate();
  const id = useId();
  const [retry, setRetry] = useState<PendingRetry>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pendingRef = useRef(false);
  const c = run.counts;
  const active = isRunActive(run.state);
  const left = run.retryable;
  const m = run.meanings;
  const handedOn = m.failed - left.failed + (m.rejected - left.rejected) + (c.pending - left.unsent) + (c.unknown - left.unknown);

  const open = (kind: RetryKind, count: number) => {
    setFailure(null);
    // One key per dialog: a double click or a resend after a lost answer gives back the same run.
    setRetry({ kind, count, key: crypto.randomUUID() });
  };

  const confirm = async () => {
    if (!retry || pendingRef.current) return;
    pendingRef.current = true;
    setPending(true);
    try {
      const { run: child } = await createTransfer(
        {
          parentRunId: run.id,
          retry: retry.kind,
          ...(retry.kind === "unknown" ? { confirmUnknown: true } : {}),
          ...(retry.kind === "rejected" ? { confirmRejected: true } : {}),
        },
        retry.key,
      );
      void revalidate(TRANSFERS_API);
      toast.success(t("retryStarted", { count: child.counts.total }));
      router.push(`/erp/transfers/${child.id}`);
      setRetry(null);
    } catch (error) {
      setRetry(null);
      setFailure(problemText(error));
    } finally {
      pendingRef.current = false;
      setPending(false);
    }
  };

  const copyFailed = async () => {
    try {
      const ids = await fetchRunIds(run.id, "not_transferred");
      await navigator.clipboard.writeText(ids.join("\n"));
      toast.success(t("copied", { count: ids.length }));
    } catch {
      toast.error(t("copyFailed"));
    }
  };

  const reasonId = `${id}-reason`;
  const describedBy = !canRun ? reasonId : active ? `${id}-active` : undefined;
  const writeDisabled = !canRun || active || pending;

  return (
    <section aria-labelledby={`${id}-title`} className={`${cardClass} space-y-3`} data-testid="run-actions">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("actionsTitle")}
      </h2>
      <div className="flex flex-wrap gap-2">
        {/* Only orders whose call failed are offered; orders in the ERP already or refused for good are not. */}
        {m.failed > 0 ? (
          <button
            type="button"
            className={buttonClass.primary}
            disabled={writeDisabled || left.failed === 0}
            aria-describedby={describedBy}
            onClick={() => open("failed", left.failed)}
          >
            {t("retryFailed", { count: left.failed })}
          </button>
        ) : null}
        {left.unsent > 0 && (run.state === "interrupted" || run.stop !== null) ? (
          <button type="button" className={buttonClass.secondary} disabled={writeDisabled} aria-describedby={describedBy} onClick={() => open("unsent", left.unsent)}>
            {t("sendUnsent", { count: left.unsent })}
          </button>
        ) : null}
        {left.unknown > 0 ? (
          <button type="button" className={buttonClass.secondary} disabled={writeDisabled} aria-describedby={describedBy} onClick={() => open("unknown", left.unknown)}>
            {t("resendUnknown", { count: left.unknown })}
          </button>
        ) : null}
        {left.rejected > 0 ? (
          <button type="button" className={buttonClass.secondary} disabled={writeDisabled} aria-describedby={describedBy} onClick={() => open("rejected", left.rejected)}>
            {t("sendRejected", { count: left.rejected })}
          </button>
        ) : null}
        <button type="button" className={buttonClass.secondary} disabled={m.failed + m.rejected === 0} onClick={() => void copyFailed()} data-testid="run-copy-failed">
          {t("copyFailedIds", { count: m.failed + m.rejected })}
        </button>
        <a href={exportHref(run.id, outcome)} download className={buttonClass.secondary} data-testid="run-export">
          {outcome ? t("exportFiltered") : t("exportAll")}
        </a>
        <a href={exportHref(run.id, outcome, "xlsx")} download className={buttonClass.secondary} title={tExports("xlsxHint")} data-testid="run-export-xlsx">
          {tExports("xlsx")}
        </a>
        <ExportCapNote maxRows={exportMaxRows} />
      </div>
      {handedOn > 0 ? (
        <p className={helpTextClass} data-testid="run-already-retried">
          {t("alreadyRetried", { count: handedOn })}
        </p>
      ) : null}
      {!canRun ? (
        <p id={reasonId} className={reasonTextClass} data-testid="run-disabled-reason">
          {disabledReason}
        </p>
      ) : active ? (
        <p id={`${id}-active`} className={helpTextClass}>
          {t("waitForEnd")}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className={errorBoxClass} data-testid="run-action-error">
          {failure}
        </p>
      ) : null}

      <ConfirmDialog
        open={retry !== null}
        testId="retry-dialog"
        title={retry ? t(`retryDialog.${retry.kind}.title`, { count: retry.count }) : ""}
        confirmLabel={retry ? t(`retryDialog.${retry.kind}.confirm`, { count: retry.count }) : ""}
        cancelLabel={t("cancel")}
        tone={retry?.kind === "unknown" || retry?.kind === "rejected" ? "warning" : "default"}
        pending={pending}
        onCancel={() => setRetry(null)}
        onConfirm={() => void confirm()}
        description={
          retry ? (
            <>
              <p>{t(`retryDialog.${retry.kind}.body`, { count: retry.count })}</p>
              {retry.kind === "unknown" ? (
                <p className={warningBoxClass} data-testid="resend-unknown-warning">
                  {t("retryDialog.unknown.warning")}
                </p>
              ) : null}
              {retry.kind === "rejected" ? <RejectionReasons run={run} /> : null}
            </>
          ) : null
        }
      />
    </section>
  );
}

function RejectionReasons({ run }: { run: TransferRunDetail }) {
  const t = useTranslations("erp.run.retryDialog.rejected");
  const tReasons = useTranslations("erp.reasons");
  const shown = run.rejections.reduce((n, r) => n + r.count, 0);
  return (
    <>
      <ul className="list-disc pl-5" data-testid="resend-rejected-reasons">
        {run.rejections.map((r) => (
          <li key={`${r.reasonCode ?? ""}|${r.reason ?? ""}`}>{t("reasonCount", { reason: describeReason(tReasons, r) || tReasons("codes.no_reason"), count: r.count })}</li>
        ))}
        {shown < run.retryable.rejected ? <li>{t("more")}</li> : null}
      </ul>
      <p className={warningBoxClass}>{t("after")}</p>
    </>
  );
}
