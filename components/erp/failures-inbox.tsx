"use client";

import { useRouter } from "next/navigation";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useDateTime } from "@/components/ui/time";
import { useId, useRef, useState } from "react";
import { SWRConfig } from "swr";
import { MeaningBadge } from "@/components/erp/badges";
import { listColumns, ListTable, type ListColumn } from "@/components/data-table/list-table";
import type { CardRole } from "@/components/data-table/table-view";
import { useErpProblemText } from "@/components/erp/use-problem-text";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { buttonClass, inputClass, labelClass, linkClass, selectClass } from "@/components/ui/styles";
import { toast } from "@/components/ui/toast";
import { ViewsControl } from "@/components/views/views-control";
import { describeReason } from "@/lib/erp/outcomes/reasons";
import { FAILURES_COUNT_API, failuresListBase as failuresList, RESOLUTION_NOTE_MAX, type FailuresListState, type InboxGroup, type InboxPage } from "@/lib/erp/inbox/lists";
import { RUN_ORIGIN_GROUPS, TRANSFERS_API, type RunOriginGroup } from "@/lib/erp/lists";
import { resolveFailuresRequest, retryFailuresRequest, useFailures } from "@/lib/erp/inbox/client";
import { useListState, type Keyed } from "@/lib/list/client";
import { useRevalidateUnder } from "@/lib/swr/revalidate";
import { DateField } from "@/components/ui/date-field";
import { Select } from "@/components/ui/select";

type Action = { kind: "retry" | "resolve"; group: InboxGroup; key: string } | null;

const IDS_SHOWN = 5;

/** The group's order ids: the first few, "and N more" opening the rest, and a button that copies them. */
function GroupOrders({ group }: { group: InboxGroup }) {
  const t = useTranslations("erp.failures");
  const [all, setAll] = useState(false);
  const shown = all ? group.orderIds : group.orderIds.slice(0, IDS_SHOWN);
  const hidden = group.orderIds.length - shown.length;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(group.orderIds.join("\n"));
      toast.success(t("copied", { count: group.orderIds.length }));
    } catch {
      toast.error(t("copyFailed"));
    }
  };
  return (
    <div className="space-y-1" data-testid="failures-group-orders">
      <ul aria-label={t("orderIds")} className="flex flex-wrap gap-x-2 font-mono text-xs">
        {shown.map((id) => (
          <li key={id} data-testid="failures-order-id" className="select-all">
            {id}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2 text-xs">
        {hidden > 0 ? (
          <button type="button" className={linkClass} aria-expanded={false} onClick={() => setAll(true)} data-testid="failures-more-ids">
            {t("moreIds", { count: hidden })}
          </button>
        ) : all && group.orderIds.length > IDS_SHOWN ? (
          <button type="button" className={linkClass} aria-expanded={true} onClick={() => setAll(false)}>
            {t("fewerIds")}
          </button>
        ) : null}
        <button type="button" className={linkClass} onClick={() => void copy()} data-testid="failures-copy-ids">
          {t("copyIds", { count: group.orderIds.length })}
        </button>
      </div>
      {all && group.count > group.orderIds.length ? <p className="text-xs">{t("beyondIds", { count: group.count - group.orderIds.length })}</p> : null}
    </div>
  );
}

function GroupRuns({ group }: { group: InboxGroup }) {
  const t = useTranslations("erp.failures");
  return (
    <ul className="space-y-0.5 text-xs" data-testid="failures-group-runs">
      {group.runIds.map((id) => (
        <li key={id}>
          <Link href={`/erp/transfers/${id}`} prefetch={false} className={linkClass} data-testid="failures-run-link">
            {t("run", { id: id.slice(0, 8) })}
          </Link>
        </li>
      ))}
      {group.runs > group.runIds.length ? <li>{t("moreRuns", { count: group.runs - group.runIds.length })}</li> : null}
    </ul>
  );
}

export function FailuresInbox({ canRun, fallback }: { canRun: boolean; fallback: Record<string, Keyed<InboxPage>> }) {
  return (
    <SWRConfig value={{ fallback }}>
      <Inbox canRun={canRun} />
    </SWRConfig>
  );
}

function Inbox({ canRun }: { canRun: boolean }) {
  const t = useTranslations("erp.failures");
  const tReasons = useTranslations("erp.reasons");
  const tRuns = useTranslations("erp.history");
  const dt = useDateTime();
  const format = useFormatter();
  const router = useRouter();
  const problemText = useErpProblemText();
  const revalidate = useRevalidateUnder();
  const id = useId();
  const [state, update] = useListState(failuresList);
  const { data, mutate } = useFailures(state);
  const [action, setAction] = useState<Action>(null);
  const [note, setNote] = useState("");
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = useRef(false);

  const open = (kind: "retry" | "resolve", group: InboxGroup) => {
    setFailure(null);
    setNote("");
    // One key per dialog: a double click gives back the same run.
    setAction({ kind, group, key: crypto.randomUUID() });
  };

  const confirm = async () => {
    if (!action || busy.current) return;
    busy.current = true;
    setPending(true);
    const { meaning, reasonCode, reason } = action.group;
    try {
      if (action.kind === "retry") {
        const body = { meaning, reasonCode, reason, ...(meaning === "unknown" ? { confirmUnknown: true } : {}), ...(meaning === "rejected" ? { confirmRejected: true } : {}) };
        const { run } = await retryFailuresRequest(state, body, action.key);
        void revalidate(TRANSFERS_API);
        toast.success(t("retryStarted", { count: run.counts.total }));
        router.push(`/erp/transfers/${run.id}`);
      } else {
        const { resolved } = await resolveFailuresRequest(state, { meaning, reasonCode, reason, note });
        toast.success(resolved > 0 ? t("resolvedToast", { count: resolved }) : t("nothingResolved"));
      }
      setAction(null);
      void mutate();
      void revalidate(FAILURES_COUNT_API);
    } catch (error) {
      setFailure(problemText(error));
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  const reasonOf = (g: InboxGroup) => describeReason(tReasons, g) || tReasons("codes.no_reason");
  const patch = (p: Partial<FailuresListState>) => update(p as never);

  const make = listColumns<InboxGroup, "meaning" | "reason" | "orders" | "runs" | "when" | "actions">(t, "columns.");
  const column = (id: Parameters<typeof make>[0], cell: ListColumn<InboxGroup>["cell"], card?: CardRole) => make(id, cell, { card });
  const columns = [
    column("meaning", (g) => <MeaningBadge meaning={g.meaning} />, "badge"),
    column("reason", (g) => reasonOf(g), "title"),
    column("orders", (g) => (
      <div className="space-y-1">
        <span data-testid="failures-group-count" data-count={g.count}>
          {format.number(g.count)}
        </span>
        <GroupOrders group={g} />
      </div>
    )),
    column("runs", (g) => (
      <div className="space-y-1">
        <span>{format.number(g.runs)}</span>
        <GroupRuns group={g} />
      </div>
    )),
    column("when", (g) => dt.dateTime(g.lastAt)),
    column("actions", (g) => (
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass.secondary} disabled={!canRun} onClick={() => open("retry", g)}>
          {g.meaning === "rejected" ? t("sendAnyway", { count: g.count }) : t("retryAll", { count: g.count })}
        </button>
        <button type="button" className={buttonClass.secondary} disabled={!canRun} onClick={() => open("resolve", g)}>
          {t("resolve")}
        </button>
      </div>
    )),
  ];

  const channels = [...new Set([...(state.channel ? [state.channel] : []), ...(data?.channels ?? [])])];

  return (
    <div data-testid="failures-inbox" className="space-y-4">
      <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <div>
          <label className={labelClass} htmlFor={`${id}-from`}>{t("filters.from")}</label>
          <DateField id={`${id}-from`} className={inputClass} value={state.from ?? ""} max={state.to} onChange={(v) => patch({ from: v || undefined })} />
        </div>
        <div>
          <label className={labelClass} htmlFor={`${id}-to`}>{t("filters.to")}</label>
          <DateField id={`${id}-to`} className={inputClass} value={state.to ?? ""} min={state.from} onChange={(v) => patch({ to: v || undefined })} />
        </div>
        <div>
          <label className={labelClass} htmlFor={`${id}-by`}>{t("filters.by")}</label>
          <Select id={`${id}-by`} className={selectClass} value={state.by ?? ""} onValueChange={(v) => patch({ by: v || undefined })} options={[{ value: "", label: t("filters.anyone") }, ...(data?.starters ?? []).map((s) => ({ value: s.by, label: s.kind === "key" ? tRuns("starterKey", { name: s.name }) : s.kind === "automatic" ? tRuns("starterAutomatic") : s.name }))]} />
        </div>
        <div>
          <label className={labelClass} htmlFor={`${id}-origin`}>{tRuns("originFilter")}</label>
          <Select
            id={`${id}-origin`}
            className={selectClass}
            value={state.origin ?? ""}
            onValueChange={(v) => patch({ origin: (v || undefined) as RunOriginGroup | undefined })}
            options={[{ value: "", label: tRuns("originAll") }, ...RUN_ORIGIN_GROUPS.map((o) => ({ value: o, label: tRuns(`originGroup.${o}`) }))]}
          />
        </div>
        {channels.length > 0 ? (
          <div>
            <label className={labelClass} htmlFor={`${id}-channel`}>{tRuns("channelFilter")}</label>
            <Select id={`${id}-channel`} className={selectClass} value={state.channel ?? ""} onValueChange={(v) => patch({ channel: v || undefined })} options={[{ value: "", label: tRuns("channelAll") }, ...channels.map((c) => ({ value: c, label: c }))]} />
          </div>
        ) : null}
        <div>
          <label className={labelClass} htmlFor={`${id}-run`}>{t("filters.run")}</label>
          <input id={`${id}-run`} className={inputClass} defaultValue={state.run ?? ""} placeholder={t("filters.runHint")} onBlur={(e) => patch({ run: failuresList.fields.run.safeParse(e.target.value).success ? e.target.value.trim() || undefined : undefined })} />
        </div>
        <ViewsControl list="erp_failures" state={state} />
      </form>

      <p data-testid="failures-total" className="text-sm">{data ? t("total", { count: data.total }) : "\u00a0"}</p>
      {data && data.groups.length === 0 ? (
        <p data-testid="failures-empty" className="text-sm text-slate-700 dark:text-slate-200">{t("empty")}</p>
      ) : (
        <ListTable
          columns={columns}
          rows={data?.groups ?? []}
          rowId={(g) => `${g.meaning}|${g.reasonCode ?? ""}|${g.reason ?? ""}`}
          caption={t("total", { count: data?.total ?? 0 })}
          rowTestId="failures-group"
          rowProps={(g) => ({ "data-meaning": g.meaning, "data-reason-code": g.reasonCode ?? "" })}
        />
      )}

      <ConfirmDialog
        open={action !== null}
        testId="failures-dialog"
        title={action ? t(`${action.kind}Dialog.title`, { count: action.group.count }) : ""}
        confirmLabel={action ? t(`${action.kind}Dialog.confirm`, { count: action.group.count }) : ""}
        cancelLabel={t("cancel")}
        tone={action?.group.meaning === "rejected" || action?.group.meaning === "unknown" ? "warning" : "default"}
        pending={pending}
        confirmDisabled={action?.kind === "resolve" && note.trim() === ""}
        failure={failure}
        onConfirm={() => void confirm()}
        onCancel={() => setAction(null)}
      >
        {action ? (
          <div className="space-y-3 text-sm">
            <p>{t(`why.${action.group.meaning}`, { reason: reasonOf(action.group) })}</p>
            <GroupOrders group={action.group} />
            {action.kind === "resolve" ? (
              <div>
                <label className={labelClass} htmlFor={`${id}-note`}>{t("resolveDialog.note")}</label>
                <textarea id={`${id}-note`} className={inputClass} maxLength={RESOLUTION_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
              </div>
            ) : null}
          </div>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
