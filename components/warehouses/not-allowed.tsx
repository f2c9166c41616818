import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { alertClass, linkClass } from "@/components/ui/styles";

export async function NotAllowed({ reason }: { reason: string }) {
  const t = await getTranslations("warehouses");
  return (
    <div className={alertClass.warning} data-testid="not-allowed">
      <p className="font-medium">{reason}</p>
      <p className="mt-2 text-sm">
        <Link href="/warehouses" className={linkClass}>
          {t("detail.back")}
        </Link>
      </p>
    </div>
  );
}
