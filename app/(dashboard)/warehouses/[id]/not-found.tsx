import { NotFoundSection } from "@/components/ui/not-found-section";
import { buttonClass } from "@/components/ui/styles";

export default function WarehouseNotFound() {
  return <NotFoundSection messages="warehouses.notFound" testId="warehouse-not-found" back="/warehouses" backClassName={`${buttonClass.primary} mt-6`} />;
}
