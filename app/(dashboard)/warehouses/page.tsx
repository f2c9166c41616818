import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PlaceholderPage } from "@/components/ui/placeholder-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("warehouses") };
}

export default function Page() {
  return <PlaceholderPage section="warehouses" />;
}
