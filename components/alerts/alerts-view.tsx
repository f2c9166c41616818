"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { toast } from "@/components/ui/toast";
import { SWRConfig } from "swr";
import { DeliveryLog, useDeliveryList } from "@/components/alerts/delivery-log";
import { listColumns, type ListColumn } from "@/components/data-table/list-table";
import { listTexts, ResourceList } from "@/components/data-table/resource-list";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { GatedButton } from "@/components/ui/gated-button";
import { useProblemText } from "@/components/ui/use-problem-text";
import { FreshnessRules } from "@/components/alerts/freshness-rules";
import { ArrivalRules } from "@/components/alerts/arrival-rules";
import { deleteChannelRequest, digestChannelRequest, testChannelRequest, useChannels, useRefreshAlerts } from "@/lib/alerts/client";
import { eventKey } from "@/lib/alerts/constants";
import { CHANNEL_PAGE_SIZES, channelListBase as channelList } from "@/lib/alerts/lists";
import type { AlertChannelView } from "@/lib/alerts/schemas";
import { useListState } from "@/lib/list/client";

// The channel form (react-hook-form and the handlers' schema) loads when it opens, not with the page.
const ChannelForm = dynamic(() => import("@/components/alerts/channel-form").then((m) => m.ChannelForm));

const SKELETON_CELLS = ["w-32", "w-20", "flex-1", "w-32", "w-16"] as const;

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
  const languages = useTranslations("languages");
  const problemText = useProblemText();
  const { refreshLog, refreshChannels } = useRefreshAlerts();
  const [channelState, updateChannels] = useListState(channelList);
  const channels = useChannels(channelState);
  const { data } = channels;
  const [, updateDeliveries] = useDeliveryList();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AlertChannelView | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const reason = canManage ? null : t("onlyAdmins");

  // A test and a digest sent now both land in the log, filtered to their channel.
  const send = useCallback(
    async (channel: AlertChannelView, what: "test" | "digest") => {
      setPending(`${what}:${channel.id}`);
      try {
        await (what === "test" ? testChannelRequest : digestChannelRequest)(channel.id);
        toast.success(t(what === "test" ? "toast.testQueued" : "toast.digestQueued", { name: channel.name }));
        updateDeliveries({ channel: channel.id, status: undefined });
        await refreshLog();
      } catch (err) {
        toast.error(t("toast.failed", { reason: problemText(err) }));
      } finally {
        setPending(null);
      }
    },
    [t, problemText, updateDeliveries, refreshLog],
  );

  const columns = useMemo<ListColumn<AlertChannelView>[]>(() => {
    const column = listColumns<AlertChannelView, "name" | "kind" | "target" | "events" | "delivery" | "language" | "enabled" | "actions">(t, "channels.");
    return [
      column("name", (c) => c.name, { className: "font-medium" }),
      column("kind", (c) => t(`kinds.${c.kind}`)),
      column("target", (c) => <span data-testid="alert-channel-target">{c.target}</span>, { className: "break-all font-mono text-xs" }),
      column("events", (c) => c.events.map((e) => t(`eventsShort.${eventKey(e)}`)).join(", ")),
      column("delivery", (c) => <span data-testid="alert-channel-delivery">{t(`channels.deliveryModes.${c.delivery.mode}`, { time: c.delivery.time ?? "" })}</span>),
      column("language", (c) => <span data-testid="alert-channel-language">{languages(c.language)}</span>),
      column("enabled", (c) => (c.enabled ? t("channels.on") : t("channels.off"))),
      column("actions", (c) => (
        <div className="flex flex-wrap gap-2">
          <GatedButton testId="alert-channel-test" disabledReason={reason} showReason={false} pending={pending === `test:${c.id}`} onClick={() => void send(c, "test")}>
            <span aria-hidden="true">{pending === `test:${c.id}` ? t("channels.testing") : t("channels.test")}</span>
            <span className="sr-only">{t("channels.testFor", { name: c.name })}</span>
          </GatedButton>
          {c.delivery.mode === "immediate" ? null : (
            <GatedButton testId="alert-channel-digest" disabledReason={reason} showReason={false} pending={pending === `digest:${c.id}`} onClick={() => void send(c, "digest")}>
              <span aria-hidden="true">{pending === `digest:${c.id}` ? t("channels.digestSending") : t("channels.digestNow")}</span>
              <span className="sr-only">{t("channels.digestNowFor", { name: c.name })}</span>
            </GatedButton>
          )}
          <GatedButton testId="alert-channel-edit" disabledReason={reason} showReason={false} onClick={() => setEditing({ mode: "edit", channel: c })}>
            <span aria-hidden="true">{t("channels.edit")}</span>
            <span className="sr-only">{t("channels.editFor", { name: c.name })}</span>
          </GatedButton>
          <GatedButton testId="alert-channel-delete" variant="danger" disabledReason={reason} showReason={false} onClick={() => setDeleting(c)}>
            <span aria-hidden="true">{t("channels.delete")}</span>
            <span className="sr-only">{t("channels.deleteFor", { name: c.name })}</span>
          </GatedButton>
        </div>
      )),
    ];
  }, [t, languages, reason, pending, send]);

  const confirmDelete = async () => {
    if (!deleting) return;
    setPending(deleting.id);
    try {
      await deleteChannelRequest(deleting.id);
      toast.success(t("toast.deleted", { name: deleting.name }));
      setDeleting(null);
      setDeleteFailure(null);
      updateDeliveries({ channel: undefined });
      await Promise.all([refreshChannels(), refreshLog()]);
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
              void refreshChannels();
            }}
          />
        ) : null}

        <ResourceList
          testId="alert-channels"
          errorMessages="alerts.channels"
          texts={listTexts(t, "channels.", { emptyTitle: t("channels.empty"), noMatchTitle: t("channels.empty") })}
          query={channels}
          compact
          skeleton={{ rows: 2, cells: SKELETON_CELLS }}
          paging={{
            messages: "alerts.pagination",
            label: t("channels.pagesLabel"),
            state: channelState,
            sizes: CHANNEL_PAGE_SIZES,
            update: updateChannels,
            testId: "alert-channels-pagination",
            onlyWhenPaged: true,
          }}
          table={{ columns, rowId: (c) => c.id, caption: t("channels.caption"), testId: "alert-channels", rowTestId: "alert-channel-row", rowProps: (c) => ({ "data-channel-name": c.name }) }}
        />
      </section>

      <FreshnessRules canManage={canManage} />

      <ArrivalRules canManage={canManage} />

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
