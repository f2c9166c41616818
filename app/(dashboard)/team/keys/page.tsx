import { getTranslations } from "next-intl/server";
import { KeysManager } from "@/components/keys/keys-manager";
import { PageHeader } from "@/components/ui/page-header";
import { NotAllowed } from "@/components/warehouses/not-allowed";
import { can } from "@/lib/auth/roles";
import { memberPageTitle } from "@/lib/auth/page-title";
import { requirePageMember } from "@/lib/auth/session";

export const generateMetadata = memberPageTitle("apiKeys", "title");

export default async function Page() {
  const member = await requirePageMember();
  const t = await getTranslations("apiKeys");
  return (
    <section data-testid="keys-page">
      <PageHeader title={t("title")} description={t("description")} />
      {can(member.role, "keys.manage") ? <KeysManager /> : <NotAllowed reason={t("onlyAdmins")} />}
    </section>
  );
}
