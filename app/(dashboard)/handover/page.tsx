import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HandoverWriter } from "@/components/home/handover";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { requirePageMember } from "@/lib/auth/session";
import { handoverChannels } from "@/lib/home/handover-service";

export async function generateMetadata(): Promise<Metadata> {
  await requirePageMember();
  return { title: (await getTranslations("home.handover"))("title") };
}

export default async function Page() {
  const member = await requirePageMember();
  const canWrite = can(member.role, "erp.run");
  const t = await getTranslations("home.handover");
  return (
    <section data-testid="handover-page" className="space-y-6">
      <PageHeader title={t("title")} description={t("description")} />
      <HandoverWriter canWrite={canWrite} channels={canWrite ? await handoverChannels() : []} />
    </section>
  );
}
