import { getTranslations } from "next-intl/server";
import { HomeActions } from "@/components/home/home-actions";
import { HomeView } from "@/components/home/home-view";
import { PinnedHandover } from "@/components/home/handover";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageMember } from "@/lib/auth/session";
import DashboardLayout from "@/app/(dashboard)/layout";
import { memberPageTitle } from "@/lib/auth/page-title";

// The home page: a read-only overview every member may see; each tile loads (and fails) on its own.
export const generateMetadata = memberPageTitle("nav", "home");

export default async function Home() {
  const member = await requirePageMember();
  const t = await getTranslations("home");
  return (
    <DashboardLayout>
      <section data-testid="home-page">
        <PageHeader title={t("title")} description={t("description")} />
        <div className="mb-6">
          <PinnedHandover />
        </div>
        <HomeActions role={member.role} />
        <HomeView />
      </section>
    </DashboardLayout>
  );
}
