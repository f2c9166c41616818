import { linkClass } from "@/components/erp/styles";
import { NotFoundSection } from "@/components/ui/not-found-section";

export default function RunNotFound() {
  return <NotFoundSection messages="erp.run.notFound" testId="run-not-found" back="/erp" backClassName={`${linkClass} mt-6 inline-block`} />;
}
