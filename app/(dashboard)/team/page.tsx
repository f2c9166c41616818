import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TeamManager } from "@/components/team/team-manager";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { requirePageMember } from "@/lib/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  await requirePageMember();
  return { title: (await getTranslations("nav"))("team") };
}

export default async function Page() {
  const member = await requirePageMember();
  const t = await getTranslations("team");
  return (
    <section data-testid="team-page">
      <PageHeader title={t("title")} description={t("description")} />
      <TeamManager currentMemberId={member.id} canManage={can(member.role, "team.manage")} />
    </section>
  );
}
