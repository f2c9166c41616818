"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { toast } from "sonner";
import { buttonClass, cardClass } from "@/components/ui/styles";
import { updateMemberRequest } from "@/lib/team/api-client";
import { useTeam } from "@/lib/team/use-team";
import { AddMemberForm } from "./add-member-form";
import { MembersTable, type ApplyChange } from "./members-table";
import { useTeamProblemText } from "./use-problem-text";

const MANAGE_REASON_ID = "team-manage-reason";

export function TeamManager({ currentMemberId, canManage }: { currentMemberId: number; canManage: boolean }) {
  const t = useTranslations("team");
  const tRoles = useTranslations("roles");
  const problemText = useTeamProblemText();
  const { data: members, error, isLoading, isValidating, mutate } = useTeam();

  const applyChange = useCallback<ApplyChange>(
    async (member, body) => {
      try {
        const updated = await updateMemberRequest(member.id, body);
        if (body.role !== undefined) toast.success(t("toast.roleChanged", { name: updated.name, role: tRoles(updated.role) }));
        else if (body.active !== undefined) toast.success(t(updated.active ? "toast.reactivated" : "toast.deactivated", { name: updated.name }));
        return true;
      } catch (err) {
        toast.error(t("toast.failed", { reason: problemText(err) }));
        return false;
      } finally {
        // Also after a refusal: someone else may have changed the team meanwhile.
        await mutate();
      }
    },
    [mutate, problemText, t, tRoles],
  );

  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <p className="max-w-3xl text-sm text-slate-700 dark:text-slate-200">{t("roleHelp")}</p>
        {!canManage ? (
          <p
            id={MANAGE_REASON_ID}
            data-testid="team-manage-reason"
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            {t("onlyAdmins")}
          </p>
        ) : null}
      </div>

      <section aria-labelledby="team-members-heading" className="space-y-3">
        <h2 id="team-members-heading" className="text-lg font-semibold">
          {t("membersHeading")}
        </h2>
        {members ? (
          <>
            {error ? (
              <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
                <span>{t("table.staleError")}</span>
                <button type="button" className={buttonClass.secondary} disabled={isValidating} onClick={() => void mutate()}>
                  {t("table.retry")}
                </button>
              </div>
            ) : null}
            <MembersTable
              members={members}
              currentMemberId={currentMemberId}
              canManage={canManage}
              manageReasonId={canManage ? undefined : MANAGE_REASON_ID}
              onChange={applyChange}
            />
          </>
        ) : error ? (
          <div role="alert" data-testid="team-load-error" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            <p className="font-medium">{t("table.loadError")}</p>
            <p className="mt-1">{problemText(error)}</p>
            <button type="button" className={`${buttonClass.secondary} mt-3`} disabled={isValidating} onClick={() => void mutate()}>
              {t("table.retry")}
            </button>
          </div>
        ) : isLoading ? (
          <p role="status" className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
            {t("table.loading")}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="add-member-heading" className={cardClass}>
        <h2 id="add-member-heading" className="mb-4 text-lg font-semibold">
          {t("form.title")}
        </h2>
        <AddMemberForm disabled={!canManage} disabledReasonId={canManage ? undefined : MANAGE_REASON_ID} onAdded={() => mutate()} />
      </section>
    </div>
  );
}
