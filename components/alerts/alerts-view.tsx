"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { SWRConfig, useSWRConfig } from "swr";
import { DeliveryLog, useDeliveryFilters } from "@/components/alerts/delivery-log";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { GatedButton } from "@/components/ui/gated-button";
import { ErrorState, Notice, TableSkeleton } from "@/components/ui/states";
import { ScrollTable } from "@/components/data-table/scroll-table";
import { tdClass, thClass, theadClass } from "@/components/ui/styles";
import { useProblemText } from "@/components/ui/use-problem-text";
import { deleteChannelRequest, testChannelRequest, useChannels } from "@/lib/alerts/client";
import { ALERTS_API, eventKey } from "@/lib/alerts/constants";
import type { AlertChannelView } from "@/lib/alerts/schemas";

// The channel form (react-hook-form and the handlers' schema) loads when it opens, not with the page.
const ChannelForm = dynamic(() => import("@/components/alerts/channel-form").then((m) => m.ChannelForm));

type Editing = { mode: "create" } | { mode: "edit"; channel: AlertChannelView } | null;

export function AlertsView({ fallback, canManage }: { fallback: Record<string, unknown>; canManage: boolean }) {
  return (
    <SWRConfig value={{ fallback }}>
      <Alerts canManage={canManage} />
    </SWRConfig>
  );
}

function Alerts({ canManage }: { canManage: boolean }) {
  const t = useTranslations("alerts");
  const problemText = useProblemText();
  const { mutate: mutateAny } = useSWRConfig();
  const { data, error, mutate, isLoading } = useChannels();
  const { setFilters } = useDeliveryFilters(data?.items);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AlertChannelView | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const reason = canManage ? null : t("onlyAdmins");
  const refreshLog = () => mutateAny((key) => typeof key === "string" && key.startsWith(`${ALERTS_API}/deliveries`));

  const sendTest = async (channel: AlertChannelView) => {
    setPending(channel.id);
    try {
      await testChannelRequest(channel.id);
      toast.success(t("toast.testQueued", { name: channel.name }));
      await setFilters({ channel: channel.id, status: null });
      await refreshLog();
    } catch (err) {
      toast.error(t("toast.failed", { reason: problemText(err) }));
    } finally {
      setPending(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setPending(deleting.id);
    try {
      await deleteChannelRequest(deleting.id);
      toast.success(t("toast.deleted", { name: deleting.name }));
      setDeleting(null);
      setDeleteFailure(null);
      await setFilters({ channel: null });
      await Promise.all([mutate(), refreshLog()]);
    } catch (err) {
      setDeleteFailure(problemText(err));
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="space-y-8">
      {!canManage ? (
        <p
          data-testid="alerts-manage-reason"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {t("onlyAdmins")}
        </p>
      ) : null}

      <section aria-labelledby="alert-channels-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="alert-channels-heading" className="text-lg font-semibold">
            {t("channels.heading")}
          </h2>
          <GatedButton variant="primary" testId="alert-channel-add" disabledReason={reason} showReason={false} onClick={() => setEditing({ mode: "create" })}>
            {t("channels.add")}
          </GatedButton>
        </div>

        {editing ? (
          <ChannelForm
            key={editing.mode === "edit" ? editing.channel.id : "new"}
            channel={editing.mode === "edit" ? editing.channel : null}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              toast.success(t(editing.mode === "edit" ? "toast.saved" : "toast.created", { name: saved.name }));
              setEditing(null);
              void mutate();
            }}
          />
        ) : null}

        {!data && error ? (
          <ErrorState testId="alert-channels-error" messages="alerts.channels" error={error} onRetry={() => void mutate()} compact />
        ) : !data && isLoading ? (
          <TableSkeleton rows={2} label={t("channels.loading")} cells={["w-32", "w-20", "flex-1", "w-32", "w-16"]} />
        ) : data && data.items.length === 0 ? (
          <Notice testId="alert-channels-empty" title={t("channels.empty")} compact />
        ) : data ? (
          <ScrollTable label={t("channels.caption")}>
            <table className="w-full text-sm max-sm:min-w-[46rem]" data-testid="alert-channels">
              <caption className="sr-only">{t("channels.caption")}</caption>
              <thead className={theadClass}>
                <tr>
                  <th scope="col" className={thClass}>{t("channels.name")}</th>
                  <th scope="col" className={thClass}>{t("channels.kind")}</th>
                  <th scope="col" className={thClass}>{t("channels.target")}</th>
                  <th scope="col" className={thClass}>{t("channels.events")}</th>
                  <th scope="col" className={thClass}>{t("channels.enabled")}</th>
                  <th scope="col" className={thClass}>{t("channels.actions")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.items.map((c) => (
                  <tr key={c.id} data-testid="alert-channel-row" data-channel-name={c.name}>
                    <td className={`${tdClass} font-medium`}>{c.name}</td>
                    <td className={tdClass}>{t(`kinds.${c.kind}`)}</td>
                    <td className={`${tdClass} break-all font-mono text-xs`} data-testid="alert-channel-target">
                      {c.target}
                    </td>
                    <td className={tdClass}>{c.events.map((e) => t(`eventsShort.${eventKey(e)}`)).join(", ")}</td>
                    <td className={tdClass}>{c.enabled ? t("channels.on") : t("channels.off")}</td>
                    <td className={tdClass}>
                      <div className="flex flex-wrap gap-2">
                        <GatedButton testId="alert-channel-test" disabledReason={reason} showReason={false} pending={pending === c.id} onClick={() => void sendTest(c)}>
                          <span aria-hidden="true">{pending === c.id ? t("channels.testing") : t("channels.test")}</span>
                          <span className="sr-only">{t("channels.testFor", { name: c.name })}</span>
                        </GatedButton>
                        <GatedButton testId="alert-channel-edit" disabledReason={reason} showReason={false} onClick={() => setEditing({ mode: "edit", channel: c })}>
                          <span aria-hidden="true">{t("channels.edit")}</span>
                          <span className="sr-only">{t("channels.editFor", { name: c.name })}</span>
                        </GatedButton>
                        <GatedButton testId="alert-channel-delete" variant="danger" disabledReason={reason} showReason={false} onClick={() => setDeleting(c)}>
                          <span aria-hidden="true">{t("channels.delete")}</span>
                          <span className="sr-only">{t("channels.deleteFor", { name: c.name })}</span>
                        </GatedButton>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        ) : null}
      </section>

      <DeliveryLog channels={data?.items} showsAnswers={canManage} />

      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? t("channels.deleteTitle", { name: deleting.name }) : ""}
        description={t("channels.deleteBody")}
        confirmLabel={t("channels.delete")}
        cancelLabel={t("form.cancel")}
        tone="danger"
        pending={pending !== null && pending === deleting?.id}
        failure={deleteFailure}
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          setDeleting(null);
          setDeleteFailure(null);
        }}
        testId="alert-channel-delete-dialog"
      />
    </div>
  );
}
