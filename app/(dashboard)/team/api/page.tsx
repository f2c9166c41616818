import { getTranslations } from "next-intl/server";
import { ApiReference } from "@/components/keys/api-reference";
import { PageHeader } from "@/components/ui/page-header";
import { memberPageTitle } from "@/lib/auth/page-title";
import { requirePageMember } from "@/lib/auth/session";
import { openApiDocument } from "@/lib/openapi/document";
import { referenceSections } from "@/lib/openapi/reference";

export const generateMetadata = memberPageTitle("apiReference", "title");

export default async function Page() {
  await requirePageMember();
  const t = await getTranslations("apiReference");
  return (
    <section data-testid="api-reference-page">
      <PageHeader title={t("title")} description={t("description")} />
      <ApiReference sections={referenceSections(openApiDocument())} />
    </section>
  );
}
