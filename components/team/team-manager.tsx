"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { toast } from "@/components/ui/toast";
import { SWRConfig } from "swr";
import { listTexts, ResourceList } from "@/components/data-table/resource-list";
import { buttonClass, cardClass } from "@/components/ui/styles";
import { useListState, type Keyed } from "@/lib/list/client";
import { updateMemberRequest, useTeam } from "@/lib/team/client";
import { TEAM_PAGE_SIZES, teamListBase as teamList } from "@/lib/team/lists";
import type { TeamList } from "@/lib/team/schemas";
import { AddMemberForm } from "@/components/team/add-member-form";
import { MembersTable, type ApplyChange } from "@/components/team/members-table";
import { useTeamProblemText } from "@/components/team/use-problem-text";

const MANAGE_REASON_ID = "team-manage-reason";
const SKELETON_CELLS = ["w-32", "flex-1", "w-32", "w-24", "w-24", "w-32"] as const;

interface TeamProps {
  currentMemberId: number;
  canManage: boolean;
}

export function TeamManager({ fallback, ...props }: TeamProps & { fallback: Record<string, Keyed<TeamList>> }) {
  return (
    <SWRConfig value={{ fallback }}>
      <Team {...props} />
    </SWRConfig>
  );
}

function Team({ currentMemberId, canManage }: TeamProps) {
  const t = useTranslations("team");
  const tRoles = useTranslations("roles");
  const problemText = useTeamProblemText();
  const [state, update] = useListState(teamList);
  const { data, error, isValidating, mutate, stale } = useTeam(state);

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
        {data && error ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
            <span>{t("table.staleError")}</span>
            <button type="button" className={buttonClass.secondary} disabled={isValidating} onClick={() => void mutate()}>
              {t("table.retry")}
            </button>
          </div>
        ) : null}
        <ResourceList
          testId="team-load"
          errorMessages="team.table"
          texts={listTexts(t, "table.", { emptyTitle: t("table.empty"), noMatchTitle: t("table.empty"), pageEmptyTitle: t("table.pageEmpty") })}
          query={{ data, error: data ? undefined : error, stale, mutate }}
          compact
          skeleton={{ rows: 3, cells: SKELETON_CELLS }}
          errorDetail={error ? <p className="mt-1">{problemText(error)}</p> : null}
          paging={{ messages: "team.pagination", state, sizes: TEAM_PAGE_SIZES, update, onlyWhenPaged: true }}
        >
          <MembersTable
            members={data?.items ?? []}
            currentMemberId={currentMemberId}
            canManage={canManage}
            manageReasonId={canManage ? undefined : MANAGE_REASON_ID}
            onChange={applyChange}
          />
        </ResourceList>
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
