"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useDateTime } from "@/components/ui/time";
import { useId, useRef, useState } from "react";
import { errorBoxClass, reasonTextClass } from "@/components/erp/styles";
import { useErpProblemText } from "@/components/erp/use-problem-text";
import { buttonClass, cardClass, checkboxClass, helpTextClass, linkClass } from "@/components/ui/styles";
import { ListTable } from "@/components/data-table/list-table";
import { toast } from "@/components/ui/toast";
import { TRANSFERS_API } from "@/lib/erp/lists";
import { removeQueuedRequest, sendQueueRequest, useQueue } from "@/lib/queue/client";
import { useRevalidateUnder } from "@/lib/swr/revalidate";


/** The order queue on the ERP page: what waits, when it is next sent by itself, and "Send now" / "Remove" for operators. */
export function OrderQueue({ canRun, disabledReason }: { canRun: boolean; disabledReason: string | null }) {
  const t = useTranslations("erpQueue");
  const dt = useDateTime();
  const problemText = useErpProblemText();
  const revalidate = useRevalidateUnder();
  const id = useId();
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useQueue(page);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<"send" | "remove" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [lastRun, setLastRun] = useState<string | null>(null);
  // One key per click of "Send now" that succeeds or fails: a double click gives back the same run.
  const sendKey = useRef<string | null>(null);

  const count = data?.count ?? 0;
  const items = data?.items ?? [];
  const reason = !canRun ? disabledReason : count === 0 ? t("emptyReason") : null;
  const removeReason = !canRun ? disabledReason : chosen.size === 0 ? t("noneSelected") : null;

  const act = async (kind: "send" | "remove") => {
    if (pending) return;
    setPending(kind);
    setFailure(null);
    try {
      if (kind === "send") {
        sendKey.current ??= crypto.randomUUID();
        const { run } = await sendQueueRequest(sendKey.current);
        sendKey.current = null;
        setLastRun(run.id);
        toast.success(t("sent", { count: run.counts.total }));
        void revalidate(TRANSFERS_API);
      } else {
        const { removed } = await removeQueuedRequest([...chosen]);
        setChosen(new Set());
        toast.success(t("removed", { count: removed.length }));
      }
      await mutate();
    } catch (e) {
      setFailure(problemText(e));
    } finally {
      setPending(null);
    }
  };

  const toggle = (orderId: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(orderId);
      else next.delete(orderId);
      return next;
    });
  const allChosen = items.length > 0 && items.every((i) => chosen.has(i.orderId));

  return (
    <section id="queue" data-testid="order-queue" aria-labelledby={`${id}-title`} className={`${cardClass} space-y-4`}>
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">{t("title")}</h2>
        <p className={helpTextClass}>{t("description")}</p>
      </div>
      {error && !data ? <p className={errorBoxClass} role="alert">{problemText(error)}</p> : null}
      {!data && !error ? <p className={helpTextClass}>{t("loading")}</p> : null}
      {data ? (
        <ul className="space-y-1 text-sm">
          <li data-testid="queue-count" data-count={count} className="font-medium">{t("count", { count })}</li>
          {data.oldest ? <li data-testid="queue-oldest">{t("oldest", { when: dt.dateTime(data.oldest) })}</li> : null}
          <li data-testid="queue-next-send">
            {data.nextSend ? (
              t("nextSend", { when: dt.dateTime(data.nextSend.at), max: Math.min(data.nextSend.maxOrders, data.maxOrdersPerRun) })
            ) : (
              <>
                {t("noSchedule")}{" "}
                <Link href="/erp/schedules" className={linkClass}>{t("scheduleLink")}</Link>
              </>
            )}
          </li>
          <li>
            {t("reconcileHint")} <Link href="/reconciliations" className={linkClass} data-testid="queue-reconcile-link">{t("reconcileLink")}</Link>
          </li>
        </ul>
      ) : null}
      <div className="flex flex-wrap items-start gap-3">
        <div>
          <button
            type="button"
            data-testid="queue-send-now"
            className={buttonClass.primary}
            disabled={reason !== null || pending !== null}
            aria-describedby={`${id}-send-reason`}
            onClick={() => void act("send")}
          >
            {pending === "send" ? t("sending") : t("sendNow")}
          </button>
          <p id={`${id}-send-reason`} data-testid="queue-send-reason" className={reason && !canRun ? reasonTextClass : helpTextClass}>
            {reason ?? t("sendHelp", { max: data?.maxOrdersPerRun ?? 0 })}
          </p>
        </div>
        <div>
          <button
            type="button"
            data-testid="queue-remove"
            className={buttonClass.secondary}
            disabled={removeReason !== null || pending !== null}
            aria-describedby={removeReason ? `${id}-remove-reason` : undefined}
            onClick={() => void act("remove")}
          >
            {pending === "remove" ? t("removing") : t("remove")}
          </button>
          {removeReason && canRun ? <p id={`${id}-remove-reason`} className={helpTextClass}>{removeReason}</p> : null}
        </div>
      </div>
      {failure ? <p className={errorBoxClass} role="alert" data-testid="queue-error">{failure}</p> : null}
      {lastRun ? (
        <p className="text-sm">
          <Link href={`/erp/transfers/${lastRun}`} className={linkClass} data-testid="queue-run-link">{t("openRun")}</Link>
        </p>
      ) : null}
      {data && items.length === 0 ? <p className={helpTextClass}>{t("empty")}</p> : null}
      {items.length > 0 ? (
        <ListTable
          caption={t("caption")}
          rows={items}
          rowId={(i) => i.orderId}
          rowTestId="queue-row"
          rowProps={(i) => ({ "data-order-id": i.orderId })}
          columns={[
            {
              id: "select",
              header: <input type="checkbox" className={checkboxClass} aria-label={t("table.selectAll")} disabled={!canRun} checked={allChosen} onChange={(e) => items.forEach((i) => toggle(i.orderId, e.target.checked))} />,
              label: t("table.selectAll"),
              card: "select",
              cell: (i) => <input type="checkbox" className={checkboxClass} aria-label={`${t("table.select")} ${i.orderId}`} disabled={!canRun} checked={chosen.has(i.orderId)} onChange={(e) => toggle(i.orderId, e.target.checked)} />,
            },
            { id: "orderId", header: t("table.orderId"), label: t("table.orderId"), card: "title", className: "font-mono", cell: (i) => i.orderId },
            { id: "queuedAt", header: t("table.queuedAt"), label: t("table.queuedAt"), cell: (i) => dt.dateTime(i.queuedAt) },
            { id: "queuedBy", header: t("table.queuedBy"), label: t("table.queuedBy"), cell: (i) => i.queuedBy.name || i.queuedBy.email },
            { id: "origin", header: t("table.origin"), label: t("table.origin"), cell: (i) => t(`origins.${i.origin}`) },
          ]}
        />
      ) : null}
      {data && (page > 1 || count > page * data.limit) ? (
        <nav className="flex items-center gap-3 text-sm" aria-label={t("caption")}>
          <button type="button" className={buttonClass.ghost} disabled={page <= 1} onClick={() => setPage(page - 1)}>{t("previous")}</button>
          <span>{t("page", { page })}</span>
          <button type="button" className={buttonClass.ghost} disabled={count <= page * data.limit} onClick={() => setPage(page + 1)}>{t("next")}</button>
        </nav>
      ) : null}
    </section>
  );
}
