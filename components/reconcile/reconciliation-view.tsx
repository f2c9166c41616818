"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useMemo } from "react";
import { PlainTable } from "@/components/data-table/plain-table";
import { ErrorState, TableSkeleton } from "@/components/erp/list";
import { errorBoxClass, linkClass, warningBoxClass } from "@/components/erp/styles";
import { BucketOrders } from "@/components/reconcile/bucket-orders";
import { QueueNeverSeen } from "@/components/reconcile/queue-never-seen";
import { ReconcileStatusBadge } from "@/components/reconcile/status-badge";
import { cardClass, helpTextClass } from "@/components/ui/styles";
import { useDateTime } from "@/components/ui/time";
import { formatDate } from "@/lib/i18n/datetime";
import { useListState } from "@/lib/list/client";
import { BUCKETS, bucketOrderListBase, RECONCILIATIONS_PATH } from "@/lib/reconcile/constants";
import { useReconciliation } from "@/lib/reconcile/client";
import type { BreakdownRow, Reconciliation } from "@/lib/reconcile/schemas";

const COUNTED = ["inErp", "waiting", "open", "neverSeen"] as const;
const NUMBER = "text-right tabular-nums";

export function ReconciliationView({ id, initial, canRun, disabledReason, backfill, exportMaxRows }: { id: string; initial: Reconciliation; canRun: boolean; disabledReason: string | null; backfill: boolean; exportMaxRows: number }) {
  const t = useTranslations("reconcile.detail");
  const tBuckets = useTranslations("reconcile.buckets");
  const tHelp = useTranslations("reconcile.bucketHelp");
  const format = useFormatter();
  const dt = useDateTime();
  const headingId = useId();
  const list = useMemo(() => bucketOrderListBase(id), [id]);
  const [state, update] = useListState(list);
  const { data: r, error, mutate } = useReconciliation(id, initial);

  if (!r) return error ? <ErrorState testId="reconciliation-error" error={error} onRetry={() => void mutate()} /> : <TableSkeleton testId="reconciliation-loading" rows={4} />;
  const done = r.status === "done" && r.buckets;

  return (
    <div className="space-y-6" data-testid="reconciliation-view" data-status={r.status}>
      <div className={`${cardClass} space-y-2`}>
        <div className="flex flex-wrap items-center gap-3">
          <ReconcileStatusBadge status={r.status} />
          <span>{r.kind === "window" && r.from && r.to ? t("scopeWindow", { from: dt.dateTime(r.from), to: dt.dateTime(r.to) }) : t("scopeManifest")}</span>
        </div>
        <p className={helpTextClass}>{t("startedBy", { name: r.createdBy.name || r.createdBy.email, when: dt.dateTime(r.createdAt) })}</p>
        {r.status === "running" ? <p role="status" className={warningBoxClass} data-testid="reconciliation-running">{t("running")}</p> : null}
        {r.status === "failed" ? <p role="alert" className={errorBoxClass} data-testid="reconciliation-failed">{t("failed", { reason: r.error ?? "" })}</p> : null}
        {error ? <ErrorState testId="reconciliation-refresh-error" error={error} onRetry={() => void mutate()} /> : null}
      </div>

      {done ? (
        <>
          <section aria-labelledby={headingId} className="space-y-3">
            <h2 id={headingId} className="text-lg font-semibold">{t("bucketsTitle")}</h2>
            <p className="text-2xl font-semibold" data-testid="reconciliation-total">
              {t("total")}: <span className="tabular-nums">{format.number(r.total ?? 0)}</span>
            </p>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
              {BUCKETS.map((b) => (
                <li key={b}>
                  <button
                    type="button"
                    aria-pressed={state.bucket === b}
                    aria-label={t("show", { bucket: tBuckets(b) })}
                    onClick={() => update({ bucket: b })}
                    className={`${cardClass} w-full text-left ${state.bucket === b ? "ring-2 ring-brand-600" : ""}`}
                    data-testid={`bucket-${b}`}
                    data-count={r.buckets![b]}
                  >
                    <span className="block text-sm font-medium">{tBuckets(b)}</span>
                    <span className="block text-2xl font-semibold tabular-nums">{format.number(r.buckets![b])}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-300">{tHelp(b)}</span>
                  </button>
                </li>
              ))}
            </ul>
            <p className={helpTextClass} data-testid="reconciliation-excluded">
              {t("excluded", { cancelled: format.number(r.excluded.cancelled), settling: format.number(r.excluded.settling), duplicates: format.number(r.excluded.duplicates) })}
            </p>
            <QueueNeverSeen reconciliation={r} canRun={canRun} disabledReason={disabledReason} backfill={backfill} />
          </section>
          <div className="grid gap-6 lg:grid-cols-2">
            <Breakdown title={t("byDay")} keyLabel={t("day")} rows={r.byDay ?? []} total={r.total ?? 0} testId="breakdown-day" name={(k) => (k ? formatDate(`${k}T12:00:00Z`, dt.locale, "UTC") : t("noDay"))} />
            <Breakdown title={t("byChannel")} keyLabel={t("channel")} rows={r.byChannel ?? []} total={r.total ?? 0} testId="breakdown-channel" name={(k) => k ?? t("noChannel")} href={(k, b) => (k === null ? null : `${RECONCILIATIONS_PATH}/${id}${list.urlSearch({ ...state, bucket: b, channel: k, page: 1 })}`)} />
          </div>
          <BucketOrders id={id} list={list} state={state} update={update} exportMaxRows={exportMaxRows} />
        </>
      ) : null}
    </div>
  );
}

function Breakdown({ title, keyLabel, rows, total, testId, name, href }: { title: string; keyLabel: string; rows: readonly BreakdownRow[]; total: number; testId: string; name: (key: string | null) => string; href?: (key: string | null, bucket: (typeof COUNTED)[number]) => string | null }) {
  const t = useTranslations("reconcile.detail");
  const tBuckets = useTranslations("reconcile.buckets");
  const format = useFormatter();
  const id = useId();
  const sum = (b: (typeof COUNTED)[number]) => rows.reduce((n, r) => n + r[b], 0);
  const all: (BreakdownRow & { isTotal?: true })[] = [...rows, { key: "", total, inErp: sum("inErp"), waiting: sum("waiting"), open: sum("open"), neverSeen: sum("neverSeen"), isTotal: true }];
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-2">
      <h2 id={id} className="text-lg font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className={helpTextClass}>{t("breakdownNone")}</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby={id}>
          <PlainTable
            testId={testId}
            caption={title}
            rows={all}
            rowKey={(r) => (r.isTotal ? "\u0000total" : (r.key ?? "\u0000none"))}
            rowProps={(r) => ({ "data-key": r.isTotal ? "total" : (r.key ?? "none"), "data-total": String(r.total) })}
            className="rounded-md border border-slate-200 dark:border-slate-700"
            columns={[
              { id: "key", header: keyLabel, rowHeader: true, cell: (r) => (r.isTotal ? t("total_row") : name(r.key)), className: (r) => (r.isTotal ? "font-semibold" : "") },
              { id: "total", header: t("totalColumn"), cell: (r) => format.number(r.total), className: NUMBER, headerClassName: "text-right" },
              ...COUNTED.map((b) => ({
                id: b,
                header: tBuckets(b),
                cell: (r: BreakdownRow & { isTotal?: true }) => {
                  const to = r.isTotal || r[b] === 0 ? null : (href?.(r.key, b) ?? null);
                  return to ? (
                    <Link href={to} scroll={false} className={linkClass} aria-label={t("showChannel", { bucket: tBuckets(b), channel: name(r.key), count: r[b] })} data-testid="breakdown-link" data-bucket={b}>
                      {format.number(r[b])}
                    </Link>
                  ) : (
                    format.number(r[b])
                  );
                },
                className: NUMBER,
                headerClassName: "text-right",
              })),
            ]}
          />
        </div>
      )}
    </section>
  );
}


