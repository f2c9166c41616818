import { getTranslations } from "next-intl/server";
import { TeamManager } from "@/components/team/team-manager";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { buttonClass } from "@/components/ui/styles";
import { can } from "@/lib/auth/roles";
import { requirePageMember } from "@/lib/auth/session";
import { db } from "@/lib/store";
import { prefetchPages } from "@/lib/list/prefetch";
import { teamList } from "@/lib/team/schemas";
import { listTeamPage } from "@/lib/team/service";
import { memberPageTitle } from "@/lib/auth/page-title";

export const generateMetadata = memberPageTitle("nav", "team");

// The first page comes with the HTML; when it cannot be read here, the client asks and shows the error.
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const member = await requirePageMember();
  const t = await getTranslations("team");
  const state = teamList.load(await searchParams);
  const fallback = await prefetchPages("team list", { [teamList.key(state)]: async () => listTeamPage(await db(), state) });
  return (
    <section data-testid="team-page">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          can(member.role, "keys.manage") ? (
            <Link href="/team/keys" className={buttonClass.secondary}>
              {(await getTranslations("apiKeys"))("link")}
            </Link>
          ) : undefined
        }
      />
      <TeamManager fallback={fallback} currentMemberId={member.id} canManage={can(member.role, "team.manage")} />
    </section>
  );
}
