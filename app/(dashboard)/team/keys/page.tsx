import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { KeysManager } from "@/components/keys/keys-manager";
import { linkClass } from "@/components/ui/styles";
import { PageHeader } from "@/components/ui/page-header";
import { NotAllowed } from "@/components/warehouses/not-allowed";
import { can } from "@/lib/auth/roles";
import { memberPageTitle } from "@/lib/auth/page-title";
import { requirePageMember } from "@/lib/auth/session";

export const generateMetadata = memberPageTitle("apiKeys", "title");

export default async function Page() {
  const member = await requirePageMember();
  const t = await getTranslations("apiKeys");
  const reference = await getTranslations("apiReference");
  return (
    <section data-testid="keys-page">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Link className={linkClass} href="/team/api" data-testid="api-reference-link">
            {reference("link")}
          </Link>
        }
      />
      {can(member.role, "keys.manage") ? <KeysManager /> : <NotAllowed reason={t("onlyAdmins")} />}
    </section>
  );
}
