"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { ScrollTable } from "@/components/data-table/scroll-table";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { buttonClass, selectClass } from "@/components/ui/styles";
import { ROLES, type Role } from "@/lib/store/schema";
import type { TeamMember, UpdateMemberBody } from "@/lib/team/schemas";

const COLUMNS = ["name", "email", "role", "status", "signIn", "actions"] as const;

export type ApplyChange = (member: TeamMember, body: UpdateMemberBody) => Promise<boolean>;

interface Confirming {
  member: TeamMember;
  active: boolean;
}

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

  const confirm = async () => {
    if (!confirming) return;
    setConfirmPending(true);
    const ok = await onChange(confirming.member, { active: confirming.active });
    setConfirmPending(false);
    if (ok) setConfirming(null);
  };

  return (
    <>
      <ScrollTable label={t("table.caption")}>
        <table className="min-w-full divide-y max-sm:min-w-[48rem] divide-slate-200 bg-white text-left text-sm dark:divide-slate-700 dark:bg-slate-900" data-testid="team-table">
          <caption id="team-members-caption" className="sr-only">
            {t("table.caption")}
          </caption>
          <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-4 py-3 font-semibold">
                  {t(`table.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
            {members.map((m) => (
              <MemberRow
                key={m.id}
                member={m}
                isSelf={m.id === currentMemberId}
                canManage={canManage}
                manageReasonId={manageReasonId}
                onSaveRole={(role) => onChange(m, { role })}
                onToggleActive={() => setConfirming({ member: m, active: !m.active })}
                roleLabel={(r) => tRoles(r)}
              />
            ))}
          </tbody>
        </table>
      </ScrollTable>
      <ConfirmDialog
        open={confirming !== null}
        tone={confirming?.active ? "default" : "danger"}
        size="md"
        pending={confirmPending}
        title={
          confirming
            ? t(confirming.active ? "confirm.reactivateTitle" : "confirm.deactivateTitle", { name: confirming.member.name })
            : ""
        }
        description={
          confirming ? (
            <p>
              {t(confirming.active ? "confirm.reactivateBody" : "confirm.deactivateBody", {
                name: confirming.member.name,
                email: confirming.member.email,
                role: tRoles(confirming.member.role),
              })}
            </p>
          ) : null
        }
        confirmLabel={confirming?.active ? t("table.reactivate") : t("table.deactivate")}
        cancelLabel={t("confirm.cancel")}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

function MemberRow({
  member,
  isSelf,
  canManage,
  manageReasonId,
  onSaveRole,
  onToggleActive,
  roleLabel,
}: {
  member: TeamMember;
  isSelf: boolean;
  canManage: boolean;
  manageReasonId?: string;
  onSaveRole: (role: Role) => Promise<boolean>;
  onToggleActive: () => void;
  roleLabel: (role: Role) => string;
}) {
  const t = useTranslations("team");
  const [draft, setDraft] = useState<Role | null>(null);
  const [saving, setSaving] = useState(false);
  const selfReasonId = `member-${member.id}-self-reason`;
  const locked = !canManage || isSelf;
  const describedBy = !canManage ? manageReasonId : isSelf ? selfReasonId : undefined;
  const role = draft ?? member.role;

  const save = async () => {
    if (draft === null || draft === member.role) return;
    setSaving(true);
    const ok = await onSaveRole(draft);
    setSaving(false);
    if (ok) setDraft(null);
  };

  return (
    <tr data-testid={`member-row-${member.id}`} className={member.active ? undefined : "bg-slate-50 dark:bg-slate-950"}>
      <th scope="row" className="px-4 py-3 font-medium">
        {member.name}
        {isSelf ? <span className="ml-1 font-normal text-slate-600 dark:text-slate-300">{t("table.you")}</span> : null}
      </th>
      <td className="px-4 py-3 break-all max-sm:break-normal">{member.email}</td>
      <td className="px-4 py-3">
        <div className="flex items-center gap-2">
          <select
            aria-label={t("table.roleFor", { name: member.name })}
            aria-describedby={describedBy}
            className={`min-w-32 ${selectClass}`}
            value={role}
            disabled={locked || saving}
            onChange={(e) => setDraft(e.target.value as Role)}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
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
      </td>
      <td className="px-4 py-3">
        <span
          className={
            member.active
              ? "inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900 dark:bg-green-900/50 dark:text-green-100"
              : "inline-block rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100"
          }
        >
          {member.active ? t("table.active") : t("table.deactivated")}
        </span>
      </td>
      <td className="px-4 py-3">{member.hasPassword ? t("table.password") : t("table.sso")}</td>
      <td className="px-4 py-3">
        <button
          type="button"
          className={member.active ? buttonClass.danger : buttonClass.secondary}
          aria-label={member.active ? t("table.deactivateFor", { name: member.name }) : t("table.reactivateFor", { name: member.name })}
          aria-describedby={describedBy}
          disabled={locked || saving}
          onClick={onToggleActive}
        >
          {member.active ? t("table.deactivate") : t("table.reactivate")}
        </button>
        {isSelf && canManage ? (
          <p id={selfReasonId} className="mt-1 max-w-56 text-xs text-slate-600 dark:text-slate-300">
            {t("selfRow")}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
