"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { GatedButton } from "@/components/ui/gated-button";
import { alertClass, buttonClass } from "@/components/ui/styles";
import { useCodeText } from "@/components/ui/use-code-text";
import { useProblemText } from "@/components/ui/use-problem-text";
import { isProblemCode, PROBLEM_STATUS } from "@/lib/rules/problems";
import { saveRuleBreak } from "@/lib/rules/warehouse";
import { ProblemError } from "@/lib/swr/fetcher";
import type { Warehouse } from "@/lib/warehouses/schemas";
import { bulkSetActiveRequest, useRevalidateWarehouses } from "@/lib/warehouses/client";
import { useWarehouseProblemText } from "@/components/warehouses/use-warehouse-text";
import { UNDO_MS } from "@/components/warehouses/use-warehouse-actions";

export interface BulkRowOutcome {
  id: number;
  name: string;
  ok: boolean;
  reason?: string;
}

export interface BulkReport {
  isActive: boolean;
  rows: BulkRowOutcome[];
}

export function BulkStatusBar({
  selected,
  canWrite,
  onDone,
  onClear,
}: {
  selected: Warehouse[];
  canWrite: boolean;
  onDone: (report: BulkReport) => void;
  onClear: () => void;
}) {
  const t = useTranslations("warehouses.bulk");
  const tReasons = useTranslations("warehouses.reasons");
  const tErrors = useTranslations("warehouses.errors");
  const problemText = useWarehouseProblemText();
  // A row refused by a console rule: its sentence in the reader's language (the code's text on a page not in English).
  const ruleText = useProblemText();
  const say = useCodeText();
  const revalidate = useRevalidateWarehouses();
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);

  // A row the platform failed on carries no platform text (only its 4xx refusals pass).
  const upstreamFailure = (code: string | undefined) =>
    code === "timeout" ? tErrors("upstreamTimeout") : code === "http" || code === "network" || code === "invalid-response" ? tErrors("upstreamDown") : t("failedRow");

  const run = async (isActive: boolean, targets: Warehouse[] = selected) => {
    if (pending || targets.length === 0) return;
    setPending(true);
    const byId = new Map(targets.map((w) => [w.id, w]));
    try {
      const outcome = await bulkSetActiveRequest([...byId.keys()], isActive);
      const rows = outcome.results.map((r): BulkRowOutcome => {
        const w = byId.get(r.id);
        const broken = w ? saveRuleBreak({ isActive }, w) : null;
        const reason = r.ok
          ? undefined
          : broken
            ? say({ code: `validation.warehouses.${broken.key}` })
            : r.code === "not_found"
              ? t("gone")
              : isProblemCode(r.code)
                ? ruleText(new ProblemError({ status: PROBLEM_STATUS[r.code], code: r.code, detail: r.detail }))
                : (r.detail ?? upstreamFailure(r.code));
        return { id: r.id, name: w?.name ?? `#${r.id}`, ok: r.ok, reason };
      });
      onDone({ isActive, rows });
      const done = rows.filter((r) => r.ok).flatMap((r) => byId.get(r.id) ?? []);
      // The warehouses this deactivated can be activated again for a few seconds; the report then says so.
      if (!isActive && done.length > 0)
        toast.success(t("deactivatedToast", { count: done.length }), { duration: UNDO_MS, action: { label: t("undo"), onClick: () => void run(true, done) } });
    } catch (error) {
      toast.error(t("failed", { reason: problemText(error) }));
    } finally {
      setPending(false);
      setConfirming(false);
      void revalidate();
    }
  };

  if (selected.length === 0) return null;
  const reason = canWrite ? null : tReasons("writeRole");
  return (
    <div
      role="region"
      aria-label={t("label")}
      data-testid="bulk-bar"
      className="mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-brand-500/40 bg-brand-50 px-3 py-2 text-sm text-slate-900 dark:border-brand-500 dark:bg-slate-800 dark:text-slate-100"
    >
      <span className="font-medium" aria-live="polite">
        {t("selected", { count: selected.length })}
      </span>
      <GatedButton disabledReason={reason} pending={pending} onClick={() => void run(true)} testId="bulk-activate">
        {t("activate")}
      </GatedButton>
      <GatedButton disabledReason={reason} showReason={false} pending={pending} onClick={() => setConfirming(true)} testId="bulk-deactivate">
        {t("deactivate")}
      </GatedButton>
      <ConfirmDialog
        open={confirming}
        testId="bulk-deactivate-dialog"
        title={t("confirmTitle", { count: selected.length })}
        description={t("confirmBody", { names: selected.map((w) => w.name).join(", ") })}
        confirmLabel={t("confirm")}
        cancelLabel={t("cancel")}
        tone="warning"
        pending={pending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void run(false)}
      />
      <button type="button" className={buttonClass.ghost} onClick={onClear} disabled={pending}>
        {t("clear")}
      </button>
    </div>
  );
}

export function BulkReportPanel({ report, onDismiss }: { report: BulkReport; onDismiss: () => void }) {
  const t = useTranslations("warehouses.bulk");
  const succeeded = report.rows.filter((r) => r.ok).length;
  const failed = report.rows.length - succeeded;
  return (
    <section
      aria-labelledby="bulk-report-title"
      data-testid="bulk-report"
      className={`${failed ? alertClass.warning : alertClass.success} mb-3 text-sm`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p id="bulk-report-title" className="font-semibold" role="status">
          {t(report.isActive ? "reportActivated" : "reportDeactivated", { succeeded, failed })}
        </p>
        <button type="button" className={buttonClass.ghost} onClick={onDismiss}>
          {t("dismiss")}
        </button>
      </div>
      <ul className="mt-2 space-y-1">
        {report.rows.map((row) => (
          <li key={row.id} data-testid="bulk-report-row" data-ok={row.ok}>
            <span className="font-medium">{row.name}</span>
            {": "}
            {row.ok ? t(report.isActive ? "rowActivated" : "rowDeactivated") : t("rowFailed", { reason: row.reason ?? "" })}
          </li>
        ))}
      </ul>
    </section>
  );
}
