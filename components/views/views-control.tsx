"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { toast } from "@/components/ui/toast";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { MenuButton, type MenuItem } from "@/components/ui/menu";
import { buttonClass } from "@/components/ui/styles";
import { useProblemText } from "@/components/ui/use-problem-text";
import { createViewRequest, deleteViewRequest, setDefaultViewRequest, updateViewRequest, useSavedViews } from "@/lib/views/client";
import { stateViewQuery, viewHref, type SavedViewList } from "@/lib/views/lists";
import type { SavedView } from "@/lib/views/schemas";
import { CopyLinkDialog } from "@/components/views/copy-link-dialog";
import type { ViewNameResult } from "@/components/views/view-name-dialog";

// The naming dialog (and the name schema it checks with) loads after the list, not with it.
const ViewNameDialog = dynamic(() => import("@/components/views/view-name-dialog").then((m) => m.ViewNameDialog), { ssr: false });

type Dialogs = { kind: "create" } | { kind: "rename"; view: SavedView } | { kind: "delete"; view: SavedView } | null;

export function ViewsControl({ list, state, hidden }: { list: SavedViewList; state: object; hidden?: readonly string[] }) {
  const t = useTranslations("views");
  const problemText = useProblemText();
  const { data, error, mutate } = useSavedViews(list);
  const current = useMemo(() => stateViewQuery(list, state, hidden), [list, state, hidden]);
  const views = useMemo(() => data?.items ?? [], [data]);
  const canPublish = data?.canPublish ?? false;

  // The view in use: the one whose query the list shows, else the last one picked or saved here (now changed).
  const [picked, setPicked] = useState<string | null>(null);
  const matching = views.filter((v) => v.query === current);
  const matched = matching.find((v) => v.id === picked) ?? matching[0];
  if (matched && matched.id !== picked) setPicked(matched.id);
  const active = matched ?? views.find((v) => v.id === picked) ?? null;
  const changed = active !== null && active.query !== current;

  const [dialog, setDialog] = useState<Dialogs>(null);
  const [pending, setPending] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const [linkShown, setLinkShown] = useState<string | null>(null);

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
    } catch (err) {
      toast.error(t("toast.failed", { reason: problemText(err) }));
    } finally {
      void mutate();
    }
  };

  const copyLink = async (path: string) => {
    const url = `${window.location.origin}${path}`;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t("toast.copied"));
    } catch {
      setLinkShown(url);
    }
  };

  const itemLabel = (v: SavedView) => t("itemLabel", { name: v.name, team: v.shared ? "yes" : "no", isDefault: data?.defaultId === v.id ? "yes" : "no" });

  const items: MenuItem[] = [];
  if (error) {
    items.push(
      { kind: "action", key: "failed", label: t("title"), onSelect: () => undefined, disabledReason: t("loadFailed", { reason: problemText(error) }) },
      { kind: "action", key: "retry", label: t("retry"), onSelect: () => void mutate() },
    );
  } else if (!data) {
    items.push({ kind: "action", key: "loading", label: t("title"), onSelect: () => undefined, disabledReason: t("loading") });
  } else if (data && views.length === 0) {
    items.push({ kind: "action", key: "empty", label: t("empty"), onSelect: () => undefined, disabledReason: t("emptyReason") });
  }
  for (const v of views) items.push({ kind: "link", key: v.id, label: itemLabel(v), href: v.href });
  items.push({ kind: "action", key: "save-as", label: t("actions.saveAs"), onSelect: () => setDialog({ kind: "create" }) });

  if (active) {
    const name = active.name;
    const editReason = active.editable ? null : t("reasons.editTeam");
    const isDefault = data?.defaultId === active.id;
    items.push(
      {
        kind: "action",
        key: "update",
        label: t("actions.update", { name }),
        disabledReason: editReason ?? (changed ? null : t("reasons.unchanged")),
        onSelect: () => void run(() => updateViewRequest(active.id, { query: current }), t("toast.updated", { name })),
      },
      { kind: "action", key: "rename", label: t("actions.rename", { name }), disabledReason: editReason, onSelect: () => setDialog({ kind: "rename", view: active }) },
      {
        kind: "action",
        key: "default",
        label: isDefault ? t("actions.clearDefault", { name }) : t("actions.setDefault", { name }),
        onSelect: () =>
          void run(
            () => setDefaultViewRequest(list, isDefault ? null : active.id),
            isDefault ? t("toast.defaultCleared") : t("toast.defaultSet", { name }),
          ),
      },
      {
        kind: "action",
        key: "publish",
        label: active.shared ? t("actions.unpublish", { name }) : t("actions.publish", { name }),
        disabledReason: canPublish ? editReason : t("reasons.publishRole"),
        onSelect: () =>
          void run(
            () => updateViewRequest(active.id, { shared: !active.shared }),
            active.shared ? t("toast.unpublished", { name }) : t("toast.published", { name }),
          ),
      },
      { kind: "action", key: "copy", label: t("actions.copyLink", { name }), onSelect: () => void copyLink(active.href) },
      {
        kind: "action",
        key: "delete",
        label: t("actions.delete", { name }),
        tone: "danger",
        disabledReason: editReason,
        onSelect: () => {
          setDeleteFailure(null);
          setDialog({ kind: "delete", view: active });
        },
      },
    );
  } else {
    items.push({ kind: "action", key: "copy", label: t("actions.copyCurrent"), onSelect: () => void copyLink(viewHref(list, current)) });
  }

  const trigger = active ? (changed ? t("triggerChanged", { name: active.name }) : t("triggerActive", { name: active.name })) : t("trigger");

  const onName = async ({ name, isDefault, shared }: ViewNameResult) => {
    if (dialog?.kind === "rename") {
      await updateViewRequest(dialog.view.id, { name });
      toast.success(t("toast.renamed", { name }));
    } else {
      const view = await createViewRequest({ list, name, query: current, shared, isDefault });
      setPicked(view.id);
      toast.success(t("toast.saved", { name }));
    }
    setDialog(null);
    void mutate();
  };

  const onDelete = async (view: SavedView) => {
    setPending(true);
    try {
      await deleteViewRequest(view.id);
      setDialog(null);
      setPicked(null);
      toast.success(t("toast.deleted", { name: view.name }));
      void mutate();
    } catch (err) {
      setDeleteFailure(problemText(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <div data-testid="views-control" data-active-view={active?.id ?? ""} className="inline-flex">
      <MenuButton label={trigger} items={items} testId="views-menu" triggerClassName={`${buttonClass.secondary} max-w-72`}>
        <span className="truncate">{trigger}</span>
        <span aria-hidden="true">▾</span>
      </MenuButton>
      <ViewNameDialog
        open={dialog?.kind === "create" || dialog?.kind === "rename"}
        mode={dialog?.kind === "rename" ? "rename" : "create"}
        list={list}
        initialName={dialog?.kind === "rename" ? dialog.view.name : ""}
        canPublish={canPublish}
        onSubmit={onName}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog?.kind === "delete"}
        title={dialog?.kind === "delete" ? t("delete.title", { name: dialog.view.name }) : ""}
        description={dialog?.kind === "delete" ? (dialog.view.shared ? `${t("delete.body")} ${t("delete.bodyTeam")}` : t("delete.body")) : undefined}
        confirmLabel={t("delete.confirm")}
        cancelLabel={t("delete.cancel")}
        tone="danger"
        size="md"
        pending={pending}
        failure={deleteFailure}
        onConfirm={() => dialog?.kind === "delete" && void onDelete(dialog.view)}
        onCancel={() => setDialog(null)}
        testId="view-delete-dialog"
      />
      <CopyLinkDialog url={linkShown} onClose={() => setLinkShown(null)} />
    </div>
  );
}
