"use client";

import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { listColumns, ListTable, type ListColumn } from "@/components/data-table/list-table";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { buttonClass, selectClass } from "@/components/ui/styles";
import { ROLES, type Role } from "@/lib/auth/roles";
import type { TeamMember, UpdateMemberBody } from "@/lib/team/schemas";
import { Select } from "@/components/ui/select";

const selfReasonId = (member: TeamMember) => `member-${member.id}-self-reason`;

export type ApplyChange = (member: TeamMember, body: UpdateMemberBody) => Promise<boolean>;

type Confirming = { member: TeamMember; active: boolean } | { member: TeamMember; role: Role; settle: (ok: boolean) => void };

export function MembersTable({
  members,
  currentMemberId,
  canManage,
  manageReasonId,
  onChange,
}: {
  members: TeamMember[];
  currentMemberId: number;
  canManage: boolean;
  manageReasonId?: string;
  onChange: ApplyChange;
}) {
  const t = useTranslations("team");
  const tRoles = useTranslations("roles");
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [confirmPending, setConfirmPending] = useState(false);

  // The row whose role is being saved: its controls wait for the answer.
  const [saving, setSaving] = useState<number | null>(null);
  const saveRole = useCallback(
    async (member: TeamMember, role: Role) => {
      if (member.role === "admin" && role !== "admin" && member.liveKeys > 0) {
        return new Promise<boolean>((settle) => setConfirming({ member, role, settle }));
      }
      setSaving(member.id);
      const ok = await onChange(member, { role });
      setSaving(null);
      return ok;
    },
    [onChange],
  );

  const columns = useMemo<ListColumn<TeamMember>[]>(() => {
    const column = listColumns<TeamMember, "name" | "email" | "role" | "status" | "signIn" | "actions">(t, "table.");
    return [
      column(
        "name",
        (m) => (
          <>
            {m.name}
            {m.id === currentMemberId ? <span className="ml-1 font-normal text-slate-600 dark:text-slate-300">{t("table.you")}</span> : null}
          </>
        ),
        { rowHeader: true },
      ),
      column("email", (m) => m.email, { className: "break-all max-sm:break-normal" }),
      column("role", (m) => (
        <MemberControls
          member={m}
          isSelf={m.id === currentMemberId}
          canManage={canManage}
          manageReasonId={manageReasonId}
          saving={saving === m.id}
          onSaveRole={(role) => saveRole(m, role)}
          roleLabel={(r) => tRoles(r)}
        />
      )),
      column("status", (m) => (
        <span
          className={
            m.active
              ? "inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900 dark:bg-green-900/50 dark:text-green-100"
              : "inline-block rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100"
          }
        >
          {m.active ? t("table.active") : t("table.deactivated")}
        </span>
      )),
      column("signIn", (m) => (m.hasPassword ? t("table.password") : t("table.sso"))),
      column("actions", (m) => {
        const isSelf = m.id === currentMemberId;
        return (
          <>
            <button
              type="button"
              className={m.active ? buttonClass.danger : buttonClass.secondary}
              aria-label={m.active ? t("table.deactivateFor", { name: m.name }) : t("table.reactivateFor", { name: m.name })}
              aria-describedby={!canManage ? manageReasonId : isSelf ? selfReasonId(m) : undefined}
              disabled={!canManage || isSelf || saving === m.id}
              onClick={() => setConfirming({ member: m, active: !m.active })}
            >
              {m.active ? t("table.deactivate") : t("table.reactivate")}
            </button>
            {isSelf && canManage ? (
              <p id={selfReasonId(m)} className="mt-1 max-w-56 text-xs text-slate-600 dark:text-slate-300">
                {t("selfRow")}
              </p>
            ) : null}
          </>
        );
      }),
    ];
  }, [t, tRoles, currentMemberId, canManage, manageReasonId, saving, saveRole]);

  const confirm = async () => {
    if (!confirming) return;
    setConfirmPending(true);
    const ok = await onChange(confirming.member, "role" in confirming ? { role: confirming.role } : { active: confirming.active });
    setConfirmPending(false);
    if ("role" in confirming) {
      confirming.settle(ok);
      setConfirming(null);
    } else if (ok) setConfirming(null);
  };
  const cancel = () => {
    if (confirming && "role" in confirming) confirming.settle(false);
    setConfirming(null);
  };

  const demoting = confirming && "role" in confirming ? confirming : null;
  const reactivating = confirming !== null && !demoting && "active" in confirming && confirming.active;
  const keysNote = confirming && !reactivating && confirming.member.liveKeys > 0 ? <p>{t("confirm.keysRevoked", { count: confirming.member.liveKeys })}</p> : null;

  return (
    <>
      <ListTable
        columns={columns}
        rows={members}
        rowId={(m) => String(m.id)}
        caption={t("table.caption")}
        testId="team-table"
        rowProps={(m) => ({ "data-testid": `member-row-${m.id}` })}
        rowClassName={(m) => (m.active ? "" : "bg-slate-50 dark:bg-slate-950")}
      />
      <ConfirmDialog
        open={confirming !== null}
        tone={reactivating ? "default" : "danger"}
        size="md"
        pending={confirmPending}
        title={
          demoting
            ? t("confirm.demoteTitle", { name: demoting.member.name, role: tRoles(demoting.role) })
            : confirming
              ? t(reactivating ? "confirm.reactivateTitle" : "confirm.deactivateTitle", { name: confirming.member.name })
              : ""
        }
        description={
          confirming ? (
            <>
              <p>
                {demoting
                  ? t("confirm.demoteBody", { name: demoting.member.name, email: demoting.member.email, role: tRoles(demoting.role) })
                  : t(reactivating ? "confirm.reactivateBody" : "confirm.deactivateBody", {
                      name: confirming.member.name,
                      email: confirming.member.email,
                      role: tRoles(confirming.member.role),
                    })}
              </p>
              {keysNote}
            </>
          ) : null
        }
        confirmLabel={demoting ? t("table.saveRole") : reactivating ? t("table.reactivate") : t("table.deactivate")}
        cancelLabel={t("confirm.cancel")}
        onConfirm={() => void confirm()}
        onCancel={cancel}
      />
    </>
  );
}

/** The role picker and its save button; the draft role is the row's own until saved. */
function MemberControls({
  member,
  isSelf,
  canManage,
  manageReasonId,
  saving,
  onSaveRole,
  roleLabel,
}: {
  member: TeamMember;
  isSelf: boolean;
  canManage: boolean;
  manageReasonId?: string;
  saving: boolean;
  onSaveRole: (role: Role) => Promise<boolean>;
  roleLabel: (role: Role) => string;
}) {
  const t = useTranslations("team");
  const [draft, setDraft] = useState<Role | null>(null);
  const locked = !canManage || isSelf;
  const describedBy = !canManage ? manageReasonId : isSelf ? selfReasonId(member) : undefined;
  const role = draft ?? member.role;

  const save = async () => {
    if (draft === null || draft === member.role) return;
    if (await onSaveRole(draft)) setDraft(null);
  };

  return (
    <div className="flex items-center gap-2">
      <Select
        aria-label={`${t("table.roleFor", { name: member.name })}: ${roleLabel(role)}`}
        aria-describedby={describedBy}
        className={`min-w-32 ${selectClass}`}
        value={role}
        disabled={locked || saving}
        onValueChange={(v) => setDraft(v as Role)}
        options={ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
      />
      <button
        type="button"
        className={buttonClass.secondary}
        aria-label={t("table.saveRoleFor", { name: member.name })}
        aria-describedby={describedBy}
        disabled={locked || saving || draft === null || draft === member.role}
        aria-busy={saving || undefined}
        onClick={() => void save()}
      >
        {t("table.saveRole")}
      </button>
    </div>
  );
}
